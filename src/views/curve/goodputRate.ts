/**
 * Goodput against offered rate for two runs on one chart: the DistServe
 * comparison. Both runs are swept over the same open-loop rates around the
 * current load; the chart shows throughput and goodput of each (req/s, the
 * unit goodput is defined in) and says up to which rate each keeps most of
 * its requests within the SLO, and how their raw throughput compares there.
 */
import { format } from 'd3-format';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { SweepPoint } from '../../engine';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { finiteOr, formatRate, formatReqPerSec, formatTokPerSec } from '../chart/format';
import { estimateTextWidthPx } from '../chart/labels';
import { flowLegend, type LegendItem, type PlacedLegendItem } from '../chart/legendLayout';
import type { ColourRole } from '../chart/palette';
import { linearTicks, thinHorizontalTicks } from '../chart/ticks';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import { formatReqTick } from './panelSpecs';
import { RUN_MET_SHARE } from '../cards/runVerdict';

/** Offered rates of the comparison, as multiples of the centre: 4 below it, 3 above, dense around it (where the two runs part). */
export const GOODPUT_RATE_FACTORS = [0.25, 0.5, 0.625, 0.75, 0.875, 1, 1.125, 1.25, 1.5] as const;

/**
 * A run "sustains" a rate while at least this share of its requests meets every target (DistServe's
 * SLO attainment). The comparison counts every request sent (window `all`), so past capacity the
 * queue's growing waits show up as misses.
 */
export const WITHIN_SLO_SHARE = RUN_MET_SHARE;

/** The chart's caption: how the sweep is run, and what to look for. */
export const GOODPUT_RATE_SUBTITLE =
  'Both runs swept over the same open-loop rates, every request counted (past capacity the queue grows and waits miss the target). ' +
  'Raw throughput can stay level while goodput, the requests that met every target, falls away from it.';

const sig3 = (x: number) => Number(x.toPrecision(3));

/** The offered rates around `centre` req/s (3 significant figures, distinct, positive); empty for a centre that is not a positive finite rate. */
export function goodputRates(centre: number): number[] {
  if (!Number.isFinite(centre) || centre <= 0) return [];
  return [...new Set(GOODPUT_RATE_FACTORS.map((f) => Math.max(0.001, sig3(centre * f))))];
}

/**
 * The highest swept rate up to which the run keeps at least `WITHIN_SLO_SHARE`
 * of its requests within the SLO (every lower rate too), or null when even the
 * lowest does not.
 */
export function sustainedRate(points: readonly SweepPoint[]): number | null {
  const sorted = points.filter((p) => p != null && p.ratePerSec !== null && Number.isFinite(p.ratePerSec)).sort((a, b) => a.ratePerSec! - b.ratePerSec!);
  let best: number | null = null;
  for (const p of sorted) {
    if (!(p.metrics.sloMetShare >= WITHIN_SLO_SHARE)) break;
    best = p.ratePerSec;
  }
  return best;
}

/** One line of the chart with its dots. */
export interface RateSeriesMarks {
  key: string;
  role: ColourRole;
  /** The pinned run's lines: wide and faint. */
  ghost: boolean;
  dashed: boolean;
  pathD: string;
  dots: { xPx: number; yPx: number }[];
}

export interface GoodputRateLayout {
  widthPx: number;
  heightPx: number;
  plot: { leftPx: number; rightPx: number; topPx: number; bottomPx: number };
  legend: PlacedLegendItem[];
  xAxis: AxisMarks;
  yAxis: AxisMarks;
  /** Completed = offered: the line a server that keeps up stays on. */
  offeredD: string;
  series: RateSeriesMarks[];
  /** Where each run stops sustaining its SLO, a tick on the x axis. */
  sustained: { run: 'current' | 'baseline'; ratePerSec: number; xPx: number; label: string; yPx: number }[];
  /** What the chart shows, in one or two sentences (also its accessible name). */
  sentence: string;
  /** Shown instead of the plot while either sweep is missing. */
  message: string | null;
}

