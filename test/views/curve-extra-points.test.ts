// The curve with a real run drawn over it (an imported or measured run): where it sits, what it
// says, and that absurd values neither draw nor break an axis.
import { describe, expect, it } from 'vitest';
import { estimateTextWidthPx } from '../../src/views/chart/labels';
import { layoutCurve, type CurveExtraPoint } from '../../src/views/curve';
import { chatPoints, data, expectAllFinite, ratePoints } from './curveFixtures';

describe('layoutCurve extra points (a real run)', () => {
  const run = (over: Partial<CurveExtraPoint> = {}): CurveExtraPoint => ({
    label: 'vllm-detailed.json', users: 4, ratePerSec: null, meanInFlight: 3.2, requestsPerSec: 1.5,
    outputTokPerSec: 300, ttftP50Ms: 200, ttftP95Ms: 400, tpotP50Ms: 25, tpotP95Ms: 40, ...over,
  });

  it('a run with absurd values (1e308 ms, 1e300 tok/s) is not drawn and breaks no axis (issue 9: the page blanked)', () => {
    const l = layoutCurve(data(chatPoints, { extraPoints: [run({ ttftP50Ms: 1e308, ttftP95Ms: 1e308, tpotP50Ms: 1e300, tpotP95Ms: Infinity, outputTokPerSec: 1e300 })] }), { widthPx: 800 });
    expectAllFinite(l);
    for (const panel of l.panels) expect(panel.yAxis.ticks.length).toBeGreaterThanOrEqual(2);
  });

  it('puts a run with a known concurrency at that many users, with a diamond on every panel and a label', () => {
    const l = layoutCurve(data(chatPoints, { extraPoints: [run()] }), { widthPx: 800 });
    expect(l.extras).toHaveLength(1);
    const e = l.extras[0];
    expect(e.placedBy).toBe('users');
    expect(e.clamped).toBeNull();
    expect(e.xPx).toBeCloseTo(l.points.find((p) => p.point.users === 4)!.xPx, 6);
    expect(e.label).toBe('vllm-detailed.json · 4 users');
    expect(l.panels.map((p) => p.extras[0].markers.map((m) => m.key))).toEqual([['value'], ['p50', 'p95'], ['p50', 'p95']]);
    for (const panel of l.panels) {
      const m = panel.extras[0];
      expect(m.xPx).toBe(e.xPx);
      expect(m.label?.text).toBe(e.label);
      for (const d of m.markers) {
        expect(d.yPx).toBeGreaterThanOrEqual(panel.topPx);
        expect(d.yPx).toBeLessThanOrEqual(panel.bottomPx);
      }
    }
    // p95 sits above p50 (smaller y), hollow like the dashed p95 lines.
    const [p50, p95] = l.panels[1].extras[0].markers;
    expect(p95.yPx).toBeLessThan(p50.yPx);
    expect(p95.hollow).toBe(true);
    expect(l.summary).toMatch(/Real run vllm-detailed\.json \(diamond\), at 4 users: 300 tok\/s, TTFT p50 200 ms/);
    expectAllFinite(l);
  });

  it('falls back to the measured mean in flight when the concurrency is unknown, and says so', () => {
    const l = layoutCurve(data(chatPoints, { extraPoints: [run({ users: null, ratePerSec: 2, meanInFlight: 3.2 })] }), { widthPx: 800 });
    const e = l.extras[0];
    expect(e.placedBy).toBe('in-flight');
    expect(e.label).toBe('vllm-detailed.json · ≈3.2 in flight (measured)');
    const [x2, x4] = [2, 4].map((u) => l.points.find((p) => p.point.users === u)!.xPx);
    expect(e.xPx).toBeGreaterThan(x2);
    expect(e.xPx).toBeLessThan(x4);
  });

  it('pins a load outside the axis to the nearer end and says it is off the axis', () => {
    const l = layoutCurve(data(chatPoints, { extraPoints: [run({ users: 10_000 }), run({ users: null, meanInFlight: 0.01 }), run({ users: null, meanInFlight: 0 })] }), { widthPx: 800 });
    const [big, tiny, none] = l.extras;
    expect(big.clamped).toBe('right');
    expect(big.xPx).toBeCloseTo(Math.max(...l.points.map((p) => p.xPx)), 6);
    expect(big.label).toMatch(/10,000 users \(off axis →\)$/);
    expect(tiny.clamped).toBe('left');
    expect(tiny.xPx).toBeCloseTo(l.points[0].xPx, 6);
    expect(tiny.label).toMatch(/in flight \(measured\) \(← off axis\)$/);
    expect(none.placedBy).toBe('unknown');
    expect(none.label).toMatch(/load unknown$/);
    for (const e of l.extras) {
      expect(e.xPx).toBeGreaterThanOrEqual(l.plotLeftPx);
      expect(e.xPx).toBeLessThanOrEqual(l.plotRightPx);
    }
    // The axis itself is the sweep's: a far-off run does not squash the curve.
    expect(l.xAxis?.ticks.map((t) => t.label)).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256']);
    expectAllFinite(l);
  });

  it('on a rate axis uses the configured rate, the ∞ slot for all-at-once, else the measured request rate', () => {
    const current = { users: null, ratePerSec: 2 };
    const l = layoutCurve(
      data(ratePoints, {
        current,
        extraPoints: [run({ users: null, ratePerSec: 1 }), run({ users: null, ratePerSec: Infinity }), run({ users: 2, ratePerSec: Infinity, requestsPerSec: 1.5 })],
      }),
      { widthPx: 700 },
    );
    const [one, all, capped] = l.extras;
    expect(one.placedBy).toBe('rate');
    expect(one.xPx).toBeCloseTo(l.points.find((p) => p.point.ratePerSec === 1)!.xPx, 6);
    expect(all.placedBy).toBe('rate');
    expect(all.xPx).toBe(l.points.find((p) => p.point.ratePerSec === Infinity)!.xPx);
    expect(all.clamped).toBeNull();
    // vLLM with --max-concurrency and the default infinite rate: the concurrency caps it, so the measured rate places it.
    expect(capped.placedBy).toBe('observed-rate');
    expect(capped.label).toMatch(/≈1\.5 req\/s completed \(measured\)$/);
    expectAllFinite(l);
  });

  it('widens the y ranges so a run far slower than the simulation stays inside its panels', () => {
    const slow = run({ outputTokPerSec: 1e6, requestsPerSec: 1e4, ttftP50Ms: 60_000, ttftP95Ms: 120_000, tpotP50Ms: 900, tpotP95Ms: 2_000 });
    const l = layoutCurve(data(chatPoints, { extraPoints: [slow] }), { widthPx: 600 });
    for (const panel of l.panels) {
      for (const m of panel.extras[0].markers) {
        // Inside, not pinned to the top edge: the scale reaches the value.
        expect(m.yPx).toBeGreaterThan(panel.topPx + 0.5);
        expect(m.yPx).toBeLessThanOrEqual(panel.bottomPx);
      }
    }
    // The first panel is in req/s (goodput's unit): the run's 10,000 req/s fit on its scale.
    expect(Math.max(...l.panels[0].yAxis.ticks.map((t) => t.value))).toBeGreaterThanOrEqual(1e4);
    // Values a panel cannot draw (no TPOT data, 0 on the log TTFT scale) get no diamond, and nothing breaks.
    const empty = layoutCurve(data(chatPoints, { extraPoints: [run({ ttftP50Ms: 0, ttftP95Ms: NaN, tpotP50Ms: NaN, tpotP95Ms: NaN })] }), { widthPx: 600 });
    expect(empty.panels[1].extras[0].markers).toEqual([]);
    expect(empty.panels[1].extras[0].label).toBeNull();
    expect(empty.panels[0].extras[0].markers).toHaveLength(1);
    expectAllFinite(empty);
  });

  it('keeps labels inside the chart on a phone, shortening long names', () => {
    const long = 'a-very-long-benchmark-result-file-name-from-ci.json';
    for (const users of [1, 256]) {
      const l = layoutCurve(data(chatPoints, { extraPoints: [run({ label: long, users })] }), { widthPx: 360 });
      expect(l.extras[0].label.startsWith(`${long.slice(0, 19)}…`)).toBe(true);
      for (const panel of l.panels) {
        const label = panel.extras[0].label!;
        const w = estimateTextWidthPx(label.text, 11);
        const left = label.anchor === 'start' ? label.xPx : label.xPx - w;
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left + w).toBeLessThanOrEqual(l.widthPx);
        expect(label.yPx).toBeGreaterThan(panel.topPx);
        expect(label.yPx).toBeLessThanOrEqual(panel.bottomPx);
      }
    }
  });

  it('keeps a label clear of the SLO line and its label when the run sits on it', () => {
    for (const widthPx of [800, 360]) {
      const onSlo = { ttftP50Ms: 480, ttftP95Ms: 500, tpotP50Ms: 49, tpotP95Ms: 50 };
      const vllmFixture = { ttftP50Ms: 300, ttftP95Ms: 480, tpotP50Ms: 45.8, tpotP95Ms: 64.6 }; // test/fixtures/vllm-detailed.json
      for (const [users, values] of [[2, onSlo], [64, onSlo], [2, vllmFixture]] as const) {
        const l = layoutCurve(data(chatPoints, { extraPoints: [run({ users, ...values })] }), { widthPx });
        for (const panel of l.panels.slice(1)) {
          const label = panel.extras[0].label!;
          const slo = panel.slo!;
          const w = estimateTextWidthPx(label.text, 11);
          const [left, right] = label.anchor === 'start' ? [label.xPx, label.xPx + w] : [label.xPx - w, label.xPx];
          const [top, bottom] = [label.yPx - 11 - 2, label.yPx + 3];
          const where = `${widthPx} px, ${users} users, ${panel.id}: SLO at ${slo.yPx}, label ${left}–${right} × ${top}–${bottom}`;
          expect(slo.yPx < top || slo.yPx > bottom, where).toBe(true);
          // The SLO label: from the plot's left edge, baseline 4 px above its line.
          const sloRight = l.plotLeftPx + 4 + estimateTextWidthPx(slo.label, 11);
          if (left < sloRight && right > l.plotLeftPx) expect(slo.yPx - 4 - 11 > bottom || slo.yPx - 4 + 3 < top, where).toBe(true);
          expect(top).toBeGreaterThanOrEqual(panel.topPx - 2.5);
          expect(label.yPx).toBeLessThanOrEqual(panel.bottomPx);
        }
      }
    }
  });

  it('draws nothing extra without extra points', () => {
    const l = layoutCurve(data(chatPoints), { widthPx: 800 });
    expect(l.extras).toEqual([]);
    expect(l.panels.every((p) => p.extras.length === 0)).toBe(true);
    expect(layoutCurve(data([], { extraPoints: [run()] }), { widthPx: 800 }).extras).toEqual([]);
  });
});
