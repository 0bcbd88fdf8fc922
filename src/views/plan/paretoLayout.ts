import { max } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { line, curveStepAfter } from 'd3-shape';
import type { PlannedConfig } from '../../plan/types';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { formatMsTick, formatNumber } from '../chart/format';
import { linearTicks, thinHorizontalTicks } from '../chart/ticks';

/** What a Pareto panel puts on its vertical axis: p90 TTFT at the asked rate (lower is better) or goodput per GPU (higher is better). */
export type ParetoMetric = 'ttft' | 'goodput';

/** One plotted configuration. */
export interface ParetoPoint {
  /** 1-based rank in the plan (1 = the cheapest). */
  rank: number;
  xPx: number;
  yPx: number;
  /** The cost (GPUs, or USD per hour) and the metric's value. */
  cost: number;
  value: number;
  /** No cheaper-or-equal configuration does better on this metric. */
  front: boolean;
}

/** What one panel draws. */
export interface ParetoLayout {
  widthPx: number;
  heightPx: number;
  points: ParetoPoint[];
  /** The front as a step line (the best value reachable at each cost), or '' with fewer than one point on it. */
  frontD: string;
  /** The TTFT target as a horizontal line (ttft panel only). */
  target: { yPx: number; valueMs: number } | null;
  xAxis: AxisMarks;
  yAxis: AxisMarks;
}

const MARGIN = { top: 16, right: 14, bottom: 40, left: 56 } as const;

/** The configuration's cost on the horizontal axis: USD per hour when priced, else GPUs. */
export const costOf = (c: PlannedConfig, priced: boolean): number => (priced ? (c.costPerHour ?? NaN) : c.gpus);
const valueOf = (c: PlannedConfig, metric: ParetoMetric) => (metric === 'ttft' ? c.ttftP90Ms : c.goodputPerGpu);

/** For each config (in the given order), whether no config at or below its cost does better on `metric`. */
export function paretoFront(configs: readonly PlannedConfig[], metric: ParetoMetric, priced: boolean): boolean[] {
  const better = (a: number, b: number) => (metric === 'ttft' ? a < b : a > b);
  // j dominates i: it costs no more and does no worse, and is strictly better in one (or the same, listed first).
  const dominates = (j: number, i: number) => {
    const [cj, ci] = [costOf(configs[j], priced), costOf(configs[i], priced)];
    const [vj, vi] = [valueOf(configs[j], metric), valueOf(configs[i], metric)];
    return cj <= ci && !better(vi, vj) && (cj < ci || better(vj, vi) || j < i);
  };
  return configs.map((_, i) => configs.every((__, j) => j === i || !dominates(j, i)));
}

/**
 * Lays out one Pareto panel: each configuration at its cost (GPUs, or USD
 * per hour when every one has a price) against p90 TTFT or goodput per GPU,
 * the front marked and joined by a step line. Pure: d3 computes the scales,
 * ticks and path; the component draws them.
 */
export function layoutPareto(configs: readonly PlannedConfig[], opts: { metric: ParetoMetric; priced: boolean; ttftTargetMs?: number; widthPx: number; heightPx?: number }): ParetoLayout {
  const { metric, priced } = opts;
  const widthPx = Math.max(260, opts.widthPx);
  const heightPx = opts.heightPx ?? 220;
  const usable = configs.filter((c) => Number.isFinite(costOf(c, priced)) && Number.isFinite(valueOf(c, metric)));
  const topCost = max(usable, (c) => costOf(c, priced)) ?? 1;
  const topValue = Math.max(max(usable, (c) => valueOf(c, metric)) ?? 0, metric === 'ttft' ? (opts.ttftTargetMs ?? 0) : 0);
  // A little room past the dearest point, so its dot and rank are not cut at the edge.
  const x = scaleLinear().domain([0, Math.max(topCost * 1.08, priced ? 1e-6 : 1)]).nice().range([MARGIN.left, widthPx - MARGIN.right]);
  const y = scaleLinear().domain([0, Math.max(topValue, 1e-9)]).nice().range([heightPx - MARGIN.bottom, MARGIN.top]);
  const front = paretoFront(usable, metric, priced);
  const points: ParetoPoint[] = usable.map((c, i) => ({ rank: configs.indexOf(c) + 1, xPx: x(costOf(c, priced)), yPx: y(valueOf(c, metric)), cost: costOf(c, priced), value: valueOf(c, metric), front: front[i] }));
  const onFront = points.filter((p) => p.front).sort((a, b) => a.cost - b.cost);
  const frontD = onFront.length > 1 ? (line<ParetoPoint>().x((p) => p.xPx).y((p) => p.yPx).curve(curveStepAfter)(onFront) ?? '') : '';
  const bottom = heightPx - MARGIN.bottom;
  const costLabel = priced ? (v: number) => `$${formatNumber(v)}` : (v: number) => formatNumber(v);
  const xTicks = thinHorizontalTicks(linearTicks(x, Math.max(2, Math.floor(widthPx / 80)), costLabel).filter((t) => priced || Number.isInteger(t.value)), FONT_PX.tick);
  const yLabel = metric === 'ttft' ? formatMsTick : formatNumber;
  return {
    widthPx,
    heightPx,
    points,
    frontD,
    target: metric === 'ttft' && opts.ttftTargetMs !== undefined ? { yPx: y(opts.ttftTargetMs), valueMs: opts.ttftTargetMs } : null,
    xAxis: {
      orient: 'bottom', ticks: xTicks, atPx: bottom, fromPx: MARGIN.left, toPx: widthPx - MARGIN.right, grid: null,
      title: priced ? 'cost, USD per hour' : 'GPUs', titleXPx: (MARGIN.left + widthPx - MARGIN.right) / 2, titleYPx: heightPx - 6, titleAnchor: 'middle',
    },
    yAxis: {
      orient: 'left', ticks: linearTicks(y, 4, yLabel), atPx: MARGIN.left, fromPx: bottom, toPx: MARGIN.top, grid: { fromPx: MARGIN.left, toPx: widthPx - MARGIN.right },
      title: metric === 'ttft' ? 'p90 TTFT at the asked rate' : 'goodput per GPU, req/s', titleXPx: 4, titleYPx: MARGIN.top - 4, titleAnchor: 'start',
    },
  };
}
