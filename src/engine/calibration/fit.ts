/**
 * Fits the roofline's global factors to every usable measurement at once:
 * Nelder–Mead on a weighted absolute log error, with a fast surrogate in the
 * search loop that is re-anchored to the real simulation between rounds.
 */
import type { RooflineFactors } from '../profiles/cost';
import { NIM_FACTOR_KEYS, sharedOnly, type CalibrationFactors, type NimFactorKey } from './factors';
import { LOAD_KINDS, type CalibrationCase, type CaseKind } from './mapping';
import type { Prediction } from './predict';

/** How a factor is kept in range while the search moves freely: shares in (0, 1), times and rates above 0, sharpness above 1. */
type ParamKind = 'share' | 'seconds' | 'positive' | 'above-one';

/** One factor the fit moves: a shared one, or (`nim`) NIM's own value of it. */
export interface FitParam {
  key: keyof RooflineFactors;
  kind: ParamKind;
  nim?: boolean;
}

const SHARED_PARAMS: readonly FitParam[] = [
  { key: 'mfuPrefill', kind: 'share' },
  { key: 'mfuDecode', kind: 'share' },
  { key: 'lowPrecisionMfuScale', kind: 'share' },
  { key: 'lowPrecisionDecodeMfuScale', kind: 'share' },
  { key: 'mbu', kind: 'share' },
  { key: 'attentionFlopsPerByte', kind: 'positive' },
  { key: 'lowPrecisionKvScale', kind: 'share' },
  { key: 'rooflineSharpness', kind: 'above-one' },
  { key: 'iterationOverheadS', kind: 'seconds' },
  { key: 'layerOverheadS', kind: 'seconds' },
  { key: 'allReduceLatencyS', kind: 'seconds' },
  { key: 'interconnectEfficiency', kind: 'share' },
];

/** The factors the fit can move: every shared one, then NIM's own values of `NIM_FACTOR_KEYS`. */
export const FIT_PARAMS: readonly FitParam[] = [
  ...SHARED_PARAMS,
  ...NIM_FACTOR_KEYS.map((key: NimFactorKey): FitParam => ({ key, kind: SHARED_PARAMS.find((p) => p.key === key)!.kind, nim: true })),
];

const MIN_SECONDS = 1e-8;

/**
 * Where every fit starts, so reruns do not depend on the last fitted file:
 * round textbook guesses (MFU 0.6, MBU 0.75, a millisecond of overhead).
 */
const INITIAL_SHARED: RooflineFactors = {
  mfuPrefill: 0.6,
  mfuDecode: 0.5,
  lowPrecisionMfuScale: 0.8,
  lowPrecisionDecodeMfuScale: 0.8,
  mbu: 0.75,
  attentionFlopsPerByte: 10,
  lowPrecisionKvScale: 0.8,
  rooflineSharpness: 4,
  iterationOverheadS: 1e-3,
  layerOverheadS: 2e-5,
  allReduceLatencyS: 1e-5,
  interconnectEfficiency: 0.7,
};

/** The start of every fit: `INITIAL_SHARED`, NIM's own factors starting from the same values. */
export const INITIAL_FACTORS: CalibrationFactors = sharedOnly(INITIAL_SHARED);

type Param = FitParam;

function encodeOne(v: number, kind: ParamKind): number {
  if (kind === 'seconds') return Math.log(Math.max(v, MIN_SECONDS));
  if (kind === 'positive') return Math.log(Math.max(v, 1e-9));
  if (kind === 'above-one') return Math.log(Math.max(v - 1, 1e-6));
  const s = Math.min(Math.max(v, 1e-4), 1 - 1e-4);
  return Math.log(s / (1 - s));
}

function decodeOne(x: number, kind: ParamKind): number {
  if (kind === 'seconds' || kind === 'positive') return Math.exp(x);
  if (kind === 'above-one') return 1 + Math.exp(x);
  return 1 / (1 + Math.exp(-x));
}

