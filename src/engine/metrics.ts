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
  // Indexed loops, no callback per record: a cold page's first run computes these in V8's
  // interpreter, where each call and iterator step costs.
  const n = records.length;
  let outputTokens = 0;
  let good = 0;
  let preemptions = 0;
  let recomputedTokens = 0;
  let completed = 0;
  let endS = 0;
  const ttft: number[] = [];
  const tpot: number[] = [];
  const e2e: number[] = [];
  const queue: number[] = [];
  const { ttftMs: ttftSlo, tpotMs: tpotSlo, e2eMs: e2eSlo } = slo;
  for (let i = 0; i < n; i++) {
    const r = records[i];
    preemptions += r.preemptions;
    recomputedTokens += r.recomputedTokens;
    endS = Math.max(endS, (r.completed ? r.lastTokenServerS : r.admitS) + r.networkOutS);
    if (!r.completed) continue;
    completed++;
    outputTokens += r.outputTokens;
    ttft.push(r.ttftMs);
    e2e.push(r.e2eMs);
    queue.push(r.queueMs);
    if (r.outputTokens > 1) tpot.push(r.tpotMs);
    // meetsSlo, written out.
    if ((ttftSlo === null || r.ttftMs <= ttftSlo) && (tpotSlo === null || r.tpotMs <= tpotSlo) && (e2eSlo === null || r.e2eMs <= e2eSlo)) good++;
  }
  if (durationS === undefined) durationS = endS;
  const span = durationS;
  const perSec = (x: number): number => (span > 0 ? x / span : 0);
  const tpotMs = summarize(tpot);
  return {
    completed,
    rejected: n - completed,
    durationS,
    ttftMs: summarize(ttft),
    tpotMs,
    itlMs: summarizeWeighted(itlGapS, itlWeight, 1000),
    e2eMs: summarize(e2e),
    queueMs: summarize(queue),
    outputTokPerSec: perSec(rates ? rates.outputTokens : outputTokens),
    requestsPerSec: perSec(rates ? rates.completed : completed),
    goodputReqPerSec: perSec(rates ? rates.good : good),
    sloMetShare: completed > 0 ? good / completed : 0,
    userTokPerSec: tpotMs.p50 > 0 ? 1000 / tpotMs.p50 : 0,
    preemptions,
    recomputedTokens,
  };
}
