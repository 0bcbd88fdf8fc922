/**
 * Folds the metrics of a point run and its edge runs into ranges. The point
 * is always one of the values folded, so lo ≤ point ≤ hi holds by construction.
 */
import type { RunMetrics, Stats } from '../types';

/** [lo, hi] of one value. */
export type Span = [number, number];

/** The range of one latency metric: each statistic's [lo, hi], ms. */
export interface StatRange {
  mean: Span;
  p50: Span;
  p90: Span;
  p99: Span;
}

/** Ranges of a prediction: what the metrics would be at the edges of what the lab is unsure of. */
export interface MetricRanges {
  ttftMs: StatRange;
  tpotMs: StatRange;
  e2eMs: StatRange;
  /** Output tokens per second, [lo, hi]. */
  outputTokPerSec: Span;
  /** Completed requests per second, [lo, hi]. */
  requestsPerSec: Span;
}

const STATS = ['mean', 'p50', 'p90', 'p99'] as const;

function span(values: readonly number[]): Span {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

function statRange(point: Stats, edges: readonly Stats[]): StatRange {
  const out = {} as StatRange;
  for (const k of STATS) out[k] = span([point[k], ...edges.map((e) => e[k])]);
  return out;
}

/**
 * The ranges of `point` given the edge runs' metrics. An edge run that
 * completed nothing (its KV too small for any request) has no latencies: it
 * counts for throughput (0) but not for the latency ranges.
 */
export function foldRanges(point: RunMetrics, edges: readonly RunMetrics[]): MetricRanges {
  const done = edges.filter((e) => e.completed > 0);
  return {
    ttftMs: statRange(point.ttftMs, done.map((e) => e.ttftMs)),
    tpotMs: statRange(point.tpotMs, done.map((e) => e.tpotMs)),
    e2eMs: statRange(point.e2eMs, done.map((e) => e.e2eMs)),
    outputTokPerSec: span([point.outputTokPerSec, ...edges.map((e) => e.outputTokPerSec)]),
    requestsPerSec: span([point.requestsPerSec, ...edges.map((e) => e.requestsPerSec)]),
  };
}

/** hi ÷ lo of a span (Infinity when lo is 0 and hi is not; 1 when both are 0). */
export function spanRatio([lo, hi]: Span): number {
  if (lo > 0) return hi / lo;
  return hi > 0 ? Infinity : 1;
}
