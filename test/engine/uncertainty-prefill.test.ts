import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PREFILL_RANGE, prefillMultiplierFor, prefillMultiplierOf } from '../../src/engine/calibration/prefillSpread';
import type { CaseResult } from '../../src/engine/calibration/report';
import { COMMITTED_FACTORS } from '../../src/engine/calibration/factors';
import { customProfile } from '../../src/engine/profiles/custom';
import { simulate } from '../../src/engine/simulate';
import type { IterationWork, Scenario } from '../../src/engine/types';
import { AS_GIVEN, edgeKey, edgeScenario, prefillScaledSeconds } from '../../src/engine/uncertainty/edges';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';

function hardware(over: Partial<Settings>): Scenario {
  const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', ...over });
  if (!built.ok) throw new Error(`${built.param}: ${built.message}`);
  return built.scenario;
}

const workArb: fc.Arbitrary<IterationWork> = fc
  .record({ prefillTokens: fc.integer({ min: 0, max: 8192 }), context: fc.integer({ min: 0, max: 4096 }), prefillSeqs: fc.integer({ min: 1, max: 8 }), decodeSeqs: fc.integer({ min: 0, max: 256 }), kvPerSeq: fc.integer({ min: 1, max: 8000 }) })
  .map((r) => ({
    prefillTokens: r.prefillTokens,
    prefillAttentionPairs: r.prefillTokens * (r.context + (r.prefillTokens + 1) / 2),
    prefillContextTokens: r.prefillTokens > 0 ? r.context : 0,
    prefillSeqs: r.prefillTokens > 0 ? r.prefillSeqs : 0,
    decodeSeqs: r.decodeSeqs,
    decodeKvTokens: r.decodeSeqs * r.kvPerSeq,
  }));

describe('the prefill-cost edge', () => {
  const s = hardware({ users: 8, requests: 40 });
  const cost = (w: IterationWork): number => s.server.iterationSeconds(w);

  it('scales only what the prefill chunks add to the same step: decode-only steps cost what they cost, and a prefill-only step scales whole', () => {
    fc.assert(
      fc.property(workArb, fc.double({ min: 0.25, max: 4, noNaN: true }), (w, k) => {
        const scaled = prefillScaledSeconds(cost, w, k);
        const decodeOnly = cost({ ...w, prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0 });
        if (w.prefillTokens === 0) expect(scaled).toBe(cost(w));
        else if (w.decodeSeqs === 0) expect(scaled).toBeCloseTo(k * cost(w), 12);
        else expect(scaled).toBeCloseTo(decodeOnly + k * (cost(w) - decodeOnly), 12);
        expect(prefillScaledSeconds(cost, w, 1)).toBe(cost(w));
      }),
      { seed: 17, numRuns: 200 },
    );
  });

  it('hand-worked on a custom server (200 ms for 1,000 prompt tokens, 50 tok/s): a 512-token chunk beside decodes costs 20 + k × 102.4 ms', () => {
    const c: Scenario = { ...s, server: customProfile({ prefillS: 0.2, referencePromptTokens: 1000, tokPerSec: 50 }) };
    const w: IterationWork = { prefillTokens: 512, prefillAttentionPairs: 512 * 256.5, prefillContextTokens: 0, prefillSeqs: 1, decodeSeqs: 4, decodeKvTokens: 4000 };
    expect(c.server.iterationSeconds(w)).toBeCloseTo(0.02 + 0.1024, 12);
    expect(edgeScenario(c, { ...AS_GIVEN, prefillCost: 0.5 }).server.iterationSeconds(w)).toBeCloseTo(0.02 + 0.5 * 0.1024, 12);
    expect(edgeScenario(c, { ...AS_GIVEN, prefillCost: 3 }).server.iterationSeconds({ ...w, decodeSeqs: 0, decodeKvTokens: 0 })).toBeCloseTo(3 * 0.1024, 12);
    expect(edgeScenario(c, { ...AS_GIVEN, prefillCost: 3 }).server.iterationSeconds({ ...w, prefillTokens: 0, prefillSeqs: 0, prefillAttentionPairs: 0 })).toBeCloseTo(0.02, 12);
  });

  it('at one user moves TTFT by the multiplier on its prefill and leaves TPOT as it is (no decode shares a step with a prefill)', () => {
    const one = hardware({ users: 1, requests: 6 });
    const point = simulate(one).metrics;
    const e = simulate(edgeScenario(one, { ...AS_GIVEN, prefillCost: 1.5 })).metrics;
    // The same steps at the same cost; only the clock they start at moves (so the sums round in the last place).
    for (const k of ['mean', 'min', 'p50', 'p90', 'max'] as const) expect(e.tpotMs[k]).toBeCloseTo(point.tpotMs[k], 9);
    expect(e.ttftMs.mean).toBeGreaterThan(point.ttftMs.mean);
    // TTFT = network + prefill step: the prefill part alone grows 1.5×.
    const again = simulate(edgeScenario(one, { ...AS_GIVEN, prefillCost: 2 })).metrics;
    expect(again.ttftMs.mean - point.ttftMs.mean).toBeCloseTo(2 * (e.ttftMs.mean - point.ttftMs.mean), 6);
  });

  it('is its own edge: its id and key differ from the step-cost edge, and a multiplier of 1 is the scenario itself', () => {
    expect(edgeScenario(s, { ...AS_GIVEN, prefillCost: 1 })).toBe(s);
    expect(edgeKey(s, { ...AS_GIVEN, prefillCost: 1.2 })).not.toBe(edgeKey(s, { ...AS_GIVEN, stepCost: 1.2 }));
    expect(edgeScenario(s, { ...AS_GIVEN, prefillCost: 1.2 }).server.id).toContain('prefill1.2');
    // Combined with the step cost, the whole (prefill-scaled) step is scaled.
    const w: IterationWork = { prefillTokens: 1024, prefillAttentionPairs: 1024 * 512.5, prefillContextTokens: 0, prefillSeqs: 1, decodeSeqs: 16, decodeKvTokens: 16 * 900 };
    expect(edgeScenario(s, { ...AS_GIVEN, stepCost: 1.1, prefillCost: 0.8 }).server.iterationSeconds(w)).toBeCloseTo(1.1 * prefillScaledSeconds(cost, w, 0.8), 14);
  });
});

