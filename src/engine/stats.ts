import type { Stats } from './types';

/** Percentile `p` (0..100) of an ascending array, linear interpolation like numpy's default. 0 when empty. */
export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const pos = (p / 100) * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Summary statistics of `values` (copied and sorted). All zeros for an empty sample, never NaN. */
export function summarize(values: ArrayLike<number>): Stats {
  const n = values.length;
  if (n === 0) return { count: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, min: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  return {
    count: n,
    mean: sum / n,
    p50: percentileSorted(sorted, 50),
    p90: percentileSorted(sorted, 90),
    p95: percentileSorted(sorted, 95),
    p99: percentileSorted(sorted, 99),
    min: sorted[0],
    max: sorted[n - 1],
  };
}

/**
 * Summary statistics of a sample given as (value, repeat count) pairs, exactly
 * as if every value were repeated `weight` times. Lets pooled ITL be computed
 * from run-length encoded iterations without expanding millions of gaps.
 */
export function summarizeWeighted(values: readonly number[], weights: readonly number[]): Stats {
  let total = 0;
  let sum = 0;
  let kept = 0;
  // Indices of each distinct value, in index order: with the values sorted natively, this
  // gives the order of a stable index sort by value, without a comparator called per pair
  // (thousands of gaps, on a cold page's first run).
  const byValue = new Map<number, number[]>();
  const firstSeen: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (weights[i] > 0) {
      kept++;
      total += weights[i];
      sum += values[i] * weights[i];
      const same = byValue.get(values[i]);
      if (same) same.push(i);
      else {
        byValue.set(values[i], [i]);
        firstSeen.push(values[i]);
      }
    }
  }
  if (total === 0) return summarize([]);
  const distinct = Float64Array.from(firstSeen).sort();
  // Value at each position of the sorted sample, and the cumulative weight up to it.
  const sortedValues: number[] = new Array(kept);
  const cum: number[] = new Array(kept);
  let acc = 0;
  let j = 0;
  for (let d = 0; d < distinct.length; d++) {
    for (const i of byValue.get(distinct[d])!) {
      acc += weights[i];
      sortedValues[j] = values[i];
      cum[j] = acc;
      j++;
    }
  }
  // Value at 0-based index k of the expanded sorted sample.
  const at = (k: number): number => {
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > k) hi = mid;
      else lo = mid + 1;
    }
    return sortedValues[lo];
  };
  const pct = (p: number): number => {
    const pos = (p / 100) * (total - 1);
    const lo = Math.floor(pos);
    const a = at(lo);
    const b = at(Math.min(total - 1, lo + 1));
    return a + (b - a) * (pos - lo);
  };
  return {
    count: total,
    mean: sum / total,
    p50: pct(50),
    p90: pct(90),
    p95: pct(95),
    p99: pct(99),
    min: sortedValues[0],
    max: sortedValues[kept - 1],
  };
}
