import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sweep, type RunMetrics, type Stats, type SweepPoint } from '../../src/engine';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../../src/settings';
import { NON_TEXT_ROLES, PAGE_BACKGROUNDS, PALETTE, contrastRatio, type ColourRole } from '../../src/views/chart/palette';
import { estimateTextWidthPx } from '../../src/views/chart/labels';
import { ThroughputCurve, describeCurvePoint, layoutCurve, nearestPointIndex, type CurveData, type CurveExtraPoint } from '../../src/views/curve';

function scenario(over: Partial<Settings>) {
  const o = scenarioFromSettings({ ...DEFAULT_SETTINGS, requests: 200, ...over });
  if (!o.ok) throw new Error(o.message);
  return o.scenario;
}

const chatPoints = sweep(scenario({ users: 16 }));
const ratePoints = sweep(scenario({ rate: 2 }), { kind: 'rate', values: [0.5, 1, 2, 4, Infinity] });

function data(points: SweepPoint[], over: Partial<CurveData> = {}): CurveData {
  return { points, current: { users: 16, ratePerSec: null }, slo: { ttftMs: 500, tpotMs: 50 }, maxBatch: 64, kvCapacityTokens: 120_000, ...over };
}

/** Every number a layout hands to the SVG is finite (raw data and tick values are exempt). */
function expectAllFinite(value: unknown, path = 'layout'): void {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${path} = ${value}`).toBe(true);
  } else if (typeof value === 'string') {
    expect(value, path).not.toMatch(/NaN|Infinity/);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => expectAllFinite(v, `${path}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (k !== 'point' && k !== 'value') expectAllFinite(v, `${path}.${k}`);
  }
}

const zeroStats: Stats = { count: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, min: 0, max: 0 };
const zeroMetrics: RunMetrics = {
  completed: 0, rejected: 0, durationS: 0, ttftMs: zeroStats, tpotMs: zeroStats, itlMs: zeroStats, e2eMs: zeroStats, queueMs: zeroStats,
  outputTokPerSec: 0, requestsPerSec: 0, goodputReqPerSec: 0, sloMetShare: 0, userTokPerSec: 0,
};
function zeroPoint(users: number | null, ratePerSec: number | null = null): SweepPoint {
  return { users, ratePerSec, metrics: zeroMetrics, peakBatch: 0, batchLimitedShare: 0, memoryLimitedShare: 0, limitingFactor: 'none', beyondCapacity: false, window: { kind: 'steady', counted: 0, fallback: null } };
}