describe('reading the prefill multiplier off a held-out TTFT', () => {
  const s = hardware({ users: 1, requests: 2 });

  it('finds the multiplier of a known curve to within the tolerance, and clamps beyond the searched range', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.3, max: 3.5, noNaN: true }), fc.double({ min: 10, max: 500, noNaN: true }), fc.double({ min: 1, max: 3, noNaN: true }), (k, base, power) => {
        const curve = (_: Scenario, m: number): number => base * m ** power + 5;
        const found = prefillMultiplierFor(s, curve(s, k), curve);
        expect(found?.clamped).toBe(false);
        expect(Math.abs(Math.log(curve(s, found!.k) / curve(s, k)))).toBeLessThan(0.005);
      }),
      { seed: 23, numRuns: 100 },
    );
    const flat = (): number => 100;
    expect(prefillMultiplierFor(s, 50, flat)).toEqual({ k: PREFILL_RANGE[0], clamped: true });
    expect(prefillMultiplierFor(s, 500, flat)).toEqual({ k: PREFILL_RANGE[1], clamped: true });
    expect(prefillMultiplierFor(s, 0, flat)).toBeNull();
    expect(prefillMultiplierFor(s, 50, () => NaN)).toBeNull();
  });

  it('on the simulation itself: the multiplier found reproduces the TTFT it was asked for', () => {
    const busy = hardware({ users: 32, requests: 96 });
    const point = simulate(busy).metrics.ttftMs.mean;
    const found = prefillMultiplierFor(busy, 0.8 * point);
    expect(found).not.toBeNull();
    expect(found!.k).toBeLessThan(1);
    const at = simulate(edgeScenario(busy, { ...AS_GIVEN, prefillCost: found!.k })).metrics.ttftMs.mean;
    expect(Math.abs(Math.log(at / (0.8 * point)))).toBeLessThan(0.01);
  });

  it('batch-1 TTFT is the prefill alone: measured ÷ lab, clamped; other kinds give none', () => {
    const row = (kind: CaseResult['case']['kind'], measured: number, predicted: number | null): CaseResult => ({
      case: { id: 'x', source: 's', kind, measured, batch: 1, inputTokens: 128, outputTokens: 1, spec: { model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 } } as CaseResult['case'],
      predicted,
      error: predicted === null ? null : predicted / measured - 1,
      notes: [],
    });
    expect(prefillMultiplierOf(row('ttft-batch1', 30, 20), COMMITTED_FACTORS)).toEqual({ k: 1.5, clamped: false });
    expect(prefillMultiplierOf(row('ttft-batch1', 100, 10), COMMITTED_FACTORS)).toEqual({ k: 4, clamped: true });
    expect(prefillMultiplierOf(row('load-tpot', 30, 20), COMMITTED_FACTORS)).toBeNull();
    expect(prefillMultiplierOf(row('ttft-batch1', 30, null), COMMITTED_FACTORS)).toBeNull();
  });
});
