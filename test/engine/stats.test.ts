import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentileSorted, summarize, summarizeWeighted } from '../../src/engine/stats';

/** The weighted summary the slow way: a stable index sort with a comparator, as the engine did before it grouped equal values. */
function reference(values: number[], weights: number[]) {
  const order = values.map((_, i) => i).filter((i) => weights[i] > 0);
  let total = 0;
  let sum = 0;
  for (const i of order) {
    total += weights[i];
    sum += values[i] * weights[i];
  }
  if (total === 0) return summarize([]);
  order.sort((a, b) => values[a] - values[b]);
  const cum: number[] = [];
  let acc = 0;
  for (const i of order) cum.push((acc += weights[i]));
  const at = (k: number) => values[order[cum.findIndex((c) => c > k)]];
  const pct = (p: number) => {
    const pos = (p / 100) * (total - 1);
    const lo = Math.floor(pos);
    const a = at(lo);
    return a + (at(Math.min(total - 1, lo + 1)) - a) * (pos - lo);
  };
  return { count: total, mean: sum / total, p50: pct(50), p90: pct(90), p95: pct(95), p99: pct(99), min: values[order[0]], max: values[order[order.length - 1]] };
}

describe('summarizeWeighted', () => {
  it('matches repeating each value weight times', () => {
    const values = [3, 1, 2, 1];
    const weights = [1, 2, 0, 3];
    const expanded = [3, 1, 1, 1, 1, 1];
    const s = summarizeWeighted(values, weights);
    const e = summarize(expanded);
    expect(s).toEqual(e);
    expect(s.p90).toBe(percentileSorted([1, 1, 1, 1, 1, 3], 90));
  });

  it('is bit-for-bit the stable index sort, ties and fractional weights included', () => {
    // Few distinct values so ties are common; weights as the steady window makes them (fractions).
    const value = fc.oneof(fc.constantFrom(0, 12.5, 29.2, 29.200000000000003, 41), fc.double({ min: 0, max: 500, noNaN: true }));
    const weight = fc.oneof(fc.integer({ min: 0, max: 64 }), fc.double({ min: 0, max: 64, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, weight), { maxLength: 60 }), (pairs) => {
        const values = pairs.map((p) => p[0]);
        const weights = pairs.map((p) => p[1]);
        expect(summarizeWeighted(values, weights)).toStrictEqual(reference(values, weights));
      }),
      { numRuns: 400 },
    );
  });

  it('is the stable index sort with whole weights only (the grouped path) and with one fraction among them (the chained one)', () => {
    const value = fc.oneof(fc.constantFrom(0, 12.5, 29.2, 41), fc.double({ min: 0, max: 500, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, fc.integer({ min: 0, max: 1e6 })), { minLength: 1, maxLength: 80 }), fc.double({ min: 0.01, max: 9, noNaN: true }), (pairs, fraction) => {
        const values = pairs.map((p) => p[0]);
        const weights = pairs.map((p) => p[1]);
        expect(summarizeWeighted(values, weights)).toStrictEqual(reference(values, weights));
        const mixed = [...weights.slice(1), fraction];
        const mixedValues = [...values.slice(1), values[0]];
        expect(summarizeWeighted(mixedValues, mixed)).toStrictEqual(reference(mixedValues, mixed));
      }),
      { numRuns: 300 },
    );
  });

  it('gives zeros for an empty or weightless sample', () => {
    expect(summarizeWeighted([], [])).toEqual(summarize([]));
    expect(summarizeWeighted([5, 6], [0, 0])).toEqual(summarize([]));
  });
});
