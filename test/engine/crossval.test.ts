import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  COMMITTED_FACTORS, INITIAL_FACTORS, crossValidate, fitFactors, groupOf, heldOutCases, heldOutVerdicts, errorTable, kvMultiplierFor, mapLoadRows,
  memoizeFor, parseCsvRecords, predictLoadCase, spreadsFromHeldOut, spreadsSource,
  type CalibrationCase, type CalibrationFactors, type CaseResult, type Prediction,
} from '../../src/engine/calibration/index';
import { HELD_OUT_FACTORS } from '../../src/engine/calibration/folds';
import { simulate } from '../../src/engine/simulate';
import { PREDICTION_SPREADS } from '../../src/engine/uncertainty/spreads';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** A first-token case of a made-up group; the toy predictor below reads only `mfuPrefill`. */
function toyCase(id: string, model: string, gpu: string, measured: number): CalibrationCase {
  return {
    id, source: 'synthetic', kind: 'ttft-batch1', spec: { model, gpu, precision: 'fp16', kvPrecision: 'fp16', tp: 1 },
    inputTokens: 128, outputTokens: 1, batch: 1, measured, weight: 1, assumptions: [],
  };
}
const toyPredict = (_c: CalibrationCase, f: CalibrationFactors): Prediction => ({ ok: true, value: 400 * f.mfuPrefill, notes: [] });
const toyFit = (training: readonly CalibrationCase[]) => fitFactors(training, INITIAL_FACTORS, { exact: toyPredict, fast: toyPredict, rounds: 1, evals: 300, finalCheck: false });

// Two groups agree (50 ms), a third disagrees with more rows (200 ms): a fit that saw the third would be pulled to it.
const SYNTHETIC = [
  toyCase('a1', 'm-a', 'g', 50), toyCase('b1', 'm-b', 'g', 50),
  ...[1, 2, 3, 4, 5].map((i) => toyCase(`c${i}`, 'm-c', 'g', 200)),
];

describe('leave-one-group-out cross-validation', () => {
  it('gives every fit only the cases outside its group, and predicts each group with the fit that left it out', () => {
    const seen: string[][] = [];
    const cv = crossValidate(SYNTHETIC, { fit: (training) => { seen.push(training.map((c) => c.id)); return toyFit(training); }, predict: toyPredict });
    expect(cv.folds.map((f) => f.group)).toEqual(['m-a × g', 'm-b × g', 'm-c × g']);
    expect(seen).toEqual([['b1', 'c1', 'c2', 'c3', 'c4', 'c5'], ['a1', 'c1', 'c2', 'c3', 'c4', 'c5'], ['a1', 'b1']]);
    expect(cv.results.map((r) => r.case.id)).toEqual(SYNTHETIC.map((c) => c.id));
    expect(cv.folds.map((f) => [f.trainingCases, f.heldOutCases])).toEqual([[6, 1], [6, 1], [2, 5]]);
  });

  it('fails a leak: the disagreeing group is predicted from the others alone, not from itself', () => {
    const cv = crossValidate(SYNTHETIC, { fit: toyFit, predict: toyPredict });
    const c = cv.results.filter((r) => groupOf(r.case) === 'm-c × g');
    // Fitted on the two 50 ms groups only: about 50 ms, so 75% short of the 200 measured.
    for (const r of c) expect(r.predicted!).toBeCloseTo(50, 0);
    for (const r of c) expect(r.error!).toBeCloseTo(-0.75, 2);
    // The same fit given every case (a leak) lands on the held-out group's own value instead.
    const leaked = toyFit(SYNTHETIC);
    expect(400 * leaked.factors.mfuPrefill).toBeGreaterThan(190);
    // And the groups that agree are predicted by a fit dominated by the outlier, so they miss by far.
    expect(cv.results.find((r) => r.case.id === 'a1')!.predicted!).toBeGreaterThan(150);
  });

  it('computes the shared start only once across folds', () => {
    let calls = 0;
    const counted = memoizeFor(INITIAL_FACTORS, (c: CalibrationCase, f: CalibrationFactors) => { calls++; return toyPredict(c, f); });
    counted(SYNTHETIC[0], INITIAL_FACTORS);
    counted(SYNTHETIC[0], INITIAL_FACTORS);
    expect(calls).toBe(1);
    counted(SYNTHETIC[0], { ...INITIAL_FACTORS });
    expect(calls).toBe(2);
  });

  it('judges the held-out lines against their own targets (TTFT p90 ≤ 60%, TPOT and throughput by median only)', () => {
    const mk = (kind: CaseResult['case']['kind'], err: number): CaseResult => ({ case: { ...SYNTHETIC[0], kind }, predicted: 1 + err, error: err, notes: [] });
    const v = heldOutVerdicts(errorTable([mk('load-ttft', 0.1), mk('load-ttft', 0.7), mk('load-tpot', 0.14), mk('load-throughput', 0.16)]));
    expect(v.map((x) => [x.kind, x.met])).toEqual([['load-ttft', false], ['load-tpot', true], ['load-throughput', false]]);
  });
});

