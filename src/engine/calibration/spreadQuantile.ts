/**
 * How wide the ranges are drawn: the spreads are a low and a high percentile
 * of the held-out multipliers, chosen so the measured mean TTFT, mean TPOT
 * and throughput of held-out runs each fall inside the range about 80% of
 * the time (a range that always holds the truth says as little as one that
 * never does). Two steps, because the inputs do not move the same metrics:
 * 1. KV capacity, step cost and front end share one percentile, judged on
 *    TPOT and throughput (the step cost moves all three metrics, and widening
 *    it for TTFT's sake would make the other two hold nearly everything);
 * 2. with those fixed, the prefill cost's percentile is judged on TTFT (it
 *    moves TTFT and barely the rest).
 * Each step takes the percentile whose worst judged metric is nearest 80%.
 *
 * The choice uses the same held-out rows it is judged on, so a nested check
 * is reported beside it: for each group, both percentiles are chosen on the
 * other groups' rows only, and that group's rows are judged with them.
 */
import type { HeldOutMetric } from './heldout';
import { coverageOf, heldOutVerdicts, type CaseVerdict, type HeldOutMetricCoverage } from '../uncertainty/heldOutCoverage';
import type { PredictionSpreads } from '../uncertainty/spreads';
import type { CalibrationFactors } from './factors';
import type { HeldOutCase } from './heldout';
import type { CalibrationCase } from './mapping';
import type { CaseResult } from './report';
import { spreadsFromHeldOut, type HeldOutSpreads, type SpreadInput } from './spreads';

/** Low percentiles tried for KV capacity, step cost and front end, narrowest band first (10 → p10 and p90). */
export const SPREAD_QUANTILES_PCT: readonly number[] = [10, 7.5, 5, 2.5];
/** Low percentiles tried for the prefill cost, narrowest band first. */
export const PREFILL_QUANTILES_PCT: readonly number[] = [45, 40, 35, 30, 25, 20, 15, 10];
/** Share of held-out values the range aims to hold. */
export const COVERAGE_AIM = 0.8;
/** What the first step judges: the metrics the step cost moves beside TTFT. */
export const BASE_METRICS: readonly HeldOutMetric[] = ['tpotMs', 'outputTokPerSec'];
/** What the second step judges. */
export const PREFILL_METRICS: readonly HeldOutMetric[] = ['ttftMs'];

/** One percentile pair tried: its spreads and their coverage on the held-out runs. */
export interface QuantileTrial {
  /** Low percentile of KV capacity, step cost and front end. */
  quantilePct: number;
  /** Low percentile of the prefill cost, or null when the trial has no prefill spread (the first step). */
  prefillQuantilePct: number | null;
  spreads: HeldOutSpreads;
  coverage: HeldOutMetricCoverage[];
}

/** The percentiles chosen, every pair tried, and the nested check. */
export interface SpreadQuantileChoice {
  /** First step: each shared percentile, no prefill spread. */
  trials: QuantileTrial[];
  /** Second step: the chosen shared percentile with each prefill percentile. */
  prefillTrials: QuantileTrial[];
  chosen: QuantileTrial;
  /** Coverage when each group is judged at the percentiles chosen without its rows. */
  nested: HeldOutMetricCoverage[];
  /** Percentiles the nested check chose for each group (key: model × GPU). */
  nestedChoice: Record<string, { quantilePct: number; prefillQuantilePct: number }>;
}

/** The largest distance from `aim` of the inside share of any of `metrics` in `vs`. */
export function worstGap(vs: readonly CaseVerdict[], aim: number, metrics?: readonly HeldOutMetric[]): number {
  return Math.max(...coverageOf(vs).filter((c) => !metrics || metrics.includes(c.metric)).map((c) => Math.abs(c.insideShare - aim)));
}

/** Index of the trial whose worst metric is nearest `aim`; a tie goes to the narrower band (tried first). */
function nearest(verdictsOf: readonly CaseVerdict[][], aim: number, metrics: readonly HeldOutMetric[]): number {
  let best = 0;
  verdictsOf.forEach((vs, i) => {
    if (worstGap(vs, aim, metrics) < worstGap(verdictsOf[best], aim, metrics) - 1e-12) best = i;
  });
  return best;
}

const NO_PREFILL: readonly [number, number] = [1, 1];

/**
 * Tries the percentiles on the held-out results (`results`: each case
 * predicted by its fold; `factorsOf`: that fold's factors) and judges them on
 * `heldOut` (the runs under load on their folds' servers).
 */
