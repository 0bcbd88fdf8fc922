import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  HELD_OUT_FACTORS, chooseSpreadQuantile, evaluateCases, groupOf, heldOutCases, mapLoadRows, parseCsvRecords, spreadsFromHeldOut,
  type CalibrationCase,
} from '../../src/engine/calibration/index';
import { BASE_METRICS, inputsOneAtATime, worstGap } from '../../src/engine/calibration/spreadQuantile';
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
  const prefillQuantiles = [40, 20];
  let memo: ReturnType<typeof chooseSpreadQuantile> | null = null;
  const chosen = () => (memo ??= chooseSpreadQuantile(results, factorsOf, heldOut, quantiles, 0.8, prefillQuantiles));

  it('first step: each shared percentile without a prefill spread, the one whose worse of TPOT and throughput is nearest the aim', () => {
    const choice = chosen();
    expect(choice.trials.map((t) => [t.quantilePct, t.prefillQuantilePct])).toEqual([[10, null], [2.5, null]]);
    choice.trials.forEach((t) => expect(t.spreads.spreads).toEqual({ ...spreadsFromHeldOut(results, factorsOf, t.quantilePct).spreads, prefillCost: [1, 1] }));
    // The verdicts, recomputed here from the trial's own spreads, give the coverage the trial reports.
    const verdicts = heldOutVerdicts(heldOut, choice.trials.map((t) => ({ ...t.spreads.spreads, source: '' })));
    choice.trials.forEach((t, i) => expect(t.coverage).toEqual(coverageOf(verdicts[i])));
    const gaps = verdicts.map((v) => worstGap(v, 0.8, BASE_METRICS));
    expect(choice.chosen.quantilePct).toBe(quantiles[gaps[1] < gaps[0] - 1e-12 ? 1 : 0]);
    // Each metric of a row is judged once per trial.
    for (const t of choice.trials) expect(t.coverage.map((c) => c.cases)).toEqual([heldOut.length / 3, heldOut.length / 3, heldOut.length / 3]);
  });

  it('second step: the chosen shared percentile with each prefill percentile, the one whose TTFT is nearest the aim', () => {
    const choice = chosen();
    const q = choice.chosen.quantilePct;
    expect(choice.prefillTrials.map((t) => [t.quantilePct, t.prefillQuantilePct])).toEqual(prefillQuantiles.map((pq) => [q, pq]));
    const wanted = prefillQuantiles.map((pq) => spreadsFromHeldOut(results, factorsOf, { kvCapacity: q, stepCost: q, frontend: q, prefillCost: pq }).spreads);
    choice.prefillTrials.forEach((t, i) => expect(t.spreads.spreads).toEqual(wanted[i]));
    // A wider prefill band is wider: its low end lower, its high end higher.
    expect(wanted[1].prefillCost[0]).toBeLessThanOrEqual(wanted[0].prefillCost[0]);
    expect(wanted[1].prefillCost[1]).toBeGreaterThanOrEqual(wanted[0].prefillCost[1]);
    const verdicts = heldOutVerdicts(heldOut, wanted.map((w) => ({ ...w, source: '' })));
    const gaps = verdicts.map((v) => worstGap(v, 0.8, ['ttftMs']));
    expect(choice.chosen.prefillQuantilePct).toBe(prefillQuantiles[gaps[1] < gaps[0] - 1e-12 ? 1 : 0]);
    expect(choice.chosen).toBe(choice.prefillTrials.find((t) => t.prefillQuantilePct === choice.chosen.prefillQuantilePct));
  });

  it('aiming at all inside takes, in each step, the trial whose lowest judged inside share is highest', () => {
    const all = chooseSpreadQuantile(results, factorsOf, heldOut, quantiles, 1, prefillQuantiles);
    const minInside = (t: (typeof all.trials)[number], metrics: readonly string[]) => Math.min(...t.coverage.filter((c) => metrics.includes(c.metric)).map((c) => c.insideShare));
    const firstChosen = all.trials.find((t) => t.quantilePct === all.chosen.quantilePct)!;
    for (const t of all.trials) expect(minInside(firstChosen, BASE_METRICS)).toBeGreaterThanOrEqual(minInside(t, BASE_METRICS));
    for (const t of all.prefillTrials) expect(minInside(all.chosen, ['ttftMs'])).toBeGreaterThanOrEqual(minInside(t, ['ttftMs']));
  });

  it('the nested check chooses for each group without its rows, and judges every run once', () => {
    const choice = chosen();
    expect(Object.keys(choice.nestedChoice).sort()).toEqual([...new Set(heldOut.map((c) => c.group))].sort());
    for (const n of Object.values(choice.nestedChoice)) {
      expect(quantiles).toContain(n.quantilePct);
      expect(prefillQuantiles).toContain(n.prefillQuantilePct);
    }
    expect(choice.nested.map((c) => c.cases)).toEqual(choice.chosen.coverage.map((c) => c.cases));
  });

  it('one input at a time: an input at 1 lost changes nothing, and with every spread at 1 each range is its point', () => {
    const sp = { ...chosen().chosen.spreads.spreads, prefillCost: [1, 1] as const };
    const rows = inputsOneAtATime(heldOut, sp);
    expect(rows.map((r) => r.input)).toEqual(['kvCapacity', 'stepCost', 'prefillCost', 'frontend']);
    const full = coverageOf(heldOutVerdicts(heldOut, [{ ...sp, source: '' }])[0]);
    expect(rows.find((r) => r.input === 'prefillCost')!.without).toEqual(full);
    for (const c of rows.find((r) => r.input === 'prefillCost')!.alone) expect(c.medianWidth).toBe(0);
    // The step cost alone widens every metric's range; without it, TPOT's range is narrower than with it.
    const step = rows.find((r) => r.input === 'stepCost')!;
    for (const c of step.alone) expect(c.medianWidth).toBeGreaterThan(0);
    expect(step.without.find((c) => c.metric === 'tpotMs')!.medianWidth).toBeLessThan(full.find((c) => c.metric === 'tpotMs')!.medianWidth);
  });

  it('refuses an empty list of percentiles', () => {
    expect(() => chooseSpreadQuantile(results, factorsOf, heldOut, [])).toThrow(/at least one/);
    expect(() => chooseSpreadQuantile(results, factorsOf, heldOut, [10], 0.8, [])).toThrow(/at least one/);
  });
});
