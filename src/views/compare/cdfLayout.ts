import { scaleLinear, scaleLog, type ScaleLinear, type ScaleLogarithmic } from 'd3-scale';
import { percentileSorted } from '../../engine/stats';
import { curveStepAfter, line } from 'd3-shape';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { estimateTextWidthPx } from '../chart/labels';
import { formatMs, formatMsTick } from '../chart/format';
import type { ColourRole } from '../chart/palette';
import { linearTicks, logTicks, thinHorizontalTicks } from '../chart/ticks';

/** One distribution to draw. */
export interface CdfSeries {
  key: string;
  label: string;
  role: ColourRole;
  valuesMs: ArrayLike<number>;
  dashed?: boolean;
}

/** One series as marks. */
export interface CdfLine {
  key: string;
  label: string;
  role: ColourRole;
  dashed: boolean;
  /** SVG path of the empirical CDF (steps), '' when the series is empty. */
  d: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
}

/** The whole chart as marks: React only renders them. */
export interface CdfMarks {
  widthPx: number;
  heightPx: number;
  plot: { left: number; right: number; top: number; bottom: number };
  xAxis: AxisMarks;
  yAxis: AxisMarks;
  lines: CdfLine[];
  /** The SLO target as a vertical line, when set and on the chart; its label goes left of the line when it would not fit right of it. */
  slo: { xPx: number; label: string; labelXPx: number; anchor: 'start' | 'end' } | null;
  logScale: boolean;
  /** Shown instead of lines when no series has data. */
  message: string | null;
}

/** Points per drawn series: enough for a smooth step curve, bounded for 100,000-request runs. */
export const CDF_POINTS = 240;

const MARGIN = { left: 48, right: 16, top: 12, bottom: 40 };

function sortedFinite(values: ArrayLike<number>): Float64Array {
  let n = 0;
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) out[n++] = values[i];
  return out.subarray(0, n).sort();
}

/**
 * Lays out overlaid empirical CDFs (share of requests at or below a latency)
 * of several samples on one latency axis, log-scaled when the data spans more
 * than 20×. Each series is reduced to at most `CDF_POINTS` quantile points.
 */
export function layoutCdf(series: readonly CdfSeries[], metricLabel: string, sloMs: number | null, widthPx: number, heightPx = 220): CdfMarks {
  const plot = { left: MARGIN.left, right: widthPx - MARGIN.right, top: MARGIN.top, bottom: heightPx - MARGIN.bottom };
  const sorted = series.map((s) => sortedFinite(s.valuesMs));
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of sorted) {
    if (v.length === 0) continue;
    lo = Math.min(lo, v[0]);
    hi = Math.max(hi, v[v.length - 1]);
  }
  const empty = !Number.isFinite(lo);
  if (empty) {
    lo = 1;
    hi = 1000;
  }
  // Show the SLO when it is near the data (within 3× of the largest value).
  if (sloMs !== null && sloMs > 0 && sloMs <= hi * 3) {
    lo = Math.min(lo, sloMs);
    hi = Math.max(hi, sloMs);
  }
  const logScale = lo > 0 && hi / lo >= 20;
  if (hi <= lo) hi = lo + Math.max(1, Math.abs(lo) * 0.1);
  const logX: ScaleLogarithmic<number, number> | null = logScale ? scaleLog().domain([lo * 0.9, hi * 1.1]).range([plot.left, plot.right]) : null;
  const linX: ScaleLinear<number, number> = scaleLinear().domain([Math.max(0, lo - (hi - lo) * 0.05), hi + (hi - lo) * 0.05]).nice().range([plot.left, plot.right]);
  const x = (v: number): number => (logX ? logX(v) : linX(v));
  const y = scaleLinear().domain([0, 1]).range([plot.bottom, plot.top]);
  const maxTicks = Math.max(2, Math.floor((plot.right - plot.left) / 70));
  const rawTicks = logX ? logTicks(logX, maxTicks, formatMsTick) : linearTicks(linX, maxTicks, formatMsTick);
  const xAxis: AxisMarks = {
    orient: 'bottom', ticks: thinHorizontalTicks(rawTicks, 11), atPx: plot.bottom, fromPx: plot.left, toPx: plot.right,
    grid: { fromPx: plot.top, toPx: plot.bottom }, title: `${metricLabel}${logScale ? ' (log scale)' : ''}`,
    titleXPx: (plot.left + plot.right) / 2, titleYPx: heightPx - 6, titleAnchor: 'middle',
  };
  const yAxis: AxisMarks = {
    orient: 'left', ticks: [0, 0.25, 0.5, 0.75, 1].map((v) => ({ value: v, px: y(v), label: `${Math.round(v * 100)}%` })), atPx: plot.left,
    fromPx: plot.bottom, toPx: plot.top, grid: { fromPx: plot.left, toPx: plot.right }, title: '', titleXPx: 0, titleYPx: 0, titleAnchor: 'start',
  };
  const path = line<[number, number]>().x((p) => x(p[0])).y((p) => y(p[1])).curve(curveStepAfter);
  const lines: CdfLine[] = series.map((s, i) => {
    const v = sorted[i];
    const n = v.length;
    if (n === 0) return { key: s.key, label: s.label, role: s.role, dashed: !!s.dashed, d: '', count: 0, p50Ms: 0, p95Ms: 0 };
    const k = Math.min(n, CDF_POINTS);
    const points: [number, number][] = [[v[0], 0]];
    for (let j = 0; j < k; j++) {
      const idx = k === 1 ? n - 1 : Math.round((j * (n - 1)) / (k - 1));
      points.push([v[idx], (idx + 1) / n]);
    }
    return { key: s.key, label: s.label, role: s.role, dashed: !!s.dashed, d: path(points) ?? '', count: n, p50Ms: percentileSorted(v, 50), p95Ms: percentileSorted(v, 95) };
  });
  const sloX = sloMs !== null && sloMs > 0 ? x(sloMs) : NaN;
  const sloLabel = `target ${formatMs(sloMs ?? 0)}`;
  const sloRight = sloX + 4 + estimateTextWidthPx(sloLabel, FONT_PX.tick) <= widthPx - 2;
  return {
    widthPx, heightPx, plot, xAxis, yAxis, lines, logScale,
    slo: Number.isFinite(sloX) && sloX >= plot.left && sloX <= plot.right ? { xPx: sloX, label: sloLabel, labelXPx: sloRight ? sloX + 4 : sloX - 4, anchor: sloRight ? 'start' : 'end' } : null,
    message: empty ? 'No completed requests to draw.' : null,
  };
}
