import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RunMetrics, Stats, SweepPoint } from '../../src/engine';
import { NON_TEXT_ROLES, PAGE_BACKGROUNDS, PALETTE, contrastRatio, type ColourRole } from '../../src/views/chart/palette';
import { ThroughputCurve, describeCurvePoint, layoutCurve, nearestPointIndex, type CurveExtraPoint } from '../../src/views/curve';

import { chatPoints, data, expectAllFinite, ratePoints } from './curveFixtures';

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
