import type { ScaleLinear } from 'd3-scale';
import { percentileSorted } from '../../engine/stats';
import { formatMs } from '../common/format';
import type { HoverRegion, TokenMarks } from './types';

/** A gap this many times the median gap counts as a stall (another prefill shared the step). */
export const SLOW_GAP_FACTOR = 1.5;
/** Minimum average px between ticks to draw every token as its own tick. */
export const MIN_TICK_SPACING_PX = 3;
/** Columns on each side averaged for the density strip's opacity. */
const SMOOTH_PX = 2;

/** Gaps between consecutive tokens, ms; gaps[i] precedes token i (gaps[0] = 0). */
export function gapsOf(times: readonly number[]): number[] {
  return times.map((t, i) => (i === 0 ? 0 : t - times[i - 1]));
}

/** The gap above which a token counts as late, or Infinity with too few gaps. */
export function slowGapThreshold(gaps: readonly number[]): number {
  if (gaps.length < 3) return Infinity;
  // The median by a native sort: d3's median walks a generator per value, which cost about
  // 1.6 ms per switch (inside the click) in a profile of a page's first 20 workload switches.
  const rest = new Float64Array(gaps.length - 1);
  for (let i = 1; i < gaps.length; i++) rest[i - 1] = gaps[i];
  const m = percentileSorted(rest.sort(), 50);
  return m > 0 ? m * SLOW_GAP_FACTOR : Infinity;
}

/**
 * Decode tokens (index ≥ 1) inside the scale's domain: one tick per token when
 * they are at least MIN_TICK_SPACING_PX apart on average and no two share a
 * pixel; otherwise one line per pixel column, its opacity from the token count.
 */
export function tokenMarks(times: readonly number[], x: ScaleLinear<number, number>, slowAboveMs: number): TokenMarks {
  const [d0, d1] = x.domain();
  const [r0, r1] = x.range();
  const gaps = gapsOf(times);
  const inside: { index: number; ms: number; px: number; slow: boolean }[] = [];
  for (let i = 1; i < times.length; i++) {
    const ms = times[i];
    if (ms < d0 || ms > d1) continue;
    inside.push({ index: i, ms, px: x(ms), slow: gaps[i] > slowAboveMs });
  }
  const columns = new Map<number, { count: number; slow: boolean }>();
  for (const t of inside) {
    const col = Math.round(t.px);
    const c = columns.get(col) ?? { count: 0, slow: false };
    c.count++;
    c.slow ||= t.slow;
    columns.set(col, c);
  }
  const spacious = inside.length <= Math.max(1, (r1 - r0) / MIN_TICK_SPACING_PX);
  if (spacious && columns.size === inside.length) {
    return { mode: 'ticks', ticks: inside.map((t) => ({ x: t.px, index: t.index, ms: t.ms, slow: t.slow })) };
  }
  // Opacity follows tokens per pixel smoothed over a few columns, so rounding (1 or 2 tokens in a column) does not stripe the strip.
  const sorted = [...columns.entries()].sort((a, b) => a[0] - b[0]);
  const smooth = (col: number): number => {
    let sum = 0;
    for (let k = -SMOOTH_PX; k <= SMOOTH_PX; k++) sum += columns.get(col + k)?.count ?? 0;
    return sum / (2 * SMOOTH_PX + 1);
  };
  const density = sorted.map(([col]) => smooth(col));
  const maxDensity = Math.max(1e-9, ...density);
  const out = sorted.map(([col, c], i) => ({ x: col + 0.5, count: c.count, slow: c.slow, opacity: Math.min(1, 0.35 + (0.65 * density[i]) / maxDensity) }));
  return { mode: 'density', columns: out };
}

/**
 * Hover/focus regions over the decode tokens: one per token when there are
 * few, else up to `maxRegions` runs of equal token count, each telling when
 * its tokens arrived and how long the gaps were.
 */
export function decodeRegions(times: readonly number[], x: ScaleLinear<number, number>, maxRegions: number): HoverRegion[] {
  const n = times.length;
  if (n < 2) return [];
  const gaps = gapsOf(times);
  const decodeCount = n - 1;
  const groups = Math.max(1, Math.min(decodeCount, maxRegions));
  const regions: HoverRegion[] = [];
  for (let g = 0; g < groups; g++) {
    const first = 1 + Math.floor((g * decodeCount) / groups);
    const last = Math.floor(((g + 1) * decodeCount) / groups);
    if (last < first) continue;
    const x0 = x(times[first - 1]);
    const x1 = x(times[last]);
    let longest = 0;
    let sum = 0;
    for (let i = first; i <= last; i++) {
      longest = Math.max(longest, gaps[i]);
      sum += gaps[i];
    }
    const mean = sum / (last - first + 1);
    const label =
      first === last
        ? `Token ${first + 1} arrives at ${formatMs(times[first])}, ${formatMs(gaps[first])} after the one before`
        : `Tokens ${first + 1}–${last + 1} arrive from ${formatMs(times[first])} to ${formatMs(times[last])}; mean gap ${formatMs(mean)}, longest ${formatMs(longest)}`;
    regions.push({ x: x0, width: Math.max(1, x1 - x0), label });
  }
  return regions;
}
