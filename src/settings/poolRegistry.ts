/**
 * Where the settings find the pools of a disaggregated cluster at their own
 * TP or over a named link (`pools.ts`, which registers itself when imported).
 * The CLI, the workers and the tests import it up front; the page loads it
 * only when a setting asks for a pool's TP or a link, so its first JavaScript
 * stays small. Without those settings the pools are what they were before
 * per-pool TP (both at `tp`, the server's own link), which needs no module.
 */
import type { ServerProfile } from '../engine/types';
import { disaggregatedOn, poolSettingsSet } from './poolFields';
import type { Pools, poolsOf } from './pools';
import type { Settings } from './schema';

/** What the settings say while `pools.ts` is still loading (the page sends the run to its worker meanwhile). */
export const POOLS_LOADING = 'loading the per-pool settings';

let impl: typeof poolsOf | null = null;

/** Called by `pools.ts` when it loads. */
export function registerPools(f: typeof poolsOf): void {
  impl = f;
}

/** True when the settings need `pools.ts` and it has not loaded. */
export const poolsPending = (s: Settings): boolean => impl === null && poolSettingsSet(s);

/**
 * The pools of the settings on `main` (see `poolsOf`): from `pools.ts` once
 * it has loaded; before, the pools without settings of their own, or
 * `POOLS_LOADING` for those with.
 */
export function resolvePools(s: Settings, main: ServerProfile): ReturnType<typeof poolsOf> {
  if (impl) return impl(s, main);
  if (poolSettingsSet(s)) return { ok: false, param: s.prefillTp !== null ? 'prefill-tp' : s.decodeTp !== null ? 'decode-tp' : 'kv-link', message: POOLS_LOADING };
  return { ok: true, pools: poolsAtTp(s, main) };
}

/**
 * The pools when no setting of their own is set, as `poolsOf` makes them
 * (a test checks the two agree): none when colocated, else both at the
 * server's own TP (a hardware server's is `tp`; the lesson's and a custom
 * one's, their GPUs) over the server's own link.
 */
export function poolsAtTp(s: Settings, main: ServerProfile): Pools | null {
  if (!disaggregatedOn(s)) return null;
  const tp = s.server === 'hardware' ? s.tp : (main.gpus ?? 1);
  return { prefillTp: tp, decodeTp: tp };
}
