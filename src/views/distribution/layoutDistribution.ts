import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { RunMetrics, Stats } from '../../engine';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { formatCompact, formatMs } from '../chart/format';
import { placeLabelRows } from '../chart/labels';
import { flowLegend, type PlacedLegendItem } from '../chart/legendLayout';
import { linearTicks } from '../chart/ticks';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import { binsOnScreen, latencyScale, type Bar } from './scale';
import { missShare, sloSentence, tailSentenceFor, type LatencyMetric } from './sentence';

/** What the distribution draws. */
export interface DistributionData {
  ttftMs: readonly number[];
  tpotMs: readonly number[];
  metrics: RunMetrics;
  slo: { ttftMs: number | null; tpotMs: number | null };
  /** The pinned baseline's samples and statistics, drawn as an outline and a dashed share line over the same axis. */
  baseline?: { ttftMs: readonly number[]; tpotMs: readonly number[]; metrics: RunMetrics } | null;
}

/** A summary statistic marked on a panel. */
export interface MarkerMarks {
  key: 'mean' | 'p50' | 'p95' | 'p99';
  valueMs: number;
  xPx: number;
  /** Label; '' when it shares the label of an equal statistic. */
  text: string;
  textXPx: number;
  textYPx: number;
  anchor: 'start' | 'middle' | 'end';
}

/** One latency's panel: a histogram with its CDF, statistics and SLO. */
export interface DistributionPanel {
  metric: LatencyMetric;
  title: string;
  titleXPx: number;
  titleYPx: number;
  legend: PlacedLegendItem[];
  /** Rows of statistic labels above the plot. */
  labelRows: number;
  leftPx: number;
  rightPx: number;
  topPx: number;
  bottomPx: number;
  logScale: boolean;
  bars: (Bar & { yPx: number })[];
  /** Cumulative share of requests (0 → 100%) drawn over the bars, on the right axis. */
  cdfD: string;
  /** The pinned baseline: its histogram as an outline (same bins) and its cumulative share dashed; null when none. */
  baseline: { outlineD: string; cdfD: string; sentence: string } | null;
  xAxis: AxisMarks;
  yAxis: AxisMarks;
  cdfAxis: AxisMarks;
  markers: MarkerMarks[];
  /** The SLO line; `offChart` when the target lies far beyond the data (label only, at the edge). */
  slo: { xPx: number; label: string; textXPx: number; anchor: 'start' | 'end'; offChart: boolean } | null;
  /** Shown instead of the plot when the sample is empty. */
  message: string | null;
  sentence: string;
  sloSentence: string | null;
  missShare: number | null;
}

export interface DistributionLayout {
  widthPx: number;
  heightPx: number;
  panels: DistributionPanel[];
  summary: string;
}

const MARKERS: { key: MarkerMarks['key']; name: string; stat: (s: Stats) => number }[] = [
  { key: 'mean', name: 'mean', stat: (s) => s.mean },
  { key: 'p50', name: 'p50', stat: (s) => s.p50 },
  { key: 'p95', name: 'p95', stat: (s) => s.p95 },
  { key: 'p99', name: 'p99', stat: (s) => s.p99 },
];

/** The empirical CDF of `values` as points (value, share ≤ value), thinned to about `maxPoints`. */
function cdfPoints(values: readonly number[], maxPoints: number): { v: number; share: number }[] {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return [];
  const step = Math.max(1, Math.floor(n / maxPoints));
  const out: { v: number; share: number }[] = [{ v: sorted[0], share: 0 }];
  for (let i = 0; i < n; i += step) out.push({ v: sorted[i], share: (i + 1) / n });
  out.push({ v: sorted[n - 1], share: 1 });
  return out;
}

/**
 * Label texts of the markers: statistics that print the same ("42 ms") share
 * one label ("p95 ≈ p99 42 ms"), so a tight distribution does not stack four
 * labels that say the same; the others get ''. Returns each label's anchor x
 * too (the middle of its group).
 */
export function markerLabels(items: readonly { name: string; valueMs: number; xPx: number }[]): { text: string; xPx: number }[] {
  const order = items.map((_, i) => i).sort((a, b) => items[a].valueMs - items[b].valueMs);
  const out = items.map((m) => ({ text: '', xPx: m.xPx }));
  const groups = new Map<string, number[]>();
  for (const i of order) {
    const key = formatMs(items[i].valueMs);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  }
  for (const [value, group] of groups) {
    const xs = group.map((i) => items[i].xPx);
    out[group[0]] = { text: `${group.map((i) => items[i].name).join(' ≈ ')} ${value}`, xPx: (Math.min(...xs) + Math.max(...xs)) / 2 };
  }
  return out;
}