export interface GoodputRateData {
  current: readonly SweepPoint[];
  baseline: readonly SweepPoint[];
  /**
   * Runs swept so far of both sweeps, and of how many. While some are missing the chart draws
   * what is in but neither marks nor states a sustained rate: a rate missing from a sweep would
   * otherwise read as where the run stopped keeping up. Absent: both sweeps are complete.
   */
  progress?: { done: number; total: number };
}

const ratesOf = (pts: readonly SweepPoint[]) => pts.filter((p) => p != null && p.ratePerSec !== null && Number.isFinite(p.ratePerSec)).sort((a, b) => a.ratePerSec! - b.ratePerSec!);
const pct = format('.0%');

/** The comparison in words: who sustains which rate within the SLO, and how raw throughput compares at the higher of those rates. */
export function goodputRateSentence(current: readonly SweepPoint[], baseline: readonly SweepPoint[]): string {
  const now = sustainedRate(current);
  const before = sustainedRate(baseline);
  const say = (r: number | null) => (r === null ? 'not even the lowest rate' : `up to ${formatRate(r)}`);
  const ratio = now !== null && before !== null && before > 0 && now !== before ? ` (${format('.2~r')(now / before)}×)` : '';
  let text = `Meeting every target for ${pct(WITHIN_SLO_SHARE)} of the requests: now ${say(now)}, the pinned run ${say(before)}${ratio}.`;
  const at = Math.max(now ?? 0, before ?? 0);
  const c = ratesOf(current).find((p) => p.ratePerSec === at);
  const b = ratesOf(baseline).find((p) => p.ratePerSec === at);
  if (c && b) {
    const t = c.metrics.outputTokPerSec / Math.max(1e-9, b.metrics.outputTokPerSec);
    const close = Math.abs(t - 1) < 0.05 ? `, within ${pct(Math.max(0.01, Math.abs(t - 1)))} of each other` : '';
    text += ` At ${formatRate(at)} raw throughput is ${formatTokPerSec(c.metrics.outputTokPerSec)} now and ${formatTokPerSec(b.metrics.outputTokPerSec)} pinned${close}; goodput ${formatReqPerSec(c.metrics.goodputReqPerSec)} against ${formatReqPerSec(b.metrics.goodputReqPerSec)}.`;
  }
  return text;
}

/** The x axis title, the longest of these that fits under a plot `widthPx` wide. */
function xTitleFor(widthPx: number): string {
  const titles = ['offered load, req/s (open loop, Poisson) · every request counted', 'offered load, req/s · every request counted', 'offered load, req/s'];
  return titles.find((t) => estimateTextWidthPx(t, FONT_PX.label) <= widthPx) ?? titles[titles.length - 1];
}

/**
 * Lays out both runs' throughput and goodput (req/s) against the offered
 * rate (linear, from 0), the offered = completed diagonal, and a tick where
 * each run stops keeping its requests within the SLO.
 */
