import { max } from 'd3-array';
import { scaleLinear } from 'd3-scale';
import { area, curveStepAfter, line } from 'd3-shape';
import type { AxisMarks } from '../chart/axisMarks';
import { formatNumber, formatSecondsTick } from '../chart/format';
import { linearTicks, thinHorizontalTicks } from '../chart/ticks';
import { FONT_PX } from '../chart/axisMarks';

/** Requests sent in one bin of time. */
export interface ArrivalBin {
  fromS: number;
  toS: number;
  ratePerSec: number;
}

/** What the arrivals chart draws. */
export interface ArrivalsLayout {
  widthPx: number;
  heightPx: number;
  binS: number;
  traceBins: ArrivalBin[];
  poissonBins: ArrivalBin[];
  /** The trace's rate as a filled step area, and the Poisson rate as a step line over it. */
  traceAreaD: string;
  poissonLineD: string;
  /** The mean rate both share, as a dashed line. */
  mean: { yPx: number; ratePerSec: number };
  /** Highest trace bin over the mean (how bursty the busiest moment is). */
  peakOverMean: number;
  xAxis: AxisMarks;
  yAxis: AxisMarks;
}

const MARGIN = { top: 12, right: 12, bottom: 40, left: 48 } as const;

/** A bin width of 1, 2, 5, 10, 15, 30 s or whole minutes that gives about `target` bins over `spanS`. */
export function binWidthS(spanS: number, target = 90): number {
  const raw = spanS / target;
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600];
  return steps.find((s) => s >= raw) ?? Math.ceil(raw / 600) * 600;
}

/** Requests per second in consecutive bins of `binS` seconds from 0 to past `spanS` (the last bin may be partial and is divided by its own length). */
export function arrivalBins(sendS: readonly number[], spanS: number, binS: number): ArrivalBin[] {
  const count = Math.max(1, Math.ceil(spanS / binS) || 1);
  const n = new Array<number>(count).fill(0);
  for (const t of sendS) n[Math.min(count - 1, Math.max(0, Math.floor(t / binS)))]++;
  return n.map((c, i) => {
    const fromS = i * binS;
    const toS = Math.min((i + 1) * binS, Math.max(spanS, binS));
    return { fromS, toS, ratePerSec: c / Math.max(toS - fromS, binS / 1000) };
  });
}

/**
 * Lays out requests per second over time for a trace's sends and for the
 * same count of Poisson sends at its mean rate, on one time axis and one
 * rate axis. Pure: d3 computes the scales, ticks and paths; the component
 * draws them.
 */
export function layoutArrivals(traceS: readonly number[], poissonS: readonly number[], meanRatePerSec: number, opts: { widthPx: number; heightPx?: number }): ArrivalsLayout {
  const widthPx = Math.max(280, opts.widthPx);
  const heightPx = opts.heightPx ?? 220;
  const spanS = Math.max(traceS[traceS.length - 1] ?? 0, poissonS[poissonS.length - 1] ?? 0, 1e-9);
  const binS = binWidthS(spanS);
  const traceBins = arrivalBins(traceS, spanS, binS);
  const poissonBins = arrivalBins(poissonS, spanS, binS);
  const endS = traceBins[traceBins.length - 1].toS;
  const top = max([...traceBins, ...poissonBins], (b) => b.ratePerSec) ?? 1;
  const x = scaleLinear().domain([0, endS]).range([MARGIN.left, widthPx - MARGIN.right]);
  const y = scaleLinear().domain([0, Math.max(top, meanRatePerSec, 1e-9)]).nice().range([heightPx - MARGIN.bottom, MARGIN.top]);
  // A step per bin: the point list repeats the last bin's rate at its end so the step closes.
  const steps = (bins: ArrivalBin[]) => [...bins.map((b) => [b.fromS, b.ratePerSec] as const), [bins[bins.length - 1].toS, bins[bins.length - 1].ratePerSec] as const];
  const traceAreaD = area<readonly [number, number]>().x((p) => x(p[0])).y0(y(0)).y1((p) => y(p[1])).curve(curveStepAfter)(steps(traceBins)) ?? '';
  const poissonLineD = line<readonly [number, number]>().x((p) => x(p[0])).y((p) => y(p[1])).curve(curveStepAfter)(steps(poissonBins)) ?? '';
  const bottom = heightPx - MARGIN.bottom;
  const xTicks = thinHorizontalTicks(linearTicks(x, Math.max(2, Math.floor(widthPx / 90)), formatSecondsTick), FONT_PX.tick);
  return {
    widthPx,
    heightPx,
    binS,
    traceBins,
    poissonBins,
    traceAreaD,
    poissonLineD,
    mean: { yPx: y(meanRatePerSec), ratePerSec: meanRatePerSec },
    peakOverMean: meanRatePerSec > 0 ? (max(traceBins, (b) => b.ratePerSec) ?? 0) / meanRatePerSec : 0,
    xAxis: { orient: 'bottom', ticks: xTicks, atPx: bottom, fromPx: MARGIN.left, toPx: widthPx - MARGIN.right, grid: null, title: `time since the first request (bins of ${binS} s)`, titleXPx: (MARGIN.left + widthPx - MARGIN.right) / 2, titleYPx: heightPx - 6, titleAnchor: 'middle' },
    yAxis: { orient: 'left', ticks: linearTicks(y, 4, formatNumber), atPx: MARGIN.left, fromPx: bottom, toPx: MARGIN.top, grid: { fromPx: MARGIN.left, toPx: widthPx - MARGIN.right }, title: 'req/s', titleXPx: 4, titleYPx: MARGIN.top - 2, titleAnchor: 'start' },
  };
}