export function chooseSpreadQuantile(
  results: readonly CaseResult[],
  factorsOf: (c: CalibrationCase) => CalibrationFactors,
  heldOut: readonly HeldOutCase[],
  quantiles: readonly number[] = SPREAD_QUANTILES_PCT,
  aim = COVERAGE_AIM,
  prefillQuantiles: readonly number[] = PREFILL_QUANTILES_PCT,
): SpreadQuantileChoice {
  if (quantiles.length === 0 || prefillQuantiles.length === 0) throw new RangeError('chooseSpreadQuantile needs at least one percentile of each kind');
  const asRun = (s: HeldOutSpreads): PredictionSpreads => ({ ...s.spreads, source: '' });
  const base = quantiles.map((q): HeldOutSpreads => {
    const s = spreadsFromHeldOut(results, factorsOf, q);
    return { ...s, spreads: { ...s.spreads, prefillCost: NO_PREFILL } };
  });
  const baseVerdicts = heldOutVerdicts(heldOut, base.map(asRun));
  const trials = quantiles.map((q, i): QuantileTrial => ({ quantilePct: q, prefillQuantilePct: null, spreads: base[i], coverage: coverageOf(baseVerdicts[i]) }));
  // Second-step verdicts for one shared percentile, made once each (the nested check may ask for another).
  const stepTwo = new Map<number, { spreads: HeldOutSpreads[]; verdicts: CaseVerdict[][] }>();
  const second = (i: number): { spreads: HeldOutSpreads[]; verdicts: CaseVerdict[][] } => {
    let hit = stepTwo.get(i);
    if (!hit) {
      const q = quantiles[i];
      const spreads = prefillQuantiles.map((pq) => spreadsFromHeldOut(results, factorsOf, { kvCapacity: q, stepCost: q, frontend: q, prefillCost: pq }));
      hit = { spreads, verdicts: heldOutVerdicts(heldOut, spreads.map(asRun)) };
      stepTwo.set(i, hit);
    }
    return hit;
  };
  const bi = nearest(baseVerdicts, aim, BASE_METRICS);
  const two = second(bi);
  const prefillTrials = prefillQuantiles.map((pq, j): QuantileTrial => ({ quantilePct: quantiles[bi], prefillQuantilePct: pq, spreads: two.spreads[j], coverage: coverageOf(two.verdicts[j]) }));
  const chosen = prefillTrials[nearest(two.verdicts, aim, PREFILL_METRICS)];
  const groups = [...new Set(heldOut.map((c) => c.group))].sort();
  const nestedChoice: SpreadQuantileChoice['nestedChoice'] = {};
  const nestedVerdicts: CaseVerdict[] = [];
  for (const g of groups) {
    const without = (vs: readonly CaseVerdict[]): CaseVerdict[] => vs.filter((v) => v.group !== g);
    const i = nearest(baseVerdicts.map(without), aim, BASE_METRICS);
    const { verdicts } = second(i);
    const j = nearest(verdicts.map(without), aim, PREFILL_METRICS);
    nestedChoice[g] = { quantilePct: quantiles[i], prefillQuantilePct: prefillQuantiles[j] };
    nestedVerdicts.push(...verdicts[j].filter((v) => v.group === g));
  }
  return { trials, prefillTrials, chosen, nested: coverageOf(nestedVerdicts), nestedChoice };
}

/** The spread inputs, in the order reports list them. */
export const SPREAD_INPUTS: readonly SpreadInput[] = ['kvCapacity', 'stepCost', 'prefillCost', 'frontend'];

/** One input's share of the ranges: coverage with its spread alone, and with every spread but its own. */
export interface InputAtATime {
  input: SpreadInput;
  /** The others at [1, 1]: what this input's spread does by itself. */
  alone: HeldOutMetricCoverage[];
  /** This input at [1, 1]: what the ranges lose without it. */
  without: HeldOutMetricCoverage[];
}

/**
 * The one-at-a-time evidence for `spreads`: each input's spread alone and
 * every spread but that input's, judged on the held-out runs like the choice.
 */
export function inputsOneAtATime(heldOut: readonly HeldOutCase[], spreads: Omit<PredictionSpreads, 'source'>): InputAtATime[] {
  const none: readonly [number, number] = [1, 1];
  const variants: PredictionSpreads[] = SPREAD_INPUTS.flatMap((input) => {
    const alone = { kvCapacity: none, stepCost: none, prefillCost: none, frontend: none, [input]: spreads[input], source: '' };
    return [alone, { ...spreads, [input]: none, source: '' }];
  });
  const verdicts = heldOutVerdicts(heldOut, variants);
  return SPREAD_INPUTS.map((input, i) => ({ input, alone: coverageOf(verdicts[2 * i]), without: coverageOf(verdicts[2 * i + 1]) }));
}
