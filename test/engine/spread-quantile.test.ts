import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HELD_OUT_FACTORS, chooseSpreadQuantile, evaluateCases, groupOf, heldOutCases, mapLoadRows, parseCsvRecords, spreadsFromHeldOut,
  type CalibrationCase,
} from '../../src/engine/calibration/index';
import { worstGap } from '../../src/engine/calibration/spreadQuantile';
import { coverageOf, heldOutVerdicts } from '../../src/engine/uncertainty/heldOutCoverage';

const LOAD_CSV = new URL('../../data/calibration/measurements-load.csv', import.meta.url);

/** A small held-out set: every 70B run and every tenth 8B run on the H100 (three metrics each). */
function subset(): CalibrationCase[] {
  if (!existsSync(LOAD_CSV)) throw new Error('data/calibration/measurements-load.csv is committed in the repository and missing');
  const all = mapLoadRows(parseCsvRecords(readFileSync(LOAD_CSV, 'utf8'))).cases;
  const ids = [...new Set(all.map((c) => c.id))];
  const keep = new Set(ids.filter((id, i) => {
    const g = groupOf(all.find((c) => c.id === id)!);
    return g === 'llama-3.3-70b × h100-sxm' || (g === 'llama-3.1-8b × h100-sxm' && i % 10 === 0);
  }));
  return all.filter((c) => keep.has(c.id));
}

describe('choosing the percentiles of the spreads on held-out runs', { timeout: 120_000 }, () => {
  const cases = subset();
  const factorsOf = (c: CalibrationCase) => HELD_OUT_FACTORS[groupOf(c)];
  const results = cases.map((c) => evaluateCases([c], factorsOf(c))[0]);
  const heldOut = heldOutCases(cases);
  const quantiles = [10, 2.5];
  let memo: ReturnType<typeof chooseSpreadQuantile> | null = null;
  const chosen = () => (memo ??= chooseSpreadQuantile(results, factorsOf, heldOut, quantiles));

  it('tries each percentile with the spreads it reads, and takes the one whose worst metric is nearest the aim', () => {
    const choice = chosen();
    expect(choice.trials.map((t) => t.quantilePct)).toEqual(quantiles);
    choice.trials.forEach((t) => expect(t.spreads.spreads).toEqual(spreadsFromHeldOut(results, factorsOf, t.quantilePct).spreads));
    // The verdicts, recomputed here from the trial's own spreads, give the coverage the trial reports.
    const verdicts = heldOutVerdicts(heldOut, choice.trials.map((t) => ({ ...t.spreads.spreads, source: '' })));
    choice.trials.forEach((t, i) => expect(t.coverage).toEqual(coverageOf(verdicts[i])));
    const gaps = verdicts.map((v) => worstGap(v, 0.8));
    expect(choice.chosen.quantilePct).toBe(quantiles[gaps[1] < gaps[0] - 1e-12 ? 1 : 0]);
    // Each metric of a row is judged once per trial.
    for (const t of choice.trials) expect(t.coverage.map((c) => c.cases)).toEqual([heldOut.length / 3, heldOut.length / 3, heldOut.length / 3]);
  });

  it('aiming at all inside takes the trial whose lowest inside share is highest', () => {
    const all = chooseSpreadQuantile(results, factorsOf, heldOut, quantiles, 1);
    const minInside = (q: number) => Math.min(...all.trials.find((t) => t.quantilePct === q)!.coverage.map((c) => c.insideShare));
    for (const q of quantiles) expect(minInside(all.chosen.quantilePct)).toBeGreaterThanOrEqual(minInside(q));
  });

  it('the nested check chooses for each group without its rows, and judges every run once', () => {
    const choice = chosen();
    expect(Object.keys(choice.nestedChoice).sort()).toEqual([...new Set(heldOut.map((c) => c.group))].sort());
    for (const q of Object.values(choice.nestedChoice)) expect(quantiles).toContain(q);
    expect(choice.nested.map((c) => c.cases)).toEqual(choice.chosen.coverage.map((c) => c.cases));
  });

  it('refuses an empty list of percentiles', () => {
    expect(() => chooseSpreadQuantile(results, factorsOf, heldOut, [])).toThrow(/at least one/);
  });
});