function layoutPanel(
  metric: LatencyMetric,
  values: readonly number[],
  stats: Stats,
  sloMs: number | null,
  box: { leftPx: number; rightPx: number; topPx: number; plotHeightPx: number },
  align: { rows: number; topPx: number } = { rows: 1, topPx: 0 },
  baseline: { values: readonly number[]; stats: Stats } | null = null,
): DistributionPanel {
  const title = metric === 'ttft' ? 'Time to first token' : 'Time per output token';
  const finite = values.filter((v) => Number.isFinite(v));
  const baseFinite = baseline ? baseline.values.filter((v) => Number.isFinite(v)) : [];
  const leftPx = box.leftPx + 40;
  const rightPx = box.rightPx - 42;
  // One axis for both runs, so the pinned run's spread reads against the current one.
  const scale = latencyScale(baseFinite.length > 0 ? [...finite, ...baseFinite] : finite, sloMs, leftPx, rightPx);

  // Statistic labels stack in rows above the plot when they would collide.
  const markerItems =
    finite.length === 0
      ? []
      : MARKERS.filter((m) => Number.isFinite(m.stat(stats))).map((m) => ({ ...m, valueMs: m.stat(stats), xPx: scale.x(m.stat(stats)) }));
  const labels = markerLabels(markerItems);
  const labelled = labels.map((l, i) => ({ ...l, i })).filter((l) => l.text !== '');
  const placedLabelled = placeLabelRows(
    labelled.map((l) => ({ xPx: l.xPx, text: l.text })),
    FONT_PX.tick,
    box.leftPx + 2,
    box.rightPx - 2,
  );
  const placed = markerItems.map((m) => ({ row: 0, anchor: 'middle' as const, textXPx: m.xPx }) as (typeof placedLabelled)[number]);
  labelled.forEach((l, k) => (placed[l.i] = placedLabelled[k]));
  const rows = Math.max(align.rows, placedLabelled.reduce((r, p) => Math.max(r, p.row + 1), 0));
  const titleYPx = box.topPx + FONT_PX.title;
  const role = metric === 'ttft' ? 'prefill' : 'decode';
  const legend = flowLegend(
    [
      { key: 'bars', label: 'requests (left axis)', role, swatch: 'block' },
      { key: 'cdf', label: 'share at or below (right axis)', role: 'text', swatch: 'line' },
      ...(baseFinite.length > 0 ? [{ key: 'baseline', label: 'pinned run (outline, dashed)', role: 'muted' as const, swatch: 'dashed' as const }] : []),
    ],
    box.leftPx + 4,
    box.rightPx,
    titleYPx + 4,
    FONT_PX.tick,
  );
  const topPx = Math.max(align.topPx, legend.bottomPx + 6 + rows * 14);
  const bottomPx = topPx + box.plotHeightPx;
  const markers: MarkerMarks[] = markerItems.map((m, i) => ({
    key: m.key,
    valueMs: m.valueMs,
    xPx: m.xPx,
    text: labels[i].text,
    textXPx: placed[i].textXPx,
    textYPx: topPx - 4 - placed[i].row * 14,
    anchor: placed[i].anchor,
  }));

  const binCount = Math.min(40, Math.max(8, Math.floor((rightPx - leftPx) / 12)));
  const bars = binsOnScreen(finite, scale, binCount);
  const baseBars = baseFinite.length > 0 ? binsOnScreen(baseFinite, scale, binCount) : [];
  const maxCount = Math.max(1, ...bars.map((b) => b.count), ...baseBars.map((b) => b.count));
  const yTickCount = Math.max(2, Math.floor(box.plotHeightPx / 30));
  const y = scaleLinear().domain([0, maxCount]).range([bottomPx, topPx]).nice(yTickCount);
  const share = scaleLinear().domain([0, 1]).range([bottomPx, topPx]);
  const cdf = cdfPoints(finite, rightPx - leftPx);
  const cdfD = line<{ v: number; share: number }>().x((d) => scale.x(d.v)).y((d) => share(d.share)).digits(1)(cdf) ?? '';
  let baselineMarks: DistributionPanel['baseline'] = null;
  if (baseline && baseFinite.length > 0) {
    const baseCdf = cdfPoints(baseFinite, rightPx - leftPx);
    // The outline steps along the tops of the pinned run's bars.
    let outlineD = `M${baseBars[0]?.x0Px ?? leftPx},${bottomPx}`;
    for (const b of baseBars) outlineD += `V${y(b.count).toFixed(1)}H${b.x1Px.toFixed(1)}`;
    outlineD += `V${bottomPx}`;
    const s = baseline.stats;
    baselineMarks = {
      outlineD,
      cdfD: line<{ v: number; share: number }>().x((d) => scale.x(d.v)).y((d) => share(d.share)).digits(1)(baseCdf) ?? '',
      sentence: `Pinned run: median ${formatMs(s.p50)} → ${formatMs(stats.p50)} now, p95 ${formatMs(s.p95)} → ${formatMs(stats.p95)}, p99 ${formatMs(s.p99)} → ${formatMs(stats.p99)}.`,
    };
  }

  const axisBase = { fromPx: topPx, toPx: bottomPx, title: '', titleXPx: 0, titleYPx: 0, titleAnchor: 'start' as const };
  let slo: DistributionPanel['slo'] = null;
  if (sloMs !== null && Number.isFinite(sloMs) && finite.length > 0) {
    const xPx = scale.x(sloMs);
    const inside = sloMs >= scale.domain[0] && sloMs <= scale.domain[1];
    const label = inside ? `SLO ${formatMs(sloMs)}` : sloMs > scale.domain[1] ? `SLO ${formatMs(sloMs)} →` : `← SLO ${formatMs(sloMs)}`;
    const anchor = xPx > (leftPx + rightPx) / 2 ? 'end' : 'start';
    slo = { xPx, label, textXPx: anchor === 'end' ? xPx - 4 : xPx + 4, anchor, offChart: !inside };
  }

  return {
    metric,
    title: `${title}${scale.log ? ' (log scale)' : ''}`,
    titleXPx: box.leftPx + 4,
    titleYPx,
    legend: legend.items,
    labelRows: rows,
    leftPx,
    rightPx,
    topPx,
    bottomPx,
    logScale: scale.log,
    bars: bars.map((b) => ({ ...b, yPx: y(b.count) })),
    cdfD,
    baseline: baselineMarks,
    xAxis: { ...axisBase, orient: 'bottom', ticks: scale.ticks, atPx: bottomPx, fromPx: leftPx, toPx: rightPx, grid: null, title: metric === 'ttft' ? 'TTFT per request' : 'TPOT per request', titleXPx: (leftPx + rightPx) / 2, titleYPx: bottomPx + 32, titleAnchor: 'middle' },
    yAxis: { ...axisBase, orient: 'left', ticks: linearTicks(y, yTickCount, formatCompact), atPx: leftPx, grid: { fromPx: leftPx, toPx: rightPx } },
    cdfAxis: { ...axisBase, orient: 'right', ticks: [0, 0.5, 1].map((v) => ({ value: v, px: share(v), label: `${v * 100}%` })), atPx: rightPx, grid: null, title: '', titleXPx: 0, titleYPx: 0, titleAnchor: 'start' },
    markers,
    slo,
    message: finite.length === 0 ? 'No completed requests yet.' : null,
    sentence: tailSentenceFor(metric, stats),
    sloSentence: finite.length === 0 ? null : sloSentence(metric, finite, sloMs),
    missShare: sloMs === null || finite.length === 0 ? null : missShare(finite, sloMs),
  };
}

