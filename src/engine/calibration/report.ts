/**
 * How far the calibrated lab is from the measurements: per-row errors and
 * their median and 90th percentile per metric, per source and overall.
 */
import { percentileSorted } from '../stats';
import type { RooflineFactors } from '../profiles/cost';
import type { CalibrationCase, CaseKind } from './mapping';
import { predictCase, type Prediction } from './predict';

/** One row's outcome. */
export interface CaseResult {
  case: CalibrationCase;
  /** Predicted value in the metric's unit, or null when the lab refused the combination. */
  predicted: number | null;
  /** predicted ÷ measured − 1, or null. */
  error: number | null;
  /** Why there is no prediction, or notes on how it was made. */
  notes: string[];
}

/** Predicts every case with `factors`. */
export function evaluateCases(
  cases: readonly CalibrationCase[],
  factors: RooflineFactors,
  predict: (c: CalibrationCase, f: RooflineFactors) => Prediction = predictCase,
): CaseResult[] {
  return cases.map((c) => {
    const p = predict(c, factors);
    if (!p.ok) return { case: c, predicted: null, error: null, notes: [p.reason] };
    return { case: c, predicted: p.value, error: p.value / c.measured - 1, notes: p.notes };
  });
}

/** Error summary of one group of rows. Percentages are of the measured value. */
export interface ErrorStats {
  kind: CaseKind;
  /** Source key, or `all`. */
  group: string;
  rows: number;
  /** Rows the lab could not predict (refused combinations). */
  unpredicted: number;
  medianAbsPct: number;
  p90AbsPct: number;
  maxAbsPct: number;
  /** Median signed error: > 0 means the lab is too optimistic (too fast, or too high a throughput). */
  medianSignedPct: number;
}

/** Summarizes errors of `results`, linear-interpolated percentiles as numpy computes them. */
export function summarizeErrors(kind: CaseKind, group: string, results: readonly CaseResult[]): ErrorStats {
  const errs = results.map((r) => r.error).filter((e): e is number => e !== null);
  const abs = Float64Array.from(errs.map((e) => Math.abs(e) * 100)).sort();
  const signed = Float64Array.from(errs.map((e) => e * 100)).sort();
  return {
    kind,
    group,
    rows: results.length,
    unpredicted: results.length - errs.length,
    medianAbsPct: percentileSorted(abs, 50),
    p90AbsPct: percentileSorted(abs, 90),
    maxAbsPct: abs.length > 0 ? abs[abs.length - 1] : 0,
    medianSignedPct: percentileSorted(signed, 50),
  };
}

const KIND_ORDER: readonly CaseKind[] = ['saturated-throughput', 'static-throughput', 'ttft-batch1', 'static-e2e', 'decode-mbu', 'load-ttft', 'load-tpot', 'load-throughput'];

/** Error table: for each metric, one line per source, then `all`. */
export function errorTable(results: readonly CaseResult[], by: (c: CalibrationCase) => string = (c) => c.source): ErrorStats[] {
  const out: ErrorStats[] = [];
  for (const kind of KIND_ORDER) {
    const ofKind = results.filter((r) => r.case.kind === kind);
    if (ofKind.length === 0) continue;
    const groups = [...new Set(ofKind.map((r) => by(r.case)))].sort();
    for (const g of groups) out.push(summarizeErrors(kind, g, ofKind.filter((r) => by(r.case) === g)));
    out.push(summarizeErrors(kind, 'all', ofKind));
  }
  return out;
}

/** Accuracy targets: median and 90th-percentile absolute error, percent. Metrics without one are reported only. */
export const TARGETS: Partial<Record<CaseKind, { medianPct: number; p90Pct: number }>> = {
  'saturated-throughput': { medianPct: 15, p90Pct: 35 },
  'static-throughput': { medianPct: 15, p90Pct: 35 },
  'ttft-batch1': { medianPct: 20, p90Pct: 35 },
  'load-ttft': { medianPct: 15, p90Pct: 50 },
  'load-tpot': { medianPct: 15, p90Pct: 35 },
  'load-throughput': { medianPct: 15, p90Pct: 35 },
};

/** Whether each targeted metric's overall errors are within target. */
export function targetVerdicts(table: readonly ErrorStats[]): { kind: CaseKind; met: boolean; stats: ErrorStats; target: { medianPct: number; p90Pct: number } }[] {
  const out = [];
  for (const s of table) {
    const t = TARGETS[s.kind];
    if (s.group !== 'all' || !t) continue;
    out.push({ kind: s.kind, met: s.medianAbsPct <= t.medianPct && s.p90AbsPct <= t.p90Pct, stats: s, target: t });
  }
  return out;
}

/** Rows with the largest absolute error, worst first. */
export function worstRows(results: readonly CaseResult[], count: number): CaseResult[] {
  return results
    .filter((r) => r.error !== null)
    .sort((a, b) => Math.abs(b.error ?? 0) - Math.abs(a.error ?? 0))
    .slice(0, count);
}
