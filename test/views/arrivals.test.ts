import { describe, expect, it } from 'vitest';
import { arrivalBins, binWidthS, layoutArrivals } from '../../src/views/trace/arrivalsLayout';

describe('arrival bins', () => {
  it('count each send in its bin and divide by the bin length', () => {
    const bins = arrivalBins([0, 0.5, 1.2, 3.9, 4], 4, 2);
    expect(bins.map((b) => [b.fromS, b.toS])).toEqual([[0, 2], [2, 4]]);
    // 3 sends in [0, 2); 3.9 and the last send (at the span's end) in the last bin.
    expect(bins.map((b) => b.ratePerSec)).toEqual([1.5, 1]);
  });

  it('keep every request: the counts add up to the sends', () => {
    const sends = Array.from({ length: 997 }, (_, i) => (i * 7.3) % 600).sort((a, b) => a - b);
    const bins = arrivalBins(sends, 600, binWidthS(600));
    expect(bins.reduce((n, b) => n + b.ratePerSec * (b.toS - b.fromS), 0)).toBeCloseTo(997, 6);
  });

  it('a bin width of round seconds, about 90 bins over the span', () => {
    expect(binWidthS(60)).toBe(1);
    expect(binWidthS(600)).toBe(10);
    expect(binWidthS(3600)).toBe(60);
    expect(600 / binWidthS(600)).toBeLessThanOrEqual(90);
  });
});

describe('the arrivals layout', () => {
  const even = Array.from({ length: 100 }, (_, i) => i);
  // Every request in a burst in the first 10 s: the same mean rate, a peak far over it.
  const bursty = [...Array.from({ length: 99 }, (_, i) => i / 10), 99];
  it('draws both as paths inside the chart, with the mean line at the mean rate', () => {
    const l = layoutArrivals(bursty, even, 1, { widthPx: 600 });
    expect(l.traceAreaD).toMatch(/^M[\d.]+,[\d.]+/);
    expect(l.poissonLineD).toMatch(/^M/);
    expect(l.traceAreaD).not.toMatch(/NaN/);
    const yTick = (v: number) => l.yAxis.ticks.find((t) => t.value === v)?.px;
    expect(l.mean.yPx).toBeLessThan(yTick(0)!);
    for (const t of l.xAxis.ticks) {
      expect(t.px).toBeGreaterThanOrEqual(l.xAxis.fromPx - 1e-9);
      expect(t.px).toBeLessThanOrEqual(l.xAxis.toPx + 1e-9);
    }
  });

  it('says how far the busiest bin runs over the mean', () => {
    // 99 s in 2-s bins; the burst sends 10 a second, 20 in its first bin: 10 req/s over a mean of 1.
    const l = layoutArrivals(bursty, even, 1, { widthPx: 600 });
    expect(l.binS).toBe(2);
    expect(l.peakOverMean).toBeCloseTo(10, 6);
    expect(layoutArrivals(even, even, 1, { widthPx: 600 }).peakOverMean).toBeLessThanOrEqual(2);
  });

  it('a rate axis tall enough for the busiest bin of either', () => {
    const l = layoutArrivals(bursty, even, 1, { widthPx: 390 });
    const topTick = Math.max(...l.yAxis.ticks.map((t) => t.value));
    expect(topTick).toBeGreaterThanOrEqual(Math.max(...l.traceBins.map((b) => b.ratePerSec)));
    expect(l.widthPx).toBe(390);
  });

  it('one request at one instant still lays out (no NaN)', () => {
    const l = layoutArrivals([0], [0], Infinity, { widthPx: 300 });
    expect(`${l.traceAreaD}${l.poissonLineD}`).not.toMatch(/NaN/);
  });
});