/**
 * Lays out the latency distribution of the current load: TTFT and TPOT
 * histograms (side by side when wide, stacked when narrow), each with its
 * cumulative share, mean / p50 / p95 / p99 marked, and the SLO line.
 * Statistics come from the engine's `RunMetrics` so they match the cards.
 */
export function layoutDistribution(data: DistributionData, size: { widthPx: number }): DistributionLayout {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const sideBySide = widthPx >= 720;
  const plotHeightPx = sideBySide ? 160 : 130;
  const gapPx = 28;
  const colWidth = sideBySide ? (widthPx - gapPx) / 2 : widthPx;
  const ttftBox = { leftPx: 0, rightPx: colWidth, topPx: 4, plotHeightPx };
  const b = data.baseline ?? null;
  const baseTtft = b ? { values: b.ttftMs, stats: b.metrics.ttftMs } : null;
  const baseTpot = b ? { values: b.tpotMs, stats: b.metrics.tpotMs } : null;
  const ttft = layoutPanel('ttft', data.ttftMs, data.metrics.ttftMs, data.slo.ttftMs, ttftBox, undefined, baseTtft);
  const tpotBox = sideBySide
    ? { leftPx: colWidth + gapPx, rightPx: widthPx, topPx: 4, plotHeightPx }
    : { leftPx: 0, rightPx: widthPx, topPx: ttft.bottomPx + 48, plotHeightPx };
  let tpot = layoutPanel('tpot', data.tpotMs, data.metrics.tpotMs, data.slo.tpotMs, tpotBox, undefined, baseTpot);
  let first = ttft;
  if (sideBySide && ttft.topPx !== tpot.topPx) {
    // Side by side, both plots start at the same height whatever their label rows.
    const align = { rows: Math.max(ttft.labelRows, tpot.labelRows), topPx: Math.max(ttft.topPx, tpot.topPx) };
    first = layoutPanel('ttft', data.ttftMs, data.metrics.ttftMs, data.slo.ttftMs, ttftBox, align, baseTtft);
    tpot = layoutPanel('tpot', data.tpotMs, data.metrics.tpotMs, data.slo.tpotMs, tpotBox, align, baseTpot);
  }
  const panels = [first, tpot];
  return {
    widthPx,
    heightPx: Math.max(first.bottomPx, tpot.bottomPx) + 40,
    panels,
    summary: `${first.sentence} ${tpot.sentence}`,
  };
}
