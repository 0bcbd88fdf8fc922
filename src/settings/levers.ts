/**
 * The levers the settings ask for, as the engine takes them, with the checks
 * that need more than one setting (both halves of a disaggregated cluster,
 * GPU counts in whole instances). Only levers that are on go in, so a
 * scenario with every lever off is the scenario it always was.
 */
import { MAX_INSTANCES } from '../engine/levers/config';
import type { Levers, ServerProfile, SpeculativeOptions } from '../engine/types';
import type { Settings } from './schema';
import { prefixCacheOn } from './prefixFields';
import type { Pools } from './pools';

/** The levers, or the setting (as its CLI option) that cannot run and why. */
export type LeversOutcome = { ok: true; levers: Levers | undefined } | { ok: false; param: string; message: string };

/**
 * Builds the engine's levers from the settings, for `server` (its GPUs per
 * instance and KV link); `speculative` is what `speculativeOf` made of the
 * speculative-decoding settings (undefined when off); `pools` what
 * `poolsOf` made of the pools' TP and link (null when colocated).
 */
export function leversOf(s: Settings, server: ServerProfile, speculative?: SpeculativeOptions, pools: Pools | null = null): LeversOutcome {
  const levers: Levers = {};
  if (s.prefixCacheShare > 0) levers.prefixCacheShare = s.prefixCacheShare;
  if (prefixCacheOn(s)) levers.prefixCache = { groups: s.prefixGroups, prefixTokens: s.prefixTokens, turns: s.turns };
  if (s.router !== 'least-loaded') levers.router = s.router;
  if (speculative) levers.speculative = speculative;
  if (s.replicas > 1) levers.replicas = s.replicas;
  if (s.prefillGpus > 0 || s.decodeGpus > 0) {
    const tp = server.gpus ?? 1;
    if (s.prefillGpus === 0 || s.decodeGpus === 0) {
      const missing = s.prefillGpus === 0 ? 'prefill-gpus' : 'decode-gpus';
      return { ok: false, param: missing, message: 'disaggregated serving needs both prefill GPUs and decode GPUs (set both, or both to 0 for colocated)' };
    }
    const prefillTp = pools?.prefillTp ?? tp;
    const decodeTp = pools?.decodeTp ?? tp;
    for (const [param, gpus, poolTp, tpFlag] of [['prefill-gpus', s.prefillGpus, prefillTp, 'prefill-tp'], ['decode-gpus', s.decodeGpus, decodeTp, 'decode-tp']] as const) {
      const which = poolTp === tp ? `tp ${tp}` : `${tpFlag} ${poolTp}`;
      if (gpus % poolTp !== 0) return { ok: false, param, message: `${gpus} GPUs do not make whole instances of ${poolTp} GPUs (${which}); use a multiple of ${poolTp}` };
    }
    if (s.replicas > 1) return { ok: false, param: 'replicas', message: 'use 1 replica with prefill-gpus and decode-gpus: they already count the whole cluster' };
    if (!server.kvLink) return { ok: false, param: 'prefill-gpus', message: `the ${s.server} server does not say how a KV cache would move between instances, so it cannot run disaggregated; use the lesson or a hardware server` };
    const prefillInstances = s.prefillGpus / prefillTp;
    const decodeInstances = s.decodeGpus / decodeTp;
    if (prefillInstances + decodeInstances > MAX_INSTANCES) {
      return { ok: false, param: 'decode-gpus', message: `${prefillInstances + decodeInstances} instances in all; the lab runs at most ${MAX_INSTANCES}` };
    }
    levers.disaggregated = {
      prefillInstances, decodeInstances,
      ...(pools?.prefillServer ? { prefillServer: pools.prefillServer } : {}),
      ...(pools?.decodeServer ? { decodeServer: pools.decodeServer } : {}),
      ...(pools?.link ? { link: pools.link } : {}),
    };
  }
  return { ok: true, levers: Object.keys(levers).length > 0 ? levers : undefined };
}
