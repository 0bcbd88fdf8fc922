import { meetsSlo } from '../engine/metrics';
import { summarize } from '../engine/stats';
import type { RunMetrics, Slo } from '../engine/types';
import type { ImportedRequest, ImportedRun } from './types';

/** Per-request samples of a run, for distributions (completed requests only). */
export interface RunSamples {
  ttftMs: number[];
  /** Per-request TPOT, requests with more than one output token. */
  tpotMs: number[];
  e2eMs: number[];
}

/** Metrics of an imported or measured run, in the engine's `RunMetrics` shape, plus cross-checks. */
export interface ImportedMetrics {
  metrics: RunMetrics;
  samples: RunSamples;
  /** Completed requests whose `chunkMs` was missing, so they add nothing to ITL. */
  requestsWithoutChunks: number;
  /** Comparisons with the summary the tool wrote itself (vLLM), one line each. */
  crossChecks: string[];
}

/**
 * TPOT of one request in ms, as vLLM defines it: (E2E − TTFT) / (output − 1);
 * 0 when it has one output token or fewer (vLLM regards it as 0 for goodput).
 */
export function requestTpotMs(r: Pick<ImportedRequest, 'ttftMs' | 'e2eMs' | 'outputTokens'>): number {
  return r.outputTokens > 1 ? (r.e2eMs - r.ttftMs) / (r.outputTokens - 1) : 0;
}

/**
 * The SLO-independent part of a run's metrics: statistics (the costly sorting)
 * and per-request values, so a new SLO only needs a linear count (`withSlo`).
 * Plain data: it crosses a Web Worker boundary by structured clone.
 */
export interface PreparedRun {
  /** Metrics with goodput and SLO share still zero. */
  base: RunMetrics;
  samples: RunSamples;
  /** Per completed request, in the same order: TPOT with 0 for ≤ 1 output token (as vLLM counts goodput). */
  tpotForSloMs: Float64Array;
  requestsWithoutChunks: number;
  crossChecks: string[];
}

/**
 * Every SLO-independent metric of `run` with the lab's (= vLLM's) definitions:
 * TTFT, E2E over completed requests; TPOT per request, then statistics over
 * requests with > 1 output token; ITL pooled over every chunk gap of every
 * request (token-weighted); throughput over `run.durationS` (whose definition
 * depends on the tool, see `run.durationNote`). Failed requests are reported
 * as `rejected` and count in no statistic. A run that was not streamed
 * (`streamed: false`) has no TPOT and no ITL. Client-side queue time is unknown
 * for imported runs: `queueMs` is empty. Linear in requests + chunks, plus sorts.
 */
export function prepareRun(run: ImportedRun): PreparedRun {
  const ttft: number[] = [];
  const tpot: number[] = [];
  const e2e: number[] = [];
  const tpotForSlo: number[] = [];
  let gaps = 0;
  let outputTokens = 0;
  let withoutChunks = 0;
  // A run that was not streamed has no token pace: its TPOT is unknown, not 0 (and judges no TPOT target).
  const streamed = run.streamed !== false;
  for (const r of run.requests) {
    if (r.error !== null) continue;
    if (r.chunkMs && r.chunkMs.length > 1) gaps += r.chunkMs.length - 1;
  }
  const itl = new Float64Array(gaps);
  let gi = 0;
  for (const r of run.requests) {
    if (r.error !== null) continue;
    const tpotMs = streamed ? requestTpotMs(r) : 0;
    ttft.push(r.ttftMs);
    e2e.push(r.e2eMs);
    tpotForSlo.push(tpotMs);
    if (streamed && r.outputTokens > 1) tpot.push(tpotMs);
    outputTokens += r.outputTokens;
    const c = r.chunkMs;
    if (!c) withoutChunks++;
    else for (let k = 1; k < c.length; k++) itl[gi++] = c[k] - c[k - 1];
  }
  const completed = ttft.length;
  const perSec = (x: number): number => (run.durationS > 0 ? x / run.durationS : 0);
  const tpotMs = summarize(tpot);
  const base: RunMetrics = {
    completed,
    rejected: run.requests.length - completed,
    durationS: run.durationS,
    ttftMs: summarize(ttft),
    tpotMs,
    itlMs: summarize(itl),
    e2eMs: summarize(e2e),
    queueMs: summarize([]),
    outputTokPerSec: perSec(outputTokens),
    requestsPerSec: perSec(completed),
    goodputReqPerSec: 0,
    sloMetShare: 0,
    userTokPerSec: tpotMs.p50 > 0 ? 1000 / tpotMs.p50 : 0,
  };
  return { base, samples: { ttftMs: ttft, tpotMs: tpot, e2eMs: e2e }, tpotForSloMs: Float64Array.from(tpotForSlo), requestsWithoutChunks: withoutChunks, crossChecks: crossCheck(run, base) };
}

