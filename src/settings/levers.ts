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

/** The levers, or the setting (as its CLI option) that cannot run and why. */
export type LeversOutcome = { ok: true; levers: Levers | undefined } | { ok: false; param: string; message: string };

/**
 * Builds the engine's levers from the settings, for `server` (its GPUs per
 * instance and KV link); `speculative` is what `speculativeOf` made of the
 * speculative-decoding settings (undefined when off).
 */
export function leversOf(s: Settings, server: ServerProfile, speculative?: SpeculativeOptions): LeversOutcome {
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
    for (const [param, gpus] of [['prefill-gpus', s.prefillGpus], ['decode-gpus', s.decodeGpus]] as const) {
      if (gpus % tp !== 0) return { ok: false, param, message: `${gpus} GPUs do not make whole instances of ${tp} GPUs (tp ${tp}); use a multiple of ${tp}` };
    }
    if (s.replicas > 1) return { ok: false, param: 'replicas', message: 'use 1 replica with prefill-gpus and decode-gpus: they already count the whole cluster' };
    if (!server.kvLink) return { ok: false, param: 'prefill-gpus', message: `the ${s.server} server does not say how a KV cache would move between instances, so it cannot run disaggregated; use the lesson or a hardware server` };
    const prefillInstances = s.prefillGpus / tp;
    const decodeInstances = s.decodeGpus / tp;
    if (prefillInstances + decodeInstances > MAX_INSTANCES) {
      return { ok: false, param: 'decode-gpus', message: `${prefillInstances + decodeInstances} instances in all; the lab runs at most ${MAX_INSTANCES}` };
    }
    levers.disaggregated = { prefillInstances, decodeInstances };
  }
  return { ok: true, levers: Object.keys(levers).length > 0 ? levers : undefined };
}
