import type { RunResult } from './types';

/**
 * Where one request's decode time went (first token to last token at the
 * server), ms: the parts add up to E2E − TTFT. For "which clock is broken":
 * a slow stream is the decode pace itself, or prefills of other requests
 * sharing its iterations, or (paged) preemption, or (disaggregated) the KV
 * hand-off before its second token.
 */
export interface DecodeSplit {
  /** Its decode steps at their own pace: iterations without a prefill, plus the typical step of each one with a prefill. */
  paceMs: number;
  /**
   * Prefill interference: what iterations that also prefilled other prompts
   * added beyond its typical pure decode step (the mean of its own decode
   * steps without a prefill; 0 when it had none), plus every prompt-only
   * iteration it waited through when batches are not mixed.
   */
  prefillInterferenceMs: number;
  /** Preempted: from its last token before each preemption to the end of its recompute. */
  preemptionStallMs: number;
  /** Disaggregated: first token to admission by the decode instance (link wait + KV transfer + decode queue). */
  handoffMs: number;
}

/** The split of request `id`'s decode time, or null when it did not complete. Cost: one pass over its instance's log. */
export function decodeSplit(result: RunResult, id: number): DecodeSplit | null {
  const r = result.requests[id];
  if (!r || !r.completed) return null;
  const totalS = r.lastTokenServerS - r.firstTokenServerS;
  const handoffS = r.decodeAdmitS !== undefined ? r.decodeAdmitS - r.firstTokenServerS : 0;
  const pauses = r.pausesS ?? [];
  let stallS = 0;
  for (let i = 0; i < pauses.length; i += 2) stallS += pauses[i + 1] - pauses[i];
  const log = r.instance !== undefined && result.instances ? result.instances[r.instance].log : result.log;
  const eps = 1e-9;
  const fromS = r.decodeAdmitS ?? r.firstTokenServerS;
  let pureS = 0;
  let pureSteps = 0;
  const mixedGaps: number[] = [];
  let waitedS = 0;
  for (let i = 0; i < log.endS.length; i++) {
    const end = log.endS[i];
    if (end <= fromS + eps) continue;
    if (end > r.lastTokenServerS + eps) break;
    let paused = false;
    for (let p = 0; p < pauses.length; p += 2) if (end > pauses[p] + eps && end <= pauses[p + 1] + eps) paused = true;
    if (paused) continue;
    // A prompt-only iteration (batches not mixed) gave it no token: all of it is interference.
    if (log.decodeSeqs && log.decodeSeqs[i] === 0) waitedS += log.gapS[i] * log.count[i];
    else if (log.prefillTokens[i] > 0) mixedGaps.push(log.gapS[i] * log.count[i]);
    else {
      pureS += log.gapS[i] * log.count[i];
      pureSteps += log.count[i];
    }
  }
  const typical = pureSteps > 0 ? pureS / pureSteps : null;
  let interferenceS = waitedS;
  if (typical !== null) for (const g of mixedGaps) interferenceS += Math.max(0, g - typical);
  const paceS = Math.max(0, totalS - handoffS - stallS - interferenceS);
  return { paceMs: paceS * 1000, prefillInterferenceMs: interferenceS * 1000, preemptionStallMs: stallS * 1000, handoffMs: handoffS * 1000 };
}