/** The run's metrics against `slo`: goodput counts requests meeting every target inclusively (`meetsSlo`). Linear, no sorting. */
export function withSlo(p: PreparedRun, slo: Slo): RunMetrics {
  const { ttftMs, e2eMs } = p.samples;
  let good = 0;
  for (let i = 0; i < ttftMs.length; i++) {
    if (meetsSlo({ ttftMs: ttftMs[i], tpotMs: p.tpotForSloMs[i], e2eMs: e2eMs[i] }, slo)) good++;
  }
  const completed = p.base.completed;
  return {
    ...p.base,
    goodputReqPerSec: p.base.durationS > 0 ? good / p.base.durationS : 0,
    sloMetShare: completed > 0 ? good / completed : 0,
  };
}

/**
 * The same run over another duration, s (rates rescaled; latencies unchanged).
 * For files whose duration is only estimated (llmperf: Σ E2E ÷ concurrency),
 * when the reader knows the run's concurrency.
 */
export function withDuration(p: PreparedRun, durationS: number): PreparedRun {
  const old = p.base.durationS;
  const scale = old > 0 && durationS > 0 ? old / durationS : 0;
  return { ...p, base: { ...p.base, durationS, outputTokPerSec: p.base.outputTokPerSec * scale, requestsPerSec: p.base.requestsPerSec * scale } };
}

/** Every metric of `run` against `slo` (see `prepareRun` and `withSlo`). */
export function computeImportedMetrics(run: ImportedRun, slo: Slo): ImportedMetrics {
  const p = prepareRun(run);
  return { metrics: withSlo(p, slo), samples: p.samples, requestsWithoutChunks: p.requestsWithoutChunks, crossChecks: p.crossChecks };
}

/** Compares the recomputed means with the ones the tool wrote (within 1% counts as agreeing). */
function crossCheck(run: ImportedRun, m: RunMetrics): string[] {
  const rep = run.reported;
  if (!rep) return [];
  const rows: [string, number | undefined, number, string][] = [
    ['mean TTFT', rep.ttftMeanMs, m.ttftMs.mean, 'ms'],
    ['mean TPOT', rep.tpotMeanMs, m.tpotMs.mean, 'ms'],
    ['mean ITL', rep.itlMeanMs, m.itlMs.mean, 'ms'],
    ['mean E2E', rep.e2eMeanMs, m.e2eMs.mean, 'ms'],
    ['output throughput', rep.outputTokPerSec, m.outputTokPerSec, 'tok/s'],
    ['request throughput', rep.requestsPerSec, m.requestsPerSec, 'req/s'],
  ];
  const out: string[] = [];
  for (const [name, theirs, ours, unit] of rows) {
    if (theirs === undefined) continue;
    const agree = Math.abs(theirs - ours) <= Math.max(1e-9, 0.01 * Math.abs(theirs));
    out.push(`${name}: file ${theirs.toFixed(2)} ${unit}, lab ${ours.toFixed(2)} ${unit}${agree ? ' (agree)' : ' (differ)'}`);
  }
  return out;
}
