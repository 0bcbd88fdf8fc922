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
 * Each value is taken times `scale` (1000: seconds to ms), as a mapped copy would give it.
 */
export function summarizeWeighted(values: readonly number[], weights: readonly number[], scale = 1): Stats {
  let total = 0;
  let sum = 0;
  let whole = true;
  // Weight of each distinct value, summed in index order.
  const weightOf = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const wt = weights[i];
    if (wt > 0) {
      const v = values[i] * scale;
      total += wt;
      sum += v * wt;
      if (whole && !Number.isInteger(wt)) whole = false;
      const had = weightOf.get(v);
      weightOf.set(v, had === undefined ? wt : had + wt);
    }
  }
  if (total === 0) return summarize([]);
  const distinct = new Float64Array(weightOf.size);
  let d = 0;
  for (const v of weightOf.keys()) distinct[d++] = v;
  distinct.sort();
  // Whole weights (the run's own log) add up exactly in any grouping, so one entry per distinct
  // value gives the cumulative counts a stable sort would; a window's fractional weights are
  // added one by one in that order instead, so no rounding can move a percentile.
  const cum = whole ? wholeCumulative(distinct, weightOf) : stableCumulative(values, weights, scale, distinct);
  // Value at 0-based index k of the expanded sorted sample.
  const at = (k: number): number => {
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > k) hi = mid;
      else lo = mid + 1;
    }
    return distinct[lo];
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
    min: distinct[0],
    max: distinct[distinct.length - 1],
  };
}

/** Cumulative weight up to and including each of the ascending `distinct` values. */
function wholeCumulative(distinct: Float64Array, weightOf: Map<number, number>): Float64Array {
  const cum = new Float64Array(distinct.length);
  let acc = 0;
  for (let j = 0; j < distinct.length; j++) {
    acc += weightOf.get(distinct[j])!;
    cum[j] = acc;
  }
  return cum;
}

/**
 * The same, with the weights added one at a time in the order of a stable sort
 * by value (index order among equal values): the order a plain sort of the
 * expanded sample would add them in.
 */
function stableCumulative(values: readonly number[], weights: readonly number[], scale: number, distinct: Float64Array): Float64Array {
  const slot = new Map<number, number>();
  for (let j = 0; j < distinct.length; j++) slot.set(distinct[j], j);
  // Each value's indices as a chain through `next`, in index order.
  const head = new Int32Array(distinct.length).fill(-1);
  const tail = new Int32Array(distinct.length).fill(-1);
  const next = new Int32Array(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) {
    if (!(weights[i] > 0)) continue;
    const j = slot.get(values[i] * scale)!;
    if (head[j] < 0) head[j] = i;
    else next[tail[j]] = i;
    tail[j] = i;
  }
  const cum = new Float64Array(distinct.length);
  let acc = 0;
  for (let j = 0; j < distinct.length; j++) {
    for (let i = head[j]; i >= 0; i = next[i]) acc += weights[i];
    cum[j] = acc;
  }
  return cum;
}
