import { describe, expect, it } from 'vitest';
import type { SweepPoint } from '../../src/engine';
import { goodputRateSentence, goodputRates, sustainedRate } from '../../src/views/curve/goodputRate';

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

  it('spreads the rates around the centre, distinct and positive; none for a centre that is not a rate', () => {
    const r = goodputRates(20);
    expect(r[0]).toBe(5);
    expect(r).toContain(20);
    expect(r.at(-1)).toBe(30);
    expect(new Set(r).size).toBe(r.length);
    for (const bad of [0, -1, Number.NaN, Infinity]) expect(goodputRates(bad)).toEqual([]);
  });
});
