import { specDecoding, tokensAfter, carryAfter } from './levers/speculative';
import type { RunResult } from './types';

/**
 * Client-side arrival time (s) of every output token of request `id`,
 * rebuilt from the run-length encoded iteration log of the instance that
 * decoded it: a decoding request gets its tokens at the end of every
 * iteration between its first and last token, so its times are exactly those
 * iteration ends (plus the one-way network). While preempted (`pausesS`) it
 * gets none, until the iteration that ends its recompute, which brings one.
 * With speculative decoding a step brings floor(carry + E) tokens, all at the
 * step's end, replaying the engine's own arithmetic. Disaggregated: the first
 * token comes from the prefill instance, the rest from the decode instance's
 * iterations after it admitted the request.
 */
export function tokenTimesS(result: RunResult, id: number): number[] {
  const r = result.requests[id];
  if (!r || !r.completed) return [];
  const oneWay = r.networkOutS;
  const times = [r.firstTokenServerS + oneWay];
  if (r.outputTokens === 1) return times;
  const pauses = r.pausesS ?? [];
  const instance = r.instance !== undefined && result.instances ? result.instances[r.instance] : null;
  const { endS, count, gapS, decodeSeqs } = instance ? instance.log : result.log;
  const spec = specDecoding(result.scenario.levers?.speculative);
  const eps = 1e-9;
  // Disaggregated, it decodes in iterations after its admission there; colocated, in iterations after its first token.
  const fromS = r.decodeAdmitS ?? r.firstTokenServerS;
  let lo = 0;
  let hi = endS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endS[mid] > fromS + eps) hi = mid;
    else lo = mid + 1;
  }
  let pause = 0;
  let carry = 0;
  for (let i = lo; i < endS.length && times.length < r.outputTokens; i++) {
    // A prompt-only iteration (batches not mixed) gives decoders no token.
    if (decodeSeqs && decodeSeqs[i] === 0 && !(pauses.length > 0 && isPauseEnd(pauses, endS[i], eps))) continue;
    const startS = endS[i] - count[i] * gapS[i];
    const n = count[i];
    let before = 0;
    for (let k = 1; k <= n && times.length < r.outputTokens; k++) {
      const t = startS + k * gapS[i];
      while (pause < pauses.length && t > pauses[pause + 1] + eps) pause += 2;
      // Inside a pause (after its last token, up to the recompute's end, exclusive): no token.
      if (pause < pauses.length && t > pauses[pause] + eps && t < pauses[pause + 1] - eps) continue;
      if (!spec || (pause < pauses.length && Math.abs(t - pauses[pause + 1]) <= eps)) {
        // One token per step; the recompute's iteration also brings exactly one.
        times.push(t + oneWay);
        continue;
      }
      const upTo = tokensAfter(carry, k, spec.perStep);
      for (let j = before; j < upTo && times.length < r.outputTokens; j++) times.push(t + oneWay);
      before = upTo;
      if (k === n) carry = carryAfter(carry, n, spec.perStep, upTo);
    }
  }
  return times;
}

/** True when `t` ends one of the pauses (the recompute's token). */
function isPauseEnd(pauses: readonly number[], t: number, eps: number): boolean {
  for (let k = 1; k < pauses.length; k += 2) if (Math.abs(pauses[k] - t) <= eps) return true;
  return false;
}
