import { gamma, makeRng, type Rng } from './rng';
import type { LoadSpec, Workload } from './types';

/** Random streams of a run, one per purpose so they stay independent. */
export const STREAM = { lengths: 1, arrivals: 2, think: 3, network: 4, prefixGroups: 5 } as const;

/**
 * Open-loop send times in seconds for `count` requests, as `vllm bench serve`
 * makes them: gamma gaps with shape = burstiness (1 = Poisson, < 1 burstier),
 * then rescaled so the last send lands at count / rate. An infinite rate sends all at 0.
 */
export function openLoopSendTimes(count: number, ratePerSec: number, burstiness: number, seed: number): number[] {
  const times = new Array<number>(count).fill(0);
  if (!Number.isFinite(ratePerSec)) return times;
  const rng = makeRng(seed, STREAM.arrivals);
  const scale = 1 / (ratePerSec * burstiness);
  let t = 0;
  for (let i = 0; i < count; i++) {
    t += gamma(rng, burstiness, scale);
    times[i] = t;
  }
  // vLLM normalises the cumulative delays so the run lasts exactly count / rate.
  const target = count / ratePerSec;
  const factor = times[count - 1] > 0 ? target / times[count - 1] : 1;
  for (let i = 0; i < count; i++) times[i] *= factor;
  return times;
}

/** Draws one request's prompt and output lengths: uniform within ± spread of the means, at least 1. */
export function makeLengthSampler(workload: Workload, seed: number): () => { promptTokens: number; outputTokens: number } {
  const rng: Rng = makeRng(seed, STREAM.lengths);
  const draw = (mean: number): number => {
    if (workload.spread <= 0) return Math.max(1, Math.round(mean));
    const f = 1 + workload.spread * (2 * rng() - 1);
    return Math.max(1, Math.round(mean * f));
  };
  return () => {
    const promptTokens = draw(workload.promptTokens);
    const outputTokens = draw(workload.outputTokens);
    return { promptTokens, outputTokens };
  };
}

/** Number of requests in flight at t = 0 for a load: users for closed loop, all for rate = ∞. */
export function initialSenders(load: LoadSpec, requests: number): number {
  if (load.kind === 'closed') return Math.min(load.users, requests);
  return requests;
}
