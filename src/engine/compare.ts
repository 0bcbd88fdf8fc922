/**
 * A run against a pinned baseline: the headline numbers side by side, with
 * the change and the ratio, for "baseline → now" cards and the CLI.
 */
import type { RunMetrics } from './types';

/** Headline metrics compared, by id. Times in ms, throughputs per second. */
export const COMPARED_METRICS = [
  'ttftP50Ms', 'ttftP95Ms', 'tpotP50Ms', 'tpotP95Ms', 'e2eP50Ms', 'e2eP95Ms',
  'outputTokPerSec', 'userTokPerSec', 'requestsPerSec', 'goodputReqPerSec', 'sloMetShare',
] as const;

/** One compared metric's id. */
export type ComparedMetric = (typeof COMPARED_METRICS)[number];

/** One metric, before and after. */
export interface MetricDelta {
  id: ComparedMetric;
  baseline: number;
  current: number;
  /** current − baseline. */
  delta: number;
  /** current ÷ baseline, or null when the baseline is 0. */
  ratio: number | null;
  /** True when lower is better (latencies), false for throughputs and shares. */
  lowerIsBetter: boolean;
}

function value(m: RunMetrics, id: ComparedMetric): number {
  switch (id) {
    case 'ttftP50Ms': return m.ttftMs.p50;
    case 'ttftP95Ms': return m.ttftMs.p95;
    case 'tpotP50Ms': return m.tpotMs.p50;
    case 'tpotP95Ms': return m.tpotMs.p95;
    case 'e2eP50Ms': return m.e2eMs.p50;
    case 'e2eP95Ms': return m.e2eMs.p95;
    case 'outputTokPerSec': return m.outputTokPerSec;
    case 'userTokPerSec': return m.userTokPerSec;
    case 'requestsPerSec': return m.requestsPerSec;
    case 'goodputReqPerSec': return m.goodputReqPerSec;
    case 'sloMetShare': return m.sloMetShare;
  }
}

/** Every compared metric of `current` against `baseline`, in `COMPARED_METRICS` order. */
export function metricDeltas(baseline: RunMetrics, current: RunMetrics): MetricDelta[] {
  return COMPARED_METRICS.map((id) => {
    const b = value(baseline, id);
    const c = value(current, id);
    return { id, baseline: b, current: c, delta: c - b, ratio: b !== 0 ? c / b : null, lowerIsBetter: id.endsWith('Ms') };
  });
}