export function layoutGoodputRate(data: GoodputRateData, size: { widthPx: number }): GoodputRateLayout {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const leftPx = widthPx >= 600 ? 60 : 52;
  const rightPx = widthPx - (widthPx >= 600 ? 24 : 14);
  const cur = ratesOf(data.current);
  const base = ratesOf(data.baseline);
  const legendItems: LegendItem[] = [
    { key: 'throughput', label: 'throughput: all completed', role: 'throughput', swatch: 'line' },
    { key: 'goodput', label: 'goodput: met every target', role: 'goodput', swatch: 'dashed' },
    { key: 'baseline', label: 'wide, faint: the pinned run', role: 'muted', swatch: 'ghost' },
    { key: 'offered', label: 'completed = offered', role: 'axis', swatch: 'dashed' },
  ];
  const legend = flowLegend(legendItems, 4, rightPx, 4, FONT_PX.tick);
  const topPx = legend.bottomPx + 10;
  const plotH = widthPx >= 600 ? 220 : 170;
  const bottomPx = topPx + plotH;
  const empty = { widthPx, heightPx: bottomPx + 44, plot: { leftPx, rightPx, topPx, bottomPx }, legend: legend.items, offeredD: '', series: [], sustained: [] };
  const axisBase = { fromPx: topPx, toPx: bottomPx, title: '', titleXPx: 0, titleYPx: 0, titleAnchor: 'start' as const };
  const maxRate = Math.max(0, ...cur.map((p) => p.ratePerSec!), ...base.map((p) => p.ratePerSec!));
  if (cur.length === 0 || base.length === 0 || maxRate <= 0) {
    const x0 = scaleLinear().domain([0, 1]).range([leftPx, rightPx]);
    const y0 = scaleLinear().domain([0, 1]).range([bottomPx, topPx]);
    return {
      ...empty,
      xAxis: { ...axisBase, orient: 'bottom', ticks: [], atPx: bottomPx, fromPx: leftPx, toPx: rightPx, grid: null, title: 'offered load, req/s', titleXPx: (leftPx + rightPx) / 2, titleYPx: bottomPx + 32, titleAnchor: 'middle' },
      yAxis: { ...axisBase, orient: 'left', ticks: linearTicks(y0, 3, formatReqTick), atPx: x0(0), grid: null },
      sentence: 'Sweeping both runs over the same rates…',
      message: 'Sweeping both runs over the same rates…',
    };
  }
  const x = scaleLinear().domain([0, maxRate * 1.04]).range([leftPx, rightPx]).nice();
  const yMax = Math.max(...[...cur, ...base].map((p) => finiteOr(p.metrics.requestsPerSec, 0)), maxRate);
  const y = scaleLinear().domain([0, yMax * 1.05]).range([bottomPx, topPx]).nice();
  const path = (pts: { xPx: number; yPx: number }[]) => line<{ xPx: number; yPx: number }>().x((d) => d.xPx).y((d) => d.yPx).digits(1)(pts) ?? '';
  const seriesFor = (pts: SweepPoint[], ghost: boolean): RateSeriesMarks[] =>
    (['throughput', 'goodput'] as const).map((k) => {
      const dots = pts.map((p) => ({ xPx: x(p.ratePerSec!), yPx: y(finiteOr(k === 'throughput' ? p.metrics.requestsPerSec : Math.min(p.metrics.goodputReqPerSec, p.metrics.requestsPerSec), 0)) }));
      return { key: `${ghost ? 'baseline-' : ''}${k}`, role: k, ghost, dashed: k === 'goodput', pathD: path(dots), dots };
    });
  const [d0, d1] = x.domain();
  const top = Math.min(d1, y.domain()[1]);
  const offeredD = path([{ xPx: x(d0), yPx: y(d0) }, { xPx: x(top), yPx: y(top) }]);
  const sustained: GoodputRateLayout['sustained'] = [];
  const partial = data.progress !== undefined && data.progress.done < data.progress.total;
  const now = partial ? null : sustainedRate(cur);
  const before = partial ? null : sustainedRate(base);
  if (now !== null) sustained.push({ run: 'current', ratePerSec: now, xPx: x(now), label: `now: ${formatRate(now)}`, yPx: bottomPx - 6 });
  if (before !== null) sustained.push({ run: 'baseline', ratePerSec: before, xPx: x(before), label: `pinned: ${formatRate(before)}`, yPx: bottomPx - 20 });
  return {
    ...empty,
    xAxis: {
      ...axisBase, orient: 'bottom', ticks: thinHorizontalTicks(linearTicks(x, Math.max(3, Math.floor((rightPx - leftPx) / 70)), formatReqTick), FONT_PX.tick),
      atPx: bottomPx, fromPx: leftPx, toPx: rightPx, grid: null, title: xTitleFor(rightPx - leftPx), titleXPx: (leftPx + rightPx) / 2, titleYPx: bottomPx + 32, titleAnchor: 'middle',
    },
    yAxis: { ...axisBase, orient: 'left', ticks: linearTicks(y, Math.max(2, Math.floor(plotH / 34)), formatReqTick), atPx: leftPx, grid: { fromPx: leftPx, toPx: rightPx } },
    offeredD,
    // The pinned run's lines first, under the current ones.
    series: [...seriesFor(base, true), ...seriesFor(cur, false)],
    sustained,
    sentence: partial ? `Sweeping both runs over the same rates: ${data.progress!.done} of ${data.progress!.total} runs done…` : goodputRateSentence(cur, base),
    message: null,
  };
}
