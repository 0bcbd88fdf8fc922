/**
 * How wide the ranges are drawn: the spreads are a low and a high percentile
 * of the held-out multipliers, and the pair is chosen so the measured mean
 * TTFT, mean TPOT and throughput of held-out runs each fall inside the range
 * about 80% of the time (a range that always holds the truth says as little as
 * one that never does). One step-cost spread moves all three metrics, so the
 * pair chosen is the one whose worst metric is nearest 80%.
 *
 * The choice uses the same held-out rows it is judged on, so a nested check
 * is reported beside it: for each group, the percentile is chosen on the
 * other groups' rows only, and that group's rows are judged with it.
 */
import { coverageOf, heldOutVerdicts, type CaseVerdict, type HeldOutMetricCoverage } from '../uncertainty/heldOutCoverage';
import type { CalibrationFactors } from './factors';
import type { HeldOutCase } from './heldout';
import type { CalibrationCase } from './mapping';
import type { CaseResult } from './report';
import { spreadsFromHeldOut, type HeldOutSpreads } from './spreads';

/** Low percentiles tried, narrowest band first (10 → p10 and p90). */
export const SPREAD_QUANTILES_PCT: readonly number[] = [10, 7.5, 5, 2.5];
/** Share of held-out mean TTFTs the range aims to hold. */
export const COVERAGE_AIM = 0.8;

/** One percentile tried: its spreads and their coverage on the held-out runs. */
export interface QuantileTrial {
  quantilePct: number;
  spreads: HeldOutSpreads;
  coverage: HeldOutMetricCoverage[];
}

/** The percentile chosen, every one tried, and the nested check. */
export interface SpreadQuantileChoice {
  trials: QuantileTrial[];
  chosen: QuantileTrial;
  /** Coverage when each group is judged at the percentile chosen without its rows. */
  nested: HeldOutMetricCoverage[];
  /** Percentile the nested check chose for each group (key: model × GPU). */
  nestedChoice: Record<string, number>;
}

/** The largest distance from `aim` of any metric's inside share in `vs`. */
export function worstGap(vs: readonly CaseVerdict[], aim: number): number {
  return Math.max(...coverageOf(vs).map((c) => Math.abs(c.insideShare - aim)));
}

/** Index of the trial whose worst metric is nearest `aim`; a tie goes to the narrower band (tried first). */
function nearest(verdictsOf: readonly CaseVerdict[][], aim: number): number {
  let best = 0;
  verdictsOf.forEach((vs, i) => {
    if (worstGap(vs, aim) < worstGap(verdictsOf[best], aim) - 1e-12) best = i;
  });
  return best;
}

/**
 * Tries each percentile of `quantiles` on the held-out results (`results`:
 * each case predicted by its fold; `factorsOf`: that fold's factors) and
 * judges it on `heldOut` (the runs under load on their folds' servers).
 */
export function chooseSpreadQuantile(
  results: readonly CaseResult[],
  factorsOf: (c: CalibrationCase) => CalibrationFactors,
  heldOut: readonly HeldOutCase[],
  quantiles: readonly number[] = SPREAD_QUANTILES_PCT,
  aim = COVERAGE_AIM,
): SpreadQuantileChoice {
  if (quantiles.length === 0) throw new RangeError('chooseSpreadQuantile needs at least one percentile');
  const spreadsOf = quantiles.map((q) => spreadsFromHeldOut(results, factorsOf, q));
  const verdicts = heldOutVerdicts(heldOut, spreadsOf.map((s) => ({ ...s.spreads, source: '' })));
  const trials = quantiles.map((q, i): QuantileTrial => ({ quantilePct: q, spreads: spreadsOf[i], coverage: coverageOf(verdicts[i]) }));
  const chosen = trials[nearest(verdicts, aim)];
  const groups = [...new Set(heldOut.map((c) => c.group))].sort();
  const nestedChoice: Record<string, number> = {};
  const nestedVerdicts: CaseVerdict[] = [];
  for (const g of groups) {
    const i = nearest(verdicts.map((vs) => vs.filter((v) => v.group !== g)), aim);
    nestedChoice[g] = quantiles[i];
    nestedVerdicts.push(...verdicts[i].filter((v) => v.group === g));
  }
  return { trials, chosen, nested: coverageOf(nestedVerdicts), nestedChoice };
}
