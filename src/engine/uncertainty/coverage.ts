/**
 * How honest the ranges are: on calibration rows under load, the share of
 * measured values that fall inside the range the lab gives, and how wide the
 * ranges are. Pure: the caller reads the rows (see test/engine/uncertainty-coverage.test.ts).
 */
import { loadScenario, NIM_LOAD, type LoadSourceSettings } from '../calibration/load';
import { nimRoofline } from '../calibration/factors';
import { TRTLLM_MEMORY } from '../calibration/bench';
import type { CalibrationCase, CaseKind } from '../calibration/mapping';
import type { RooflineFactors } from '../profiles/cost';
import { hardwareProfile } from '../profiles/roofline';
import { simulate } from '../simulate';
import { percentileSorted } from '../stats';
import { EdgeRunner, predictionRanges } from './predict';
import type { Span } from './fold';
import type { PredictionSpreads } from './spreads';

/** Coverage of one metric. */
export interface MetricCoverage {
  kind: CaseKind;
  /** Cases with a range. */
  cases: number;
  /** Share (0..1) of measured values inside [lo, hi]. */
  insideShare: number;
  /** Median of hi ÷ lo − 1 (0.3 = the range's top is 30% above its bottom). */
  medianWidth: number;
  /** Share (0..1) of measured values below the range. */
  belowShare: number;
  /** Share (0..1) of measured values above the range. */
  aboveShare: number;
}

/** The range of a load case's metric: mean TTFT, mean TPOT or output throughput. */
function caseSpan(kind: CaseKind, r: ReturnType<typeof predictionRanges>['ranges']): Span {
  if (kind === 'load-ttft') return r.ttftMs.mean;
  if (kind === 'load-tpot') return r.tpotMs.mean;
  return r.outputTokPerSec;
}

/**
 * Runs every row behind `cases` (load kinds only) at its point and its two
 * corners, and reports per metric the share of measured values inside the range.
 */
export function rangeCoverage(cases: readonly CalibrationCase[], factors: RooflineFactors, spreads: PredictionSpreads, src: LoadSourceSettings = NIM_LOAD): MetricCoverage[] {
  const byRow = new Map<string, CalibrationCase[]>();
  for (const c of cases) {
    if (c.kind !== 'load-ttft' && c.kind !== 'load-tpot' && c.kind !== 'load-throughput') continue;
    const list = byRow.get(c.id) ?? [];
    list.push(c);
    byRow.set(c.id, list);
  }
  const f = nimRoofline(factors);
  const tallies = new Map<CaseKind, { inside: number; below: number; above: number; widths: number[] }>();
  for (const rowCases of byRow.values()) {
    const c = rowCases[0];
    const made = hardwareProfile(c.spec, f, { ...TRTLLM_MEMORY, maxBatch: src.maxBatch, chunkBudgetTokens: src.tokenBudget });
    if (!made.ok) continue;
    const s = loadScenario(c, made.profile, src);
    const run = simulate(s);
    const point = run.metrics;
    if (point.completed === 0) continue;
    const { ranges } = predictionRanges(s, point, spreads, new EdgeRunner(s, point, run.kvBounds));
    for (const rc of rowCases) {
      const [lo, hi] = caseSpan(rc.kind, ranges);
      const t = tallies.get(rc.kind) ?? { inside: 0, below: 0, above: 0, widths: [] };
      if (rc.measured < lo) t.below++;
      else if (rc.measured > hi) t.above++;
      else t.inside++;
      t.widths.push(lo > 0 ? hi / lo - 1 : Infinity);
      tallies.set(rc.kind, t);
    }
  }
  return [...tallies.entries()].map(([kind, t]) => {
    const n = t.inside + t.below + t.above;
    return { kind, cases: n, insideShare: t.inside / n, medianWidth: percentileSorted(Float64Array.from(t.widths).sort(), 50), belowShare: t.below / n, aboveShare: t.above / n };
  });
}
