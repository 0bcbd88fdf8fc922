import type { RunResult } from './types';

/**
 * Client-side arrival time (s) of every output token of request `id`,
 * rebuilt from the run-length encoded iteration log: a decoding request gets
 * one token at the end of every iteration between its first and last token,
 * so its times are exactly those iteration ends (plus the one-way network).
 * While preempted (`pausesS`) it gets none, until the iteration that ends its
 * recompute.
 */
export function tokenTimesS(result: RunResult, id: number): number[] {
  const r = result.requests[id];
  if (!r || !r.completed) return [];
  const oneWay = r.networkOutS;
  const times = [r.firstTokenServerS + oneWay];
  if (r.outputTokens === 1) return times;
  const pauses = r.pausesS ?? [];
  const { endS, count, gapS, decodeSeqs } = result.log;
  const eps = 1e-9;
  let lo = 0;
  let hi = endS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endS[mid] > r.firstTokenServerS + eps) hi = mid;
    else lo = mid + 1;
  }
  let pause = 0;
  for (let i = lo; i < endS.length && times.length < r.outputTokens; i++) {
    // A prompt-only iteration (batches not mixed) gives decoders no token.
    if (decodeSeqs && decodeSeqs[i] === 0 && !(pauses.length > 0 && isPauseEnd(pauses, endS[i], eps))) continue;
    const startS = endS[i] - count[i] * gapS[i];
    for (let k = 1; k <= count[i] && times.length < r.outputTokens; k++) {
      const t = startS + k * gapS[i];
      while (pause < pauses.length && t > pauses[pause + 1] + eps) pause += 2;
      // Inside a pause (after its last token, up to the recompute's end, exclusive): no token.
      if (pause < pauses.length && t > pauses[pause] + eps && t < pauses[pause + 1] - eps) continue;
      times.push(t + oneWay);
    }
  }
  return times;
}

/** True when `t` ends one of the pauses (the recompute's token). */
function isPauseEnd(pauses: readonly number[], t: number, eps: number): boolean {
  for (let k = 1; k < pauses.length; k += 2) if (Math.abs(pauses[k] - t) <= eps) return true;
  return false;
}