describe('layoutCurve', () => {
  const layout = layoutCurve(data(chatPoints), { widthPx: 800 });

  it('places users left to right on a log axis, evenly for doubling users', () => {
    const xs = layout.points.map((p) => p.xPx);
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1]);
    const steps = xs.slice(1).map((x, i) => x - xs[i]);
    for (const s of steps) expect(s).toBeCloseTo(steps[0], 6);
    expect(xs[0]).toBeGreaterThanOrEqual(layout.plotLeftPx);
    expect(xs[xs.length - 1]).toBeLessThanOrEqual(layout.plotRightPx);
  });

  it('labels the users axis at powers of two with a title', () => {
    expect(layout.xAxis?.ticks.map((t) => t.label)).toEqual(['1', '2', '4', '8', '16', '32', '64', '128', '256']);
    expect(layout.xAxis?.title).toMatch(/users/);
  });

  it('keeps every line inside its panel', () => {
    for (const panel of layout.panels) {
      for (const s of panel.series) {
        for (const y of s.yPx) {
          expect(y).toBeGreaterThanOrEqual(panel.topPx - 0.01);
          expect(y).toBeLessThanOrEqual(panel.bottomPx + 0.01);
        }
      }
      expect(panel.yAxis.ticks.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('draws throughput rising and TTFT p95 above p50', () => {
    const [throughput, ttft] = layout.panels;
    const tput = throughput.series.find((s) => s.key === 'throughput')!;
    expect(tput.yPx[0]).toBeGreaterThan(tput.yPx[4]); // higher on screen = smaller y
    const p50 = ttft.series.find((s) => s.key === 'ttft-p50')!;
    const p95 = ttft.series.find((s) => s.key === 'ttft-p95')!;
    p50.yPx.forEach((y, i) => expect(p95.yPx[i]).toBeLessThanOrEqual(y + 0.01));
  });

  it('never draws goodput above throughput', () => {
    const [throughput] = layout.panels;
    const tput = throughput.series.find((s) => s.key === 'throughput')!;
    const good = throughput.series.find((s) => s.key === 'goodput')!;
    good.yPx.forEach((y, i) => expect(y).toBeGreaterThanOrEqual(tput.yPx[i] - 0.01));
  });

  it('marks the operating point at the x of its sweep point', () => {
    const i = layout.points.findIndex((p) => p.point.users === 16);
    expect(layout.points[i].isCurrent).toBe(true);
    expect(layout.current?.index).toBe(i);
    expect(layout.current?.xPx).toBeCloseTo(layout.points[i].xPx, 6);
    expect(layout.bandLabels.find((b) => b.kind === 'current')?.text).toBe('your load: 16 users');
  });

  it('shades the batch-limit region from the batch limit itself, at its value on the log axis', () => {
    const firstLimited = chatPoints.findIndex((p) => p.limitingFactor === 'batch');
    expect(firstLimited).toBeGreaterThan(0);
    expect(layout.limitRegions).toHaveLength(1);
    const r = layout.limitRegions[0];
    expect(r.factor).toBe('batch');
    expect(r.label).toBe('batch limit (64)');
    // 64 users is a sweep point: the region starts exactly there, not half-way to 128 (which a log axis puts near 90).
    expect(chatPoints[firstLimited - 1].users).toBe(64);
    expect(r.x0Px).toBeCloseTo(layout.points[firstLimited - 1].xPx, 6);
    expect(r.x1Px).toBe(layout.plotRightPx);
  });

  it('draws SLO lines on both latency panels at their values', () => {
    const [, ttft, tpot] = layout.panels;
    expect(ttft.slo?.label).toBe('TTFT SLO 500 ms');
    expect(tpot.slo?.label).toBe('TPOT SLO 50 ms');
    expect(tpot.slo!.yPx).toBeGreaterThan(tpot.topPx);
    expect(tpot.slo!.yPx).toBeLessThan(tpot.bottomPx);
  });

  it('is finite everywhere, wide and narrow', () => {
    expectAllFinite(layout);
    expectAllFinite(layoutCurve(data(chatPoints), { widthPx: 320 }));
    expectAllFinite(layoutCurve(data(chatPoints), { widthPx: NaN }));
  });

  it('finds the nearest point for a hover position', () => {
    expect(nearestPointIndex(layout, layout.points[3].xPx + 2)).toBe(3);
    expect(nearestPointIndex(layout, -1000)).toBe(0);
    expect(nearestPointIndex({ points: [] }, 10)).toBeNull();
  });
});

describe('layoutCurve edge cases', () => {
  it('shows a computing message when there are no points', () => {
    const l = layoutCurve(data([]), { widthPx: 600 });
    expect(l.message).toBe('computing…');
    expect(l.points).toHaveLength(0);
    expectAllFinite(l);
  });

  it('centres a single point', () => {
    const l = layoutCurve(data([chatPoints[4]]), { widthPx: 600 });
    expect(l.points).toHaveLength(1);
    expect(l.points[0].xPx).toBeCloseTo((l.plotLeftPx + l.plotRightPx) / 2, 0);
    expectAllFinite(l);
  });

  it('skips holes in a sweep that is still filling in', () => {
    const partial = [chatPoints[0], undefined, chatPoints[2]] as unknown as SweepPoint[];
    const l = layoutCurve(data(partial), { widthPx: 600 });
    expect(l.points.map((p) => p.point.users)).toEqual([1, 4]);
    expectAllFinite(l);
  });

  it('survives all-zero metrics on log scales', () => {
    const l = layoutCurve(data([zeroPoint(1), zeroPoint(2), zeroPoint(4)], { slo: { ttftMs: null, tpotMs: null } }), { widthPx: 500 });
    expectAllFinite(l);
    expect(l.panels.every((p) => p.slo === null)).toBe(true);
  });

  it('puts an infinite rate in its own slot at the right edge, zero rates at the left', () => {
    const l = layoutCurve(data(ratePoints, { current: { users: null, ratePerSec: Infinity } }), { widthPx: 700 });
    expect(l.kind).toBe('rate');
    const xs = l.points.map((p) => p.xPx);
    for (let i = 1; i < xs.length; i++) expect(xs[i]).toBeGreaterThan(xs[i - 1]);
    expect(l.points[l.points.length - 1].point.ratePerSec).toBe(Infinity);
    expect(xs[xs.length - 1]).toBe(l.plotRightPx - 10);
    expect(l.axisBreakXPx).not.toBeNull();
    expect(l.xAxis?.ticks.at(-1)?.label).toBe('∞');
    expect(l.current?.xPx).toBe(xs[xs.length - 1]);
    expectAllFinite(l);
    const withZero = layoutCurve(data([zeroPoint(null, 0), zeroPoint(null, 1)], { current: { users: null, ratePerSec: 0 } }), { widthPx: 400 });
    expectAllFinite(withZero);
  });
});

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

describe('describeCurvePoint', () => {
  it('reads out throughput, goodput, latency and the limit with units', () => {
    const limited = chatPoints.find((p) => p.limitingFactor === 'batch')!;
    const { heading, lines } = describeCurvePoint(limited, 64);
    expect(heading).toMatch(/users$/);
    expect(lines.join(' ')).toMatch(/tok\/s.*req\/s.*TTFT p50 .* s.*TPOT p50 .*ms.*batch peaked at 64 of 64.*batch slot/);
  });
});

describe('ThroughputCurve', () => {
  it('renders panels, the limit label, a keyboard-focusable slider and a live readout, without NaN', () => {
    const html = renderToStaticMarkup(createElement(ThroughputCurve, { ...data(chatPoints), points: chatPoints, width: 640 }));
    expect(html).toContain('role="slider"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('batch limit (64)');
    expect(html).toContain('<figcaption');
    expect(html).toContain('<table');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('draws a real run as diamonds with its label, and lists it in the table', () => {
    const extraPoints: CurveExtraPoint[] = [{ label: 'lab-run.csv', users: 2, ratePerSec: null, outputTokPerSec: 10, requestsPerSec: 0.04, ttftP50Ms: 300, ttftP95Ms: 480, tpotP50Ms: 46, tpotP95Ms: 63 }];
    const html = renderToStaticMarkup(createElement(ThroughputCurve, { ...data(chatPoints), points: chatPoints, extraPoints, width: 640 }));
    expect(html).toContain('data-testid="curve-extra-point"');
    expect(html.match(/lab-run\.csv · 2 users/g)).toHaveLength(3);
    expect(html).toContain('Real run lab-run.csv: 2 users');
    expect(html).not.toMatch(/NaN|Infinity/);
  });

  it('renders the computing state for no points', () => {
    const html = renderToStaticMarkup(createElement(ThroughputCurve, { ...data([]), points: [] }));
    expect(html).toContain('Computing the curve');
    expect(html).not.toContain('NaN');
  });
});

describe('palette', () => {
  it('reaches 4.5:1 for text colours on light and dark backgrounds', () => {
    for (const role of Object.keys(PALETTE) as ColourRole[]) {
      if (NON_TEXT_ROLES.includes(role)) continue;
      for (const bg of PAGE_BACKGROUNDS.light) expect(contrastRatio(PALETTE[role].light, bg), `${role} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      for (const bg of PAGE_BACKGROUNDS.dark) expect(contrastRatio(PALETTE[role].dark, bg), `${role} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
