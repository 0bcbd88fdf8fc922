import { bin } from 'd3-array';
import { scaleLinear, scaleLog } from 'd3-scale';
import { formatMsTick } from '../chart/format';
import { linearTicks, logTicks, thinHorizontalTicks, type Tick } from '../chart/ticks';
import { FONT_PX } from '../chart/axisMarks';

/** The x scale of a latency panel: log for skewed samples, linear for tight ones. */
export interface LatencyScale {
  log: boolean;
  x: (ms: number) => number;
  ticks: Tick[];
  domain: [number, number];
}

/** A sample spread wider than this (max / min) is drawn on a log axis so the body and the tail both show. */
const LOG_SPREAD = 5;

/**
 * Picks the x scale for `values` (plus the SLO when within 2× of the data, so
 * a far-off target does not squash the histogram into a few bars): log
 * when every value is positive and the spread is wide, else linear. A
 * degenerate sample (one value, all equal) gets a ±10% domain; values outside
 * the domain are clamped, so nothing maps to NaN.
 */
export function latencyScale(values: readonly number[], sloMs: number | null, leftPx: number, rightPx: number): LatencyScale {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (!Number.isFinite(lo)) {
    lo = 0;
    hi = 1;
  }
  if (sloMs !== null && Number.isFinite(sloMs) && sloMs > 0 && sloMs >= lo / 2 && sloMs <= Math.max(hi, 1e-9) * 2) {
    lo = Math.min(lo, sloMs);
    hi = Math.max(hi, sloMs);
  }
  if (hi - lo <= Math.abs(hi) * 1e-6) {
    const mid = hi;
    lo = mid > 0 ? mid * 0.9 : mid - 1;
    hi = mid > 0 ? mid * 1.1 : mid + 1;
  }
  const maxTicks = Math.max(3, Math.floor((rightPx - leftPx) / 60));
  if (lo > 0 && hi / lo > LOG_SPREAD) {
    const scale = scaleLog().domain([lo / 1.1, hi * 1.1]).range([leftPx, rightPx]).clamp(true);
    const x = (ms: number) => (ms > 0 && Number.isFinite(ms) ? scale(ms) : leftPx);
    return { log: true, x, ticks: thinHorizontalTicks(logTicks(scale, maxTicks, formatMsTick), FONT_PX.tick), domain: [lo / 1.1, hi * 1.1] };
  }
  const pad = (hi - lo) * 0.06;
  const d0 = Math.max(lo >= 0 ? 0 : -Infinity, lo - pad);
  const scale = scaleLinear().domain([d0, hi + pad]).range([leftPx, rightPx]).clamp(true);
  const x = (ms: number) => {
    const v = scale(Number.isFinite(ms) ? ms : 0);
    return Number.isFinite(v) ? v : leftPx;
  };
  return { log: false, x, ticks: thinHorizontalTicks(linearTicks(scale, maxTicks, formatMsTick), FONT_PX.tick), domain: [d0, hi + pad] };
}

/** A histogram bar in px. */
export interface Bar {
  x0Px: number;
  x1Px: number;
  count: number;
}

/**
 * Bins `values` into about `count` bins of equal width on screen (so on a
 * log axis the bins are equal in ratio, and the tail is not one giant bin).
 */
export function binsOnScreen(values: readonly number[], scale: LatencyScale, count: number): Bar[] {
  const [d0, d1] = scale.domain;
  const n = Math.max(1, Math.round(count));
  const edges: number[] = [];
  for (let i = 1; i < n; i++) {
    const t = i / n;
    edges.push(scale.log ? d0 * (d1 / d0) ** t : d0 + (d1 - d0) * t);
  }
  const clamp = (v: number) => Math.min(d1, Math.max(d0, v));
  const bins = bin<number, number>()
    .domain([d0, d1])
    .thresholds(edges)(values.filter((v) => Number.isFinite(v)).map(clamp));
  return bins.map((b) => ({ x0Px: scale.x(b.x0 ?? d0), x1Px: scale.x(b.x1 ?? d1), count: b.length }));
}
