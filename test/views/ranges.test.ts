import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { sweep } from '../../src/engine/sweep';
import { PREDICTION_SPREADS, sweepBands } from '../../src/engine/uncertainty';
import { isWide, latencyRangeText, rangeCause, WIDE_RANGE_RATIO } from '../../src/views/cards/rangeText';
import { layoutCurve } from '../../src/views/curve/layoutCurve';
import { rangeExplanation } from '../../src/views/why/rangeWhy';
import { DEFAULT_SETTINGS } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';

describe('card range words', () => {
  it('show a range only when it is wide, and say which input decides', () => {
    expect(isWide([100, 100 * WIDE_RANGE_RATIO])).toBe(false);
    expect(isWide([100, 100 * WIDE_RANGE_RATIO + 1])).toBe(true);
    expect(isWide([0, 0])).toBe(false);
    expect(latencyRangeText([300, 400], null)).toBeNull();
    const kv = [{ input: 'kvCapacity' as const, ends: [1, 2] as [number, number], ttftMs: [300, 7000] as [number, number], swingMs: 6700 }];
    expect(latencyRangeText([310, 7200], kv)).toBe(`likely 310 ms–7.20 s: ${rangeCause(kv)}`);
    expect(rangeCause(kv)).toMatch(/memory limit/);
  });

  it('the why panel gives the note instead when there are no ranges, and the source when there are', () => {
    expect(rangeExplanation('The lesson server is illustrative.', null, null, null)).toEqual([{ key: 'none', text: 'The lesson server is illustrative.' }]);
    const s = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', users: 8, requests: 40 });
    if (!s.ok) throw new Error(s.message);
    const m = simulate(s.scenario).metrics;
    const span = (x: number): [number, number] => [x, x];
    const ranges = { ttftMs: { mean: span(m.ttftMs.mean), p50: span(m.ttftMs.p50), p90: span(1), p99: span(1) }, tpotMs: { mean: span(1), p50: span(1), p90: span(1), p99: span(1) }, e2eMs: { mean: span(1), p50: span(1), p90: span(1), p99: span(1) }, outputTokPerSec: span(1), requestsPerSec: span(1) };
    const lines = rangeExplanation(null, ranges, PREDICTION_SPREADS, null);
    expect(lines.map((l) => l.key)).toEqual(['how', 'source', 'sensitivity']);
    expect(lines[1].text).toContain(PREDICTION_SPREADS.source);
    // The prefill spread is named with its own ends, as the part of a step that prefills prompts.
    const pct = (x: number) => `${x >= 1 ? '+' : '−'}${Math.round(Math.abs(x - 1) * 100)}%`;
    expect(lines[0].text).toContain(`the part of each step that prefills prompts ${pct(PREDICTION_SPREADS.prefillCost[0])} to ${pct(PREDICTION_SPREADS.prefillCost[1])}`);
    const prefill = { input: 'prefillCost' as const, ends: [0.887, 1.05] as [number, number], ttftMs: [300, 400] as [number, number], swingMs: 100 };
    const withSens = rangeExplanation(null, ranges, PREDICTION_SPREADS, [prefill]);
    expect(withSens[2].text).toContain('prefill cost alone (×0.887 to ×1.05 on what prompts add to a step): mean TTFT 300 ms to 400 ms');
    expect(rangeCause([prefill])).toMatch(/prefill/);
  });
});

describe('curve band and knee region layout', () => {
  it('draws a band on every panel and the knee region between the points it spans', () => {
    const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', model: 'llama-3.1-70b', precision: 'fp8', tp: 2, workload: 'custom', prompt: 4000, output: 500, engine: 'vllm', requests: 200 });
    if (!built.ok) throw new Error(built.message);
    const axis = { kind: 'users' as const, values: [1, 16, 64, 128, 256] };
    const points = sweep(built.scenario, axis);
    const bands = sweepBands(built.scenario, axis, points, PREDICTION_SPREADS);
    const data = { points, current: { users: 128, ratePerSec: null }, slo: { ttftMs: 500, tpotMs: 50 }, maxBatch: 256, kvCapacityTokens: built.scenario.server.kvCapacityTokens };
    const without = layoutCurve(data, { widthPx: 800 });
    expect(without.panels.every((p) => p.rangeAreaD === null)).toBe(true);
    expect(without.knee).toBeNull();
    const withBands = layoutCurve({ ...data, bands }, { widthPx: 800 });
    expect(withBands.panels.every((p) => p.rangeAreaD !== null && p.rangeAreaD.startsWith('M'))).toBe(true);
    expect(withBands.knee).not.toBeNull();
    expect(withBands.knee!.x0Px).toBeLessThan(withBands.knee!.x1Px);
    // While bands arrive: no knee yet.
    expect(layoutCurve({ ...data, bands: bands.slice(0, 2) }, { widthPx: 800 }).knee).toBeNull();
    // Narrow: the label stays inside the plot.
    const narrow = layoutCurve({ ...data, bands }, { widthPx: 360 });
    expect(narrow.knee!.label.length).toBeGreaterThan(0);
  });
});
