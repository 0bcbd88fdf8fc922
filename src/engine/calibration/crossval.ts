/**
 * Leave-one-group-out cross-validation: for every model × GPU group, fit the
 * factors without that group's rows and predict them with that fit. The
 * errors on rows a fit never saw say how far the calibration carries to a
 * model or GPU it was not tuned on; the in-sample errors cannot.
 */
import type { RooflineFactors } from '../profiles/cost';
import type { CalibrationFactors } from './factors';
import type { FitResult } from './fit';
import type { CalibrationCase } from './mapping';
import type { Prediction } from './predict';
import type { CaseResult } from './report';

/** The group a case is held out with: its catalog model and GPU ("llama-3.1-8b × h100-sxm"). */
export function groupOf(c: CalibrationCase): string {
  return `${c.spec.model} × ${c.spec.gpu}`;
}

/** One fold: the group held out and the factors fitted without it. */
export interface Fold {
  group: string;
  /** Cases the fold's fit saw (every case outside `group`). */
  trainingCases: number;
  /** Cases of `group`, predicted with `factors`. */
  heldOutCases: number;
  factors: CalibrationFactors;
  /** The fold fit's loss on its training cases. */
  loss: number;
}

/** Every fold, and every case predicted by the fold that left it out. */
export interface CrossValidation {
  folds: Fold[];
  /** One result per input case, in input order, each predicted by the fit that did not see its group. */
  results: CaseResult[];
}

/** How to cross-validate: the fit (given only training cases) and the predictor for held-out ones. */
export interface CrossValidationOptions {
  /** Fits factors to the training cases it is given; it never receives a held-out case. */
  fit: (training: readonly CalibrationCase[]) => FitResult;
  /** Predicts one held-out case with its fold's factors. */
  predict: (c: CalibrationCase, f: CalibrationFactors) => Prediction;
  /** Group of a case (default `groupOf`: model × GPU). */
  groupOf?: (c: CalibrationCase) => string;
  /** Called after each fold (progress). */
  onFold?: (fold: Fold, index: number, total: number) => void;
}

/**
 * Leave-one-group-out cross-validation of `cases`: one fit per group on all
 * other groups' cases, then that group's cases predicted with it. Groups are
 * taken in sorted order, so a rerun is the same.
 */
export function crossValidate(cases: readonly CalibrationCase[], o: CrossValidationOptions): CrossValidation {
  const group = o.groupOf ?? groupOf;
  const groups = [...new Set(cases.map(group))].sort();
  const folds: Fold[] = [];
  const byCase = new Map<CalibrationCase, CaseResult>();
  groups.forEach((g, i) => {
    const training = cases.filter((c) => group(c) !== g);
    const held = cases.filter((c) => group(c) === g);
    const fitted = o.fit(training);
    const fold: Fold = { group: g, trainingCases: training.length, heldOutCases: held.length, factors: fitted.factors, loss: fitted.loss };
    folds.push(fold);
    for (const c of held) {
      const p = o.predict(c, fitted.factors);
      byCase.set(c, p.ok ? { case: c, predicted: p.value, error: p.value / c.measured - 1, notes: p.notes } : { case: c, predicted: null, error: null, notes: [p.reason] });
    }
    o.onFold?.(fold, i, groups.length);
  });
  return { folds, results: cases.map((c) => byCase.get(c)!) };
}

/**
 * `predict` with its results kept for one set of factors only: every fold's
 * fit starts from the same textbook factors, so the exact pass at that start
 * is the same in every fold and is computed once.
 */
export function memoizeFor<F extends RooflineFactors>(
  factors: F,
  predict: (c: CalibrationCase, f: F) => Prediction,
): (c: CalibrationCase, f: F) => Prediction {
  const memo = new Map<CalibrationCase, Prediction>();
  return (c, f) => {
    if (f !== factors) return predict(c, f);
    let p = memo.get(c);
    if (!p) {
      p = predict(c, f);
      memo.set(c, p);
    }
    return p;
  };
}
