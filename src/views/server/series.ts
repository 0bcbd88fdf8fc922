import { scaleLinear } from 'd3-scale';
import { area, curveStepAfter, line } from 'd3-shape';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { finiteOr, formatCompact } from '../chart/format';
import { flowLegend, type LegendItem, type PlacedLegendItem } from '../chart/legendLayout';
import { linearTicks } from '../chart/ticks';

/** A horizontal limit line (max batch, KV capacity) with its label. */
export interface LimitLine {
  yPx: number;
  label: string;
}

/** A small panel of server state over the window, under the lanes. */
export interface StatePanel {
  title: string;
  titleYPx: number;
  legend: PlacedLegendItem[];
  topPx: number;
  bottomPx: number;
  yAxis: AxisMarks;
  /** Filled step area of the main quantity (running batch / KV used). */
  areaD: string;
  /** Step line of the second quantity (waiting / KV reserved). */
  lineD: string;
  limit: LimitLine;
}

/** Step paths of `values` (one per bucket) from `leftPx` to `rightPx`. */
export function stepPaths(values: readonly number[], leftPx: number, rightPx: number, y: (v: number) => number, baseYPx: number) {
  const n = values.length;
  const w = n > 0 ? (rightPx - leftPx) / n : 0;
  // One point per bucket start plus a closing point at the right edge, drawn as steps.
  const pts = values.map((v, i) => ({ x: leftPx + i * w, y: y(v) }));
  if (n > 0) pts.push({ x: rightPx, y: y(values[n - 1]) });
  const areaD = area<{ x: number; y: number }>().x((d) => d.x).y0(baseYPx).y1((d) => d.y).curve(curveStepAfter).digits(1)(pts) ?? '';
  const lineD = line<{ x: number; y: number }>().x((d) => d.x).y((d) => d.y).curve(curveStepAfter).digits(1)(pts) ?? '';
  return { areaD, lineD };
}

/**
 * Lays out one state panel: title, legend, then a plot whose y axis runs from
 * 0 to the larger of the limit and the peak value, so the limit line is always
 * visible and the gap to it reads as headroom.
 */
export function layoutStatePanel(opts: {
  title: string;
  legend: LegendItem[];
  leftPx: number;
  rightPx: number;
  headerTopPx: number;
  plotHeightPx: number;
  areaValues: readonly number[];
  lineValues: readonly number[];
  limitValue: number;
  limitLabel: string;
}): StatePanel {
  const titleYPx = opts.headerTopPx + FONT_PX.title;
  const legend = flowLegend(opts.legend, 4, opts.rightPx, titleYPx + 4, FONT_PX.tick);
  const topPx = legend.bottomPx + 6;
  const bottomPx = topPx + opts.plotHeightPx;
  let peak = finiteOr(opts.limitValue, 0);
  for (const v of opts.areaValues) peak = Math.max(peak, finiteOr(v, 0));
  for (const v of opts.lineValues) peak = Math.max(peak, finiteOr(v, 0));
  const tickCount = Math.max(3, Math.floor(opts.plotHeightPx / 24));
  const scale = scaleLinear()
    .domain([0, peak > 0 ? peak * 1.08 : 1])
    .range([bottomPx, topPx])
    .nice(tickCount);
  const y = (v: number) => finiteOr(scale(finiteOr(v, 0)), bottomPx);
  const main = stepPaths(opts.areaValues, opts.leftPx, opts.rightPx, y, bottomPx);
  const second = stepPaths(opts.lineValues, opts.leftPx, opts.rightPx, y, bottomPx);
  return {
    title: opts.title,
    titleYPx,
    legend: legend.items,
    topPx,
    bottomPx,
    yAxis: {
      orient: 'left',
      ticks: linearTicks(scale, tickCount, formatCompact),
      atPx: opts.leftPx,
      fromPx: topPx,
      toPx: bottomPx,
      grid: { fromPx: opts.leftPx, toPx: opts.rightPx },
      title: '',
      titleXPx: 0,
      titleYPx: 0,
      titleAnchor: 'start',
    },
    areaD: main.areaD,
    lineD: second.lineD,
    limit: { yPx: y(opts.limitValue), label: opts.limitLabel },
  };
}
