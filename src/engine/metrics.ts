import { summarize, summarizeWeighted } from './stats';
import type { RequestRecord, RunMetrics, Slo } from './types';

/**
 * True when a completed request meets every target set in `slo` (inclusive,
 * like vLLM: value ≤ target). A request with one output token has TPOT 0.
 */
export function meetsSlo(r: Pick<RequestRecord, 'ttftMs' | 'tpotMs' | 'e2eMs'>, slo: Slo): boolean {
  return (
    (slo.ttftMs === null || r.ttftMs <= slo.ttftMs) &&
    (slo.tpotMs === null || r.tpotMs <= slo.tpotMs) &&
    (slo.e2eMs === null || r.e2eMs <= slo.e2eMs)
  );
}

/**
 * Run metrics as `vllm bench serve` computes them:
 * TTFT, E2E over completed requests; TPOT per request over those with > 1
 * output token; ITL pooled over every gap (token-weighted, given as
 * (gap s, count) pairs); throughput and goodput over the run's wall time,
 * from the first send (t = 0) to the last token received. No warm-up is
 * discarded, as vLLM's default `--num-warmups 0`. Pass `durationS` to divide
 * by another span instead (a measurement window), and `rates` to count the
 * tokens, completions and good completions of that span rather than those of
 * `records` (a steady window counts what the server did between fill and drain).
 */
export function computeMetrics(
  records: readonly RequestRecord[],
  itlGapS: readonly number[],
  itlWeight: readonly number[],
  slo: Slo,
  durationS?: number,
  rates?: { outputTokens: number; completed: number; good: number },
): RunMetrics {
  const done = records.filter((r) => r.completed);
  let outputTokens = 0;
  let good = 0;
  let preemptions = 0;
  let recomputedTokens = 0;
  if (durationS === undefined) {
    durationS = 0;
    for (const r of records) {
      const endS = (r.completed ? r.lastTokenServerS : r.admitS) + r.networkOutS;
      durationS = Math.max(durationS, endS);
    }
  }
  for (const r of records) {
    preemptions += r.preemptions;
    recomputedTokens += r.recomputedTokens;
  }
  const ttft: number[] = [];
  const tpot: number[] = [];
  const e2e: number[] = [];
  const queue: number[] = [];
  for (const r of done) {
    outputTokens += r.outputTokens;
    ttft.push(r.ttftMs);
    e2e.push(r.e2eMs);
    queue.push(r.queueMs);
    if (r.outputTokens > 1) tpot.push(r.tpotMs);
    if (meetsSlo(r, slo)) good++;
  }
  const span = durationS;
  const perSec = (x: number): number => (span > 0 ? x / span : 0);
  const tpotMs = summarize(tpot);
  return {
    completed: done.length,
    rejected: records.length - done.length,
    durationS,
    ttftMs: summarize(ttft),
    tpotMs,
    itlMs: summarizeWeighted(itlGapS.map((g) => g * 1000), itlWeight),
    e2eMs: summarize(e2e),
    queueMs: summarize(queue),
    outputTokPerSec: perSec(rates ? rates.outputTokens : outputTokens),
    requestsPerSec: perSec(rates ? rates.completed : done.length),
    goodputReqPerSec: perSec(rates ? rates.good : good),
    sloMetShare: done.length > 0 ? good / done.length : 0,
    userTokPerSec: tpotMs.p50 > 0 ? 1000 / tpotMs.p50 : 0,
    preemptions,
    recomputedTokens,
  };
}