const valueIn = (f: CalibrationFactors, p: Param): number => (p.nim ? f.nim[p.key as NimFactorKey] : f[p.key]);

/** Factors → unconstrained search vector over `params` (logit of shares, log of times). */
export function encodeFactors(f: CalibrationFactors, params: readonly Param[] = FIT_PARAMS): number[] {
  return params.map((p) => encodeOne(valueIn(f, p), p.kind));
}

/** Search vector over `params` → factors; factors not searched keep their `base` value. */
export function decodeFactors(x: readonly number[], base: CalibrationFactors, params: readonly Param[] = FIT_PARAMS): CalibrationFactors {
  const out = { ...base, nim: { ...base.nim } };
  params.forEach((p, i) => {
    if (p.nim) out.nim[p.key as NimFactorKey] = decodeOne(x[i], p.kind);
    else out[p.key] = decodeOne(x[i], p.kind);
  });
  return out;
}

/**
 * Loss of a set of predictions: per metric kind, the weighted mean of a
 * smoothed |ln(predicted / measured)|; kinds are then combined with weights
 * ∝ √(rows), so the 319 saturated rows do not drown the 28 TTFT rows, nor a
 * single row outweigh a table. The three metrics of the load file share one
 * table's weight (each gets √(rows / 3)): they are three readings of the same
 * 355 runs. Failed predictions are left out.
 */
export function fitLoss(cases: readonly CalibrationCase[], predicted: readonly (number | null)[]): number {
  const sums = new Map<CaseKind, { loss: number; weight: number; rows: number }>();
  cases.forEach((c, i) => {
    const p = predicted[i];
    if (p === null || !(p > 0)) return;
    const e = Math.log(p / c.measured);
    const g = sums.get(c.kind) ?? { loss: 0, weight: 0, rows: 0 };
    g.loss += c.weight * Math.sqrt(e * e + 1e-4);
    g.weight += c.weight;
    g.rows += 1;
    sums.set(c.kind, g);
  });
  let total = 0;
  let norm = 0;
  for (const [kind, g] of sums) {
    const w = Math.sqrt(LOAD_KINDS.includes(kind) ? g.rows / LOAD_KINDS.length : g.rows);
    total += (w * g.loss) / g.weight;
    norm += w;
  }
  return norm > 0 ? total / norm : Infinity;
}

/** Minimizes `fn` from `x0` with the Nelder–Mead simplex; stops after `maxEvals` or when the simplex stops improving. */
export function nelderMead(fn: (x: number[]) => number, x0: readonly number[], maxEvals = 400, step = 0.4): { x: number[]; fx: number; evals: number } {
  const n = x0.length;
  let evals = 0;
  const f = (x: number[]): number => {
    evals++;
    const v = fn(x);
    return Number.isFinite(v) ? v : 1e9;
  };
  let simplex = [x0.slice(), ...x0.map((_, i) => x0.map((v, j) => (i === j ? v + step : v)))].map((x) => ({ x, fx: f(x) }));
  const combine = (a: number[], b: number[], t: number): number[] => a.map((v, i) => v + t * (b[i] - v));
  while (evals < maxEvals) {
    simplex.sort((a, b) => a.fx - b.fx);
    const best = simplex[0];
    const worst = simplex[n];
    if (Math.abs(worst.fx - best.fx) < 1e-7) break;
    const centroid = x0.map((_, i) => simplex.slice(0, n).reduce((s, p) => s + p.x[i], 0) / n);
    const reflected = combine(centroid, worst.x, -1);
    const fr = f(reflected);
    if (fr < best.fx) {
      const expanded = combine(centroid, worst.x, -2);
      const fe = f(expanded);
      simplex[n] = fe < fr ? { x: expanded, fx: fe } : { x: reflected, fx: fr };
    } else if (fr < simplex[n - 1].fx) {
      simplex[n] = { x: reflected, fx: fr };
    } else {
      const contracted = fr < worst.fx ? combine(centroid, worst.x, -0.5) : combine(centroid, worst.x, 0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, worst.fx)) simplex[n] = { x: contracted, fx: fc };
      else simplex = simplex.map((p, k) => (k === 0 ? p : { x: combine(best.x, p.x, 0.5), fx: f(combine(best.x, p.x, 0.5)) }));
    }
  }
  simplex.sort((a, b) => a.fx - b.fx);
  return { x: simplex[0].x, fx: simplex[0].fx, evals };
}