describe('spreads for the ranges', () => {
  it('the committed spreads file is exactly what the generator writes for its values, each bracketing 1', () => {
    const file = readFileSync(resolve(repo, 'src/engine/uncertainty/spreads.ts'), 'utf8');
    expect(spreadsSource(PREDICTION_SPREADS)).toBe(file);
    for (const k of ['kvCapacity', 'stepCost', 'prefillCost', 'frontend'] as const) {
      const [lo, hi] = PREDICTION_SPREADS[k];
      expect(lo).toBeLessThan(1);
      expect(hi).toBeGreaterThan(1);
    }
  });

  it('reads the step-cost spread off TPOT and throughput residuals as percentiles of their log-ratios', () => {
    const tpot = (measured: number, predicted: number): CaseResult => ({ case: { ...SYNTHETIC[0], kind: 'load-tpot', measured }, predicted, error: predicted / measured - 1, notes: [] });
    const thr = (measured: number, predicted: number): CaseResult => ({ case: { ...SYNTHETIC[0], kind: 'load-throughput', measured }, predicted, error: predicted / measured - 1, notes: [] });
    // Multipliers 0.5, 1, 1, 2 and (throughput: the lab 2× too high means the steps really cost 2×) 2.
    const s = spreadsFromHeldOut([tpot(5, 10), tpot(10, 10), tpot(10, 10), tpot(20, 10), thr(100, 200)], () => COMMITTED_FACTORS);
    expect(s.evidence.stepCost.rows).toBe(5);
    // Log-multipliers sorted, a = ln 2: [-a, 0, 0, a, a]; p10 at index 0.4 → -0.6a; p90 at index 3.6 → a.
    expect(s.evidence.stepCost.low).toBeCloseTo(2 ** -0.6, 9);
    expect(s.evidence.stepCost.high).toBeCloseTo(2, 9);
    expect(s.spreads.stepCost).toEqual([Number((2 ** -0.6).toPrecision(3)), 2]);
    // At the 25th and 75th: index 1 → 0 (kept below 1 as 0.99), index 3 → a.
    const q25 = spreadsFromHeldOut([tpot(5, 10), tpot(10, 10), tpot(10, 10), tpot(20, 10), thr(100, 200)], () => COMMITTED_FACTORS, 25);
    expect(q25.evidence.stepCost).toMatchObject({ quantilePct: 25, low: 1, high: 2 });
    expect(q25.spreads.stepCost).toEqual([0.99, 2]);
    // One percentile per input: the step cost's is the one that counts here.
    const mixed = spreadsFromHeldOut([tpot(5, 10), tpot(10, 10), tpot(10, 10), tpot(20, 10), thr(100, 200)], () => COMMITTED_FACTORS, { kvCapacity: 10, stepCost: 25, prefillCost: 10, frontend: 10 });
    expect(mixed.evidence.stepCost.low).toBe(1);
    expect(() => spreadsFromHeldOut([], () => COMMITTED_FACTORS, 50)).toThrow(/between 0 and 50/);
  });
});

const LOAD_CSV = resolve(repo, 'data/calibration/measurements-load.csv');

describe('held-out cases for coverage', { timeout: 120_000 }, () => {
  const cases = existsSync(LOAD_CSV) ? mapLoadRows(parseCsvRecords(readFileSync(LOAD_CSV, 'utf8'))).cases : [];

  it('builds each scenario with the fold that never saw its group, so simulating it gives that fold\'s prediction', () => {
    expect(Object.keys(HELD_OUT_FACTORS).length).toBeGreaterThan(2);
    const held = heldOutCases(cases);
    const loadGroups = new Set(cases.map(groupOf));
    expect(new Set(held.map((h) => h.group))).toEqual(loadGroups);
    expect(held.length).toBe(cases.length);
    const c = cases.find((x) => x.id === 'L0360' && x.kind === 'load-ttft')!;
    const h = held.find((x) => x.id === 'L0360' && x.metric === 'ttftMs')!;
    expect(h.measured).toBe(c.measured);
    const fromScenario = simulate(h.scenario).metrics.ttftMs.mean;
    const fold = predictLoadCase(c, HELD_OUT_FACTORS[groupOf(c)]);
    expect(fold.ok && fold.value).toBeCloseTo(fromScenario, 6);
    // A group without a fold is left out rather than given factors that saw it.
    const { [groupOf(c)]: _dropped, ...others } = HELD_OUT_FACTORS;
    expect(_dropped).toBeDefined();
    expect(heldOutCases(cases, others).some((x) => x.group === groupOf(c))).toBe(false);
  });

  it('explains a queue longer than the lab\'s with less KV capacity, and an exact match with about the fitted capacity', () => {
    // 250 users of 2,000/2,000 on one A100: memory binds, requests queue.
    const c = cases.find((x) => x.id === 'L0075' && x.kind === 'load-ttft')!;
    const p = predictLoadCase(c, COMMITTED_FACTORS);
    expect(p.ok).toBe(true);
    const lab = p.ok ? p.value : NaN;
    const at = (measured: number) => kvMultiplierFor({ case: { ...c, measured }, predicted: lab, error: lab / measured - 1, notes: [] }, COMMITTED_FACTORS);
    const same = at(lab)!;
    expect(same.k).toBeGreaterThan(0.9);
    expect(same.k).toBeLessThan(1.1);
    expect(at(lab * 1.5)!.k).toBeLessThan(same.k);
    expect(at(lab / 1.5)!.k).toBeGreaterThan(same.k);
  });
});
