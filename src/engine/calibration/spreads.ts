/**
 * The spreads the ranges use, read off the held-out residuals of the
 * cross-validation: for each thing the lab is unsure of, the multiplier that
 * would have explained each held-out row, and a low and a high percentile
 * of those multipliers (the 10th and 90th unless `spreadQuantile.ts` chose
 * others). docs/calibration.md explains the attribution.
 */
import { percentileSorted } from '../stats';
import type { PredictionSpreads } from '../uncertainty/spreads';
import type { CalibrationFactors } from './factors';
import { setupFor, surrogateLoadWaves } from './load';
import type { CalibrationCase, CaseKind } from './mapping';
import { prefillMultiplierOf } from './prefillSpread';
import type { CaseResult } from './report';

/** Kinds whose residual is read as a step-cost multiplier, and its direction (+1: measured ÷ lab is the multiplier; −1: lab ÷ measured). */
const STEP_COST_KINDS: Partial<Record<CaseKind, 1 | -1>> = {
  'load-tpot': 1,
  'ttft-batch1': 1,
  'static-e2e': 1,
  'load-throughput': -1,
  'saturated-throughput': -1,
  'static-throughput': -1,
};

/** KV multipliers searched when explaining a queue (a row needing more is clamped to the end). */
const KV_RANGE: readonly [number, number] = [0.5, 2];
/** Front-end multipliers are clamped to this range. */
const FRONTEND_RANGE: readonly [number, number] = [0.25, 4];

/** The multipliers behind one spread: how many rows gave one, and the [low, high] percentiles of them. */
export interface SpreadEvidence {
  rows: number;
  /** Rows clamped to the end of the searched range. */
  clamped: number;
  /** The low percentile taken (10 for p10 and p90), 0 < q < 50. */
  quantilePct: number;
  /** The q-th percentile of the multipliers. */
  low: number;
  /** The (100 − q)-th percentile of the multipliers. */
  high: number;
}

/** The inputs a spread is read for. */
export type SpreadInput = 'kvCapacity' | 'stepCost' | 'prefillCost' | 'frontend';

/** The low percentile each spread is read at (10: its p10 and p90). */
export type SpreadQuantiles = Record<SpreadInput, number>;

/** The spreads and the evidence behind each. */
export interface HeldOutSpreads {
  spreads: Omit<PredictionSpreads, 'source'>;
  evidence: Record<SpreadInput, SpreadEvidence>;
}

function evidence(multipliers: readonly number[], clamped: number, quantilePct: number): SpreadEvidence {
  const logs = Float64Array.from(multipliers.map(Math.log)).sort();
  return { rows: multipliers.length, clamped, quantilePct, low: Math.exp(percentileSorted(logs, quantilePct)), high: Math.exp(percentileSorted(logs, 100 - quantilePct)) };
}

/** [lo, hi] from evidence, kept on either side of 1 (a spread that does not contain 1 would move every prediction). */
function bracket(e: SpreadEvidence): readonly [number, number] {
  const round = (v: number): number => Number(v.toPrecision(3));
  return [round(Math.min(e.low, 0.99)), round(Math.max(e.high, 1.01))];
}

/**
 * The KV-capacity multiplier that makes the wave model's TTFT (anchored to
 * the simulation by their ratio at the fitted capacity) equal the measured
 * one, by bisection on its logarithm; null when memory cannot explain the
 * row (the whole concurrency fits even at the top of the range and the lab
 * is still too slow), or when memory does not bind anywhere in the range.
 */
export function kvMultiplierFor(r: CaseResult, factors: CalibrationFactors): { k: number; clamped: boolean } | null {
  const c = r.case;
  if (r.predicted === null || !(r.predicted > 0)) return null;
  const at = (k: number) => surrogateLoadWaves(c, factors, setupFor(c), k);
  const low = at(KV_RANGE[0]);
  const one = at(1);
  const high = at(KV_RANGE[1]);
  if (typeof low === 'string' || typeof one === 'string' || typeof high === 'string') return null;
  if (low.batch >= c.batch) return null;
  const anchor = r.predicted / one.ttftMs;
  const g = (k: number): number => {
    const w = at(k);
    return typeof w === 'string' ? NaN : Math.log((anchor * w.ttftMs) / c.measured);
  };
  if (g(KV_RANGE[0]) <= 0) return { k: KV_RANGE[0], clamped: true };
  if (g(KV_RANGE[1]) >= 0) return high.batch >= c.batch ? null : { k: KV_RANGE[1], clamped: true };
  let lo = Math.log(KV_RANGE[0]);
  let hi = Math.log(KV_RANGE[1]);
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (g(Math.exp(mid)) > 0) lo = mid;
    else hi = mid;
  }
  return { k: Math.exp((lo + hi) / 2), clamped: false };
}

