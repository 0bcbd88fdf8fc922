import { describe, expect, it } from 'vitest';
import type { SweepPoint } from '../../src/engine';
import { FONT_PX } from '../../src/views/chart/axisMarks';
import { estimateTextWidthPx } from '../../src/views/chart/labels';
import { GOODPUT_RATE_SUBTITLE, goodputRateSentence, goodputRates, layoutGoodputRate, sustainedRate, WITHIN_SLO_SHARE } from '../../src/views/curve/goodputRate';
import { RUN_MET_SHARE } from '../../src/views/cards/runVerdict';

/** A rate point with the metrics the comparison reads. */
const point = (ratePerSec: number, goodputReqPerSec: number, sloMetShare: number, outputTokPerSec = 100 * goodputReqPerSec): SweepPoint =>
  ({ users: null, ratePerSec, metrics: { goodputReqPerSec, requestsPerSec: goodputReqPerSec / Math.max(sloMetShare, 1e-9), sloMetShare, outputTokPerSec } }) as unknown as SweepPoint;

describe('goodput against rate', () => {
  it('sustains a rate while 90% of its requests meet every target, every lower rate too', () => {
    const pts = [point(4, 3.9, 1), point(8, 7.6, 0.95), point(12, 10.0, 0.85), point(16, 15, 0.93)];
    // 85% at 12 req/s: not sustained, and 16 after it does not count.
    expect(sustainedRate(pts)).toBe(8);
    expect(sustainedRate([point(8, 7.2, 0.9)])).toBe(8);
  });

  it('is null when even the lowest rate misses, and the sentence says so', () => {
    const bad = [point(4, 1, 0.25)];
    expect(sustainedRate(bad)).toBeNull();
    expect(goodputRateSentence([point(4, 3.9, 1)], bad)).toMatch(/pinned run not even the lowest rate/);
  });

  it('says the ratio of sustained rates and compares raw throughput at the higher one', () => {
    const now = [point(10, 9.8, 1, 2000), point(20, 19, 0.97, 3800)];
    const pinned = [point(10, 9.7, 0.99, 1990), point(20, 6, 0.3, 3790)];
    const s = goodputRateSentence(now, pinned);
    expect(s).toMatch(/now up to 20 req\/s, the pinned run up to 10 req\/s \(2×\)/);
    expect(s).toMatch(/within 1% of each other/);
  });

  it('states and marks no sustained rate until both sweeps are complete (a missing rate is not a miss)', () => {
    // The current run's 15 req/s point has not arrived: its 10 and 20 are in, 20 misses.
    const now = [point(5, 5, 1), point(10, 9.8, 1), point(20, 12, 0.6)];
    const pinned = [point(5, 5, 1), point(10, 9.7, 0.95), point(15, 9, 0.6), point(20, 8, 0.4)];
    const partial = layoutGoodputRate({ current: now, baseline: pinned, progress: { done: 7, total: 8 } }, { widthPx: 800 });
    expect(partial.sentence).toBe('Sweeping both runs over the same rates: 7 of 8 runs done…');
    expect(partial.sustained).toEqual([]);
    expect(partial.series.find((s) => s.key === 'throughput')?.dots).toHaveLength(3);
    const complete = layoutGoodputRate({ current: [...now, point(15, 14.5, 0.97)], baseline: pinned, progress: { done: 8, total: 8 } }, { widthPx: 800 });
    expect(complete.sentence).toMatch(/now up to 15 req\/s, the pinned run up to 10 req\/s/);
    expect(complete.sustained.map((m) => m.ratePerSec)).toEqual([15, 10]);
  });

  it('spreads the rates around the centre, distinct and positive; none for a centre that is not a rate', () => {
    const r = goodputRates(20);
    expect(r[0]).toBe(5);
    expect(r).toContain(20);
    expect(r.at(-1)).toBe(30);
    expect(new Set(r).size).toBe(r.length);
    for (const bad of [0, -1, Number.NaN, Infinity]) expect(goodputRates(bad)).toEqual([]);
  });
});

describe('goodput against rate, x axis title', () => {
  it('fits under the plot at every width: a shorter title on a phone', () => {
    const pts = [point(5, 5, 1), point(10, 9.8, 1)];
    const wide = layoutGoodputRate({ current: pts, baseline: pts }, { widthPx: 900 });
    const phone = layoutGoodputRate({ current: pts, baseline: pts }, { widthPx: 330 });
    expect(wide.xAxis.title).toMatch(/Poisson/);
    expect(phone.xAxis.title.length).toBeLessThan(wide.xAxis.title.length);
    for (const l of [wide, phone]) expect(estimateTextWidthPx(l.xAxis.title, FONT_PX.label)).toBeLessThanOrEqual(l.plot.rightPx - l.plot.leftPx);
  });
});

describe('goodput against rate, its caption and threshold', () => {
  it('the caption says what goodput does, in words (it once ended "goodput … parts")', () => {
    expect(GOODPUT_RATE_SUBTITLE).toMatch(/goodput, the requests that met every target, falls away from it\.$/);
    expect(GOODPUT_RATE_SUBTITLE).not.toMatch(/\bparts\b/);
  });
  it('sustains a rate by the same 90% share the SLO verdict asks of a run', () => {
    expect(WITHIN_SLO_SHARE).toBe(RUN_MET_SHARE);
  });
});
