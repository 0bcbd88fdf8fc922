import { median } from 'd3-array';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLOW_GAP_FACTOR, slowGapThreshold } from '../../src/views/timeline/tokens';

describe('slowGapThreshold', () => {
  it('is the median of the gaps after the first, times the stall factor', () => {
    expect(slowGapThreshold([900, 30, 10, 20])).toBe(20 * SLOW_GAP_FACTOR);
    expect(slowGapThreshold([900, 30, 10, 20, 40])).toBe(25 * SLOW_GAP_FACTOR);
    expect(slowGapThreshold([900, 30])).toBe(Infinity);
    expect(slowGapThreshold([900, 0, 0])).toBe(Infinity);
  });

  it("gives exactly what d3's median gave", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 3, maxLength: 200 }), (gaps) => {
        const m = median(gaps.slice(1)) ?? 0;
        expect(slowGapThreshold(gaps)).toBe(m > 0 ? m * SLOW_GAP_FACTOR : Infinity);
      }),
    );
  });
});