/** How the fit predicts: `exact` is the lab's simulation, `fast` the surrogate used inside the search. */
export interface FitOptions {
  exact: (c: CalibrationCase, f: CalibrationFactors) => Prediction;
  fast: (c: CalibrationCase, f: CalibrationFactors) => Prediction;
  /** Search rounds; each ends with one exact pass (default 3). */
  rounds?: number;
  /** Surrogate evaluations in the first round, then half as many in each later one (default 600). */
  evals?: number;
  /** Shared factors held at their start value (e.g. `rooflineSharpness` = Infinity for a hard max). */
  fixed?: readonly (keyof RooflineFactors)[];
  /**
   * Check the last round with an exact pass (default true). Off, the last
   * round's factors are returned as searched (cross-validation's short fits,
   * which cannot afford one full simulation of every training row per fold).
   */
  finalCheck?: boolean;
  /** Called after each exact pass with the round number (0 = start) and its loss. */
  onRound?: (round: number, loss: number, factors: CalibrationFactors) => void;
}

/** The fit's outcome: the best factors by exact loss and the loss history. */
export interface FitResult {
  factors: CalibrationFactors;
  /** Exact loss of `factors` (the anchored surrogate's loss when `finalCheck` is off). */
  loss: number;
  history: { round: number; loss: number }[];
}

const valueOf = (p: Prediction): number | null => (p.ok ? p.value : null);

/**
 * Fits `start` to `cases`. Each round multiplies the surrogate by the ratio
 * exact ÷ surrogate measured at the round's start, searches that, then checks
 * the result with an exact pass; the best exact loss wins.
 */
export function fitFactors(cases: readonly CalibrationCase[], start: CalibrationFactors, o: FitOptions): FitResult {
  const rounds = o.rounds ?? 3;
  const params = FIT_PARAMS.filter((p) => p.nim || !(o.fixed ?? []).includes(p.key));
  let current = start;
  let exact = cases.map((c) => valueOf(o.exact(c, current)));
  let best = { factors: current, loss: fitLoss(cases, exact) };
  const history = [{ round: 0, loss: best.loss }];
  o.onRound?.(0, best.loss, current);
  for (let r = 1; r <= rounds; r++) {
    const anchor = cases.map((c, i) => {
      const s = valueOf(o.fast(c, current));
      const e = exact[i];
      return s !== null && e !== null && s > 0 ? e / s : null;
    });
    const base = current;
    const objective = (x: number[]): number => {
      const f = decodeFactors(x, base, params);
      const preds = cases.map((c, i) => {
        const ratio = anchor[i];
        if (ratio === null) return null;
        const s = valueOf(o.fast(c, f));
        return s === null ? null : s * ratio;
      });
      return fitLoss(cases, preds);
    };
    const evals = Math.round((o.evals ?? 600) / 2 ** (r - 1));
    const found = nelderMead(objective, encodeFactors(current, params), evals, r === 1 ? 0.4 : 0.15);
    current = decodeFactors(found.x, base, params);
    if (r === rounds && o.finalCheck === false) {
      history.push({ round: r, loss: found.fx });
      return { factors: current, loss: found.fx, history };
    }
    exact = cases.map((c) => valueOf(o.exact(c, current)));
    const loss = fitLoss(cases, exact);
    history.push({ round: r, loss });
    o.onRound?.(r, loss, current);
    if (loss < best.loss) best = { factors: current, loss };
  }
  return { factors: best.factors, loss: best.loss, history };
}
