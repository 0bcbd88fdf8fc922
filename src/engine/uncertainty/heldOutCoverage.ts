/**
 * How honest the ranges are on measurements their fit never saw: each
 * calibration run under load is simulated on the server of the fold that left
 * its model × GPU group out (`heldOutCases`), at its point and its two
 * corners, and the measured value is checked against the range. Pure: the
 * caller reads the rows.
 */
import type { HeldOutCase, HeldOutMetric } from '../calibration/heldout';
import { simulate } from '../simulate';
import { percentileSorted } from '../stats';
import type { RunResult } from '../types';
import type { Span } from './fold';
import { EdgeRunner, predictionRanges } from './predict';
import type { PredictionSpreads } from './spreads';

/** Where one held-out measurement fell against its range. */
export interface CaseVerdict {
  /** Row id in measurements-load.csv. */
  id: string;
  group: string;
  metric: HeldOutMetric;
  /** −1 below the range, 0 inside, +1 above. */
  side: -1 | 0 | 1;
  /** hi ÷ lo − 1 of the range (Infinity when lo is 0). */
  width: number;
}

/** Coverage of one metric over a set of verdicts. */
export interface HeldOutMetricCoverage {
  metric: HeldOutMetric;
  cases: number;
  /** Share (0..1) of measured values inside [lo, hi]. */
  insideShare: number;
  /** Share (0..1) below the range. */
  belowShare: number;
  /** Share (0..1) above the range. */
  aboveShare: number;
  /** Median of hi ÷ lo − 1. */
  medianWidth: number;
}

/** The held-out metrics in the order reports list them. */
export const HELD_OUT_METRICS: readonly HeldOutMetric[] = ['ttftMs', 'tpotMs', 'outputTokPerSec'];

function spanOf(metric: HeldOutMetric, r: ReturnType<typeof predictionRanges>['ranges']): Span {
  if (metric === 'ttftMs') return r.ttftMs.mean;
  if (metric === 'tpotMs') return r.tpotMs.mean;
  return r.outputTokPerSec;
}

/**
 * Runs every held-out case at its point once and at the corners of each of
 * `spreadsList`, and gives one verdict per case for each spreads, in order.
 * Cases of one row (TTFT, TPOT and throughput of the same run) share its runs.
 */
export function heldOutVerdicts(cases: readonly HeldOutCase[], spreadsList: readonly PredictionSpreads[]): CaseVerdict[][] {
  const rows = new Map<string, HeldOutCase[]>();
  for (const c of cases) {
    const list = rows.get(c.id) ?? [];
    list.push(c);
    rows.set(c.id, list);
  }
  const out: CaseVerdict[][] = spreadsList.map(() => []);
  for (const rowCases of rows.values()) {
    const s = rowCases[0].scenario;
    const run: RunResult = simulate(s);
    if (run.metrics.completed === 0) continue;
    // One runner per row: an edge two spreads share (a KV end, a corner) runs once.
    const runner = new EdgeRunner(s, run.metrics, run.kvBounds);
    spreadsList.forEach((spreads, i) => {
      const { ranges } = predictionRanges(s, run.metrics, spreads, runner);
      for (const c of rowCases) {
        const [lo, hi] = spanOf(c.metric, ranges);
        const side = c.measured < lo ? -1 : c.measured > hi ? 1 : 0;
        out[i].push({ id: c.id, group: c.group, metric: c.metric, side, width: lo > 0 ? hi / lo - 1 : Infinity });
      }
    });
  }
  return out;
}

/** Coverage per metric of `verdicts` (metrics with no verdict are left out). */
export function coverageOf(verdicts: readonly CaseVerdict[]): HeldOutMetricCoverage[] {
  return HELD_OUT_METRICS.flatMap((metric) => {
    const mine = verdicts.filter((v) => v.metric === metric);
    const n = mine.length;
    if (n === 0) return [];
    const count = (side: -1 | 0 | 1): number => mine.filter((v) => v.side === side).length;
    const widths = Float64Array.from(mine.map((v) => v.width)).sort();
    return [{ metric, cases: n, insideShare: count(0) / n, belowShare: count(-1) / n, aboveShare: count(1) / n, medianWidth: percentileSorted(widths, 50) }];
  });
}

/** Coverage per metric on the held-out cases with one set of spreads. */
export function heldOutCoverage(cases: readonly HeldOutCase[], spreads: PredictionSpreads): HeldOutMetricCoverage[] {
  return coverageOf(heldOutVerdicts(cases, [spreads])[0]);
}
