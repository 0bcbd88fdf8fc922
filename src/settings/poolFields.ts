/**
 * The settings of disaggregated pools beyond their GPU counts: each pool's
 * tensor-parallel degree and the named link their KV crosses. Fields,
 * defaults and schema rows, spliced into `schema.ts` (kept apart so the
 * other levers' rows there stay easy to merge).
 */
import { KV_LINK_IDS, type KvLinkId } from '../engine/levers/kvLinkIds';
import { autoNumberField } from './autoFields';
import { enumField } from './fields';
import type { ParamDef, Settings } from './schema';

/** Per-pool parallelism and the KV link. */
export interface PoolSettings {
  /** Disaggregated: GPUs of each prefill instance (its TP), or null for the same as `tp`. */
  prefillTp: number | null;
  /** Disaggregated: GPUs of each decode instance (its TP), or null for the same as `tp`. */
  decodeTp: number | null;
  /** Disaggregated: the link the KV crosses, or `auto` for the server's own (its GPUs' link; InfiniBand past one server). */
  kvLink: 'auto' | KvLinkId;
}

/** Defaults: both pools at `tp`, the server's own link (the lab before per-pool TP). */
export const POOL_DEFAULTS: Readonly<PoolSettings> = { prefillTp: null, decodeTp: null, kvLink: 'auto' };

/** A pool's TP as it runs: its own, else `tp`. */
export const poolTp = (s: Pick<Settings, 'tp'>, own: number | null): number => own ?? s.tp;

/** True when the settings split prefill and decode (either count set). */
export const disaggregatedOn = (s: Pick<Settings, 'prefillGpus' | 'decodeGpus'>): boolean => s.prefillGpus > 0 || s.decodeGpus > 0;

/** True when a setting of this file differs from its default. */
export const poolSettingsSet = (s: PoolSettings): boolean => s.prefillTp !== null || s.decodeTp !== null || s.kvLink !== 'auto';

const differs = <K extends keyof PoolSettings>(s: PoolSettings, k: K): PoolSettings[K] | undefined => (s[k] !== POOL_DEFAULTS[k] ? s[k] : undefined);
const row = <T>(d: ParamDef<T>): ParamDef<unknown> => d as ParamDef<unknown>;

/** The schema rows, in the order they apply. */
export const POOL_PARAMS: readonly ParamDef<unknown>[] = [
  row<number | null>({ key: 'prefillTp', flag: 'prefill-tp', kind: autoNumberField(1, 8, { integer: true }), apply: (s: Settings, v) => { s.prefillTp = v; }, emit: (s: Settings) => differs(s, 'prefillTp') }),
  row<number | null>({ key: 'decodeTp', flag: 'decode-tp', kind: autoNumberField(1, 8, { integer: true }), apply: (s: Settings, v) => { s.decodeTp = v; }, emit: (s: Settings) => differs(s, 'decodeTp') }),
  row<'auto' | KvLinkId>({ key: 'kvLink', flag: 'kv-link', kind: enumField(['auto', ...KV_LINK_IDS] as const), apply: (s: Settings, v) => { s.kvLink = v; }, emit: (s: Settings) => differs(s, 'kvLink') }),
];