/**
 * Spreads from held-out results (`factorsOf` gives the factors of the fold
 * that predicted each case):
 * - step cost: every row whose metric scales with the cost of an iteration
 *   (TPOT, batch-1 TTFT, static E2E as measured ÷ lab; throughputs as lab ÷
 *   measured);
 * - KV capacity: TTFT under load where memory binds within [0.5, 2] × the
 *   fitted capacity, each row's multiplier the one that explains its TTFT;
 * - front end: the other rows of TTFT under load above one user, the whole
 *   residual (measured ÷ lab) charged to the front end, clamped to [0.25, 4];
 * - prefill cost: batch-1 TTFT and the TTFTs under load that memory does not
 *   explain (at every concurrency), each row's multiplier the one on the
 *   prefill part of each step that gives its TTFT (`prefillSpread.ts`).
 * Each spread is its `quantilePct`-th and (100 − `quantilePct`)-th percentile
 * (one figure for all four, or one per input).
 */
export function spreadsFromHeldOut(results: readonly CaseResult[], factorsOf: (c: CalibrationCase) => CalibrationFactors, quantilePct: number | SpreadQuantiles = 10): HeldOutSpreads {
  const q: SpreadQuantiles = typeof quantilePct === 'number' ? { kvCapacity: quantilePct, stepCost: quantilePct, prefillCost: quantilePct, frontend: quantilePct } : quantilePct;
  for (const v of Object.values(q)) if (!(v > 0 && v < 50)) throw new RangeError(`a spread's percentile must be between 0 and 50, got ${v}`);
  const step: number[] = [];
  const kv: number[] = [];
  const front: number[] = [];
  const prefill: number[] = [];
  let kvClamped = 0;
  let frontClamped = 0;
  let prefillClamped = 0;
  const notePrefill = (r: CaseResult): void => {
    const p = prefillMultiplierOf(r, factorsOf(r.case));
    if (!p) return;
    prefill.push(p.k);
    if (p.clamped) prefillClamped++;
  };
  for (const r of results) {
    if (r.error === null || r.predicted === null) continue;
    const dir = STEP_COST_KINDS[r.case.kind];
    if (dir) step.push((r.case.measured / r.predicted) ** dir);
    if (r.case.kind === 'ttft-batch1') notePrefill(r);
    if (r.case.kind !== 'load-ttft') continue;
    const m = kvMultiplierFor(r, factorsOf(r.case));
    if (m) {
      kv.push(m.k);
      if (m.clamped) kvClamped++;
      continue;
    }
    notePrefill(r);
    if (r.case.batch > 1) {
      const ratio = r.case.measured / r.predicted;
      const clamped = Math.min(Math.max(ratio, FRONTEND_RANGE[0]), FRONTEND_RANGE[1]);
      if (clamped !== ratio) frontClamped++;
      front.push(clamped);
    }
  }
  const ev = {
    kvCapacity: evidence(kv, kvClamped, q.kvCapacity),
    stepCost: evidence(step, 0, q.stepCost),
    prefillCost: evidence(prefill, prefillClamped, q.prefillCost),
    frontend: evidence(front, frontClamped, q.frontend),
  };
  return { spreads: { kvCapacity: bracket(ev.kvCapacity), stepCost: bracket(ev.stepCost), prefillCost: bracket(ev.prefillCost), frontend: bracket(ev.frontend) }, evidence: ev };
}

/** Source of src/engine/uncertainty/spreads.ts with `s` as its values. */
export function spreadsSource(s: PredictionSpreads): string {
  const pair = (p: readonly [number, number]): string => `[${p[0]}, ${p[1]}]`;
  return `/** Relative spreads of what the lab is unsure of, from held-out calibration residuals. GENERATED by npm run calibrate. */
export interface PredictionSpreads {
  /** Multipliers [lo, hi] on KV capacity in tokens (lo < 1 < hi). */
  kvCapacity: readonly [number, number];
  /** Multipliers [lo, hi] on every iteration's cost. */
  stepCost: readonly [number, number];
  /** Multipliers [lo, hi] on the prefill part of every iteration's cost (what its prompt chunks add to its decode steps). */
  prefillCost: readonly [number, number];
  /** Multipliers [lo, hi] on the front end's per-request cost (and an added floor in ms where the scenario has none). */
  frontend: readonly [number, number];
  /** Where the numbers come from (e.g. "leave-one-group-out residuals, 14 groups, npm run calibrate 2026-12-01"), or "provisional: …". */
  source: string;
}

/** The spreads every range uses (see docs/calibration.md, "Spreads for the ranges"). */
export const PREDICTION_SPREADS: PredictionSpreads = {
  kvCapacity: ${pair(s.kvCapacity)},
  stepCost: ${pair(s.stepCost)},
  prefillCost: ${pair(s.prefillCost)},
  frontend: ${pair(s.frontend)},
  source: ${JSON.stringify(s.source)},
};
`;
}
