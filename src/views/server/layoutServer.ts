import { scaleLinear } from 'd3-scale';
import type { IterationLog, RequestRecord } from '../../engine';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { formatMs, formatSecondsTick, formatTokens, px } from '../chart/format';
import { placeLabelRows } from '../chart/labels';
import { flowLegend, type PlacedLegendItem } from '../chart/legendLayout';
import { linearTicks, thinHorizontalTicks } from '../chart/ticks';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import { describeServer, phaseDurationsMs } from './describe';
import { downsampleLog } from './downsample';
import { chooseLanes, phasesOf, windowAround, type PhaseKind, type TimeWindow } from './lanes';
import { layoutStatePanel, type StatePanel } from './series';

/** What the server view draws. */
export interface ServerData {
  requests: readonly RequestRecord[];
  log: IterationLog;
  representativeId: number;
  maxBatch: number;
  kvCapacityTokens: number;
  /** KV admission of the run (default reserve): paged holds blocks that grow with the tokens. */
  admission?: 'paged' | 'reserve';
}

/** Most lanes drawn: the representative plus its 23 closest neighbours. */
export const MAX_LANES = 24;

/** A phase of a lane, clipped to the window, in px. */
export interface SegmentMarks {
  kind: PhaseKind;
  x0Px: number;
  x1Px: number;
}

/** One request's lane. */
export interface LaneMarks {
  id: number;
  yPx: number;
  heightPx: number;
  isRepresentative: boolean;
  segments: SegmentMarks[];
}

/** A label over one of the representative's phases. */
export interface PhaseLabel {
  kind: PhaseKind;
  text: string;
  textXPx: number;
  yPx: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Everything the server view renders, in px. */
export interface ServerLayout {
  widthPx: number;
  heightPx: number;
  /** Shown instead of the chart when there is no request to centre on. */
  message: string | null;
  window: TimeWindow | null;
  plotLeftPx: number;
  plotRightPx: number;
  legend: PlacedLegendItem[];
  lanesTitleYPx: number;
  lanes: LaneMarks[];
  phaseLabels: PhaseLabel[];
  /** Label of the representative's lane, in the left margin. */
  repLabel: { xPx: number; yPx: number; text: string } | null;
  moreInFlight: number;
  moreLabel: { xPx: number; yPx: number; text: string } | null;
  /** Vertical guides at the representative's send, first token and last token. */
  guides: { xPx: number; label: string }[];
  guidesTopPx: number;
  guidesBottomPx: number;
  batchPanel: StatePanel | null;
  kvPanel: StatePanel | null;
  /** Prefill iterations (the steps that stretch everyone's decode), as x positions on the batch panel. */
  prefillXPx: number[];
  /** Preemptions (a request evicted from KV memory to be recomputed), as x positions on the batch panel. */
  preemptXPx: number[];
  /** Preemptions in the window. */
  preemptions: number;
  xAxis: AxisMarks | null;
  /** Downsampled points per series (≤ one per px of plot width). */
  samples: number;
  summary: string;
}

function emptyLayout(widthPx: number, message: string): ServerLayout {
  return {
    widthPx, heightPx: 100, message, window: null, plotLeftPx: 0, plotRightPx: widthPx, legend: [], lanesTitleYPx: 0, lanes: [], phaseLabels: [],
    repLabel: null, moreInFlight: 0, moreLabel: null, guides: [], guidesTopPx: 0, guidesBottomPx: 0, batchPanel: null, kvPanel: null,
    prefillXPx: [], preemptXPx: [], preemptions: 0, xAxis: null, samples: 0, summary: message,
  };
}

/**
 * Lays out the server view around the representative request: a lane per
 * request in flight (the representative on top, then up to 23 neighbours that
 * overlap it most, in arrival order), and under them the running batch with
 * the queue, and KV memory used and reserved, with the batch and memory limits.
 * The window runs from just before its send to just after its last token.
 */
export function layoutServer(data: ServerData, size: { widthPx: number }): ServerLayout {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const rep =
    data.requests.find((r) => r.id === data.representativeId && r.completed) ?? data.requests.find((r) => r.completed);
  if (!rep) return emptyLayout(widthPx, 'No request completed, so there is nothing in flight to show.');

  const wide = widthPx >= 600;
  const plotLeftPx = wide ? 60 : 48;
  const plotRightPx = widthPx - (wide ? 24 : 12);
  const window = windowAround(rep);
  const x = scaleLinear().domain([window.startS, window.endS]).range([plotLeftPx, plotRightPx]).clamp(true);
  const xOf = (t: number) => {
    const v = x(t);
    return Number.isFinite(v) ? v : plotLeftPx;
  };

  const buckets = Math.max(1, Math.floor(plotRightPx - plotLeftPx));
  const paged = data.admission === 'paged';
  const series = downsampleLog(data.log, window.startS, window.endS, buckets, paged);
  const preemptions = series.preempted.reduce((a, b) => a + b, 0);
  const legend = flowLegend(
    [
      { key: 'network', label: 'network', role: 'networkFill', swatch: 'block' },
      { key: 'queue', label: 'queue wait', role: 'queueFill', swatch: 'block' },
      { key: 'prefill', label: 'prefill', role: 'prefill', swatch: 'block' },
      { key: 'decode', label: 'decode', role: 'decode', swatch: 'block' },
      ...(preemptions > 0 || (rep.pausesS?.length ?? 0) > 0 ? [{ key: 'preempted', label: 'preempted (evicted, recomputed)', role: 'slo' as const, swatch: 'block' as const }] : []),
    ],
    4,
    plotRightPx,
    4,
    FONT_PX.tick,
  );
  const lanesTitleYPx = legend.bottomPx + 6 + FONT_PX.title;

  // The representative's phase labels sit above its lane, stacked if they collide.
  const durations = phaseDurationsMs(rep);
  // One label per kind (the decode label gives its total, stalls included); each preemption gets its own.
  const labelled = phasesOf(rep).filter((p, i, all) => p.kind !== 'network' && (p.kind !== 'decode' || all.findIndex((q) => q.kind === 'decode') === i));
  const labelItems = labelled.map((p) => {
    const ms = p.kind === 'queue' ? durations.queueMs : p.kind === 'prefill' ? durations.prefillMs : p.kind === 'decode' ? durations.decodeMs : (p.endS - p.startS) * 1000;
    return { xPx: (xOf(p.startS) + xOf(p.endS)) / 2, text: `${p.kind} ${formatMs(ms)}`, kind: p.kind };
  });
  const placed = placeLabelRows(labelItems, FONT_PX.tick, plotLeftPx, plotRightPx);
  const rows = placed.reduce((m, p) => Math.max(m, p.row + 1), 0);
  const repTopPx = lanesTitleYPx + 8 + rows * 14;
  const phaseLabels: PhaseLabel[] = labelItems.map((item, i) => ({
    kind: item.kind,
    text: item.text,
    textXPx: placed[i].textXPx,
    anchor: placed[i].anchor,
    yPx: repTopPx - 4 - placed[i].row * 14,
  }));

  const repHeight = 14;
  const pitch = wide ? 11 : 10;
  const { neighbours, moreInFlight } = chooseLanes(data.requests, rep, window, MAX_LANES);
  const segmentsOf = (r: RequestRecord): SegmentMarks[] =>
    phasesOf(r)
      .filter((p) => p.endS > window.startS && p.startS < window.endS)
      .map((p) => ({ kind: p.kind, x0Px: px(xOf(p.startS)), x1Px: px(xOf(p.endS)) }))
      .filter((s) => s.x1Px > s.x0Px);
  const lanes: LaneMarks[] = [{ id: rep.id, yPx: repTopPx, heightPx: repHeight, isRepresentative: true, segments: segmentsOf(rep) }];
  const neighboursTop = repTopPx + repHeight + 8;
  neighbours.forEach((r, i) => lanes.push({ id: r.id, yPx: neighboursTop + i * pitch, heightPx: pitch - 3, isRepresentative: false, segments: segmentsOf(r) }));
  let lanesBottom = neighbours.length > 0 ? neighboursTop + neighbours.length * pitch : repTopPx + repHeight;
  let moreLabel: ServerLayout['moreLabel'] = null;
  if (moreInFlight > 0) {
    moreLabel = { xPx: plotLeftPx, yPx: lanesBottom + 12, text: `+${moreInFlight} more in flight during this window` };
    lanesBottom += 16;
  }

  const panelHeight = wide ? 90 : 76;
  const batchPanel = layoutStatePanel({
    title: 'Batch: requests running on the GPU',
    legend: [
      { key: 'running', label: 'running', role: 'decode', swatch: 'block' },
      { key: 'waiting', label: 'waiting in queue', role: 'queue', swatch: 'line' },
      { key: 'prefill', label: 'prefill step', role: 'prefill', swatch: 'block' },
      ...(preemptions > 0 ? [{ key: 'preempt', label: `preemption (${preemptions})`, role: 'slo' as const, swatch: 'block' as const }] : []),
      { key: 'max', label: `batch limit ${Math.round(data.maxBatch)}`, role: 'limit', swatch: 'dashed' },
    ],
    leftPx: plotLeftPx,
    rightPx: plotRightPx,
    headerTopPx: lanesBottom + 14,
    plotHeightPx: panelHeight,
    areaValues: series.batch,
    lineValues: series.waiting,
    limitValue: data.maxBatch,
    limitLabel: `batch limit ${Math.round(data.maxBatch)}`,
  });
  const kvPanel = layoutStatePanel({
    title: 'KV cache memory (tokens)',
    legend: [
      { key: 'used', label: 'in use', role: 'throughput', swatch: 'block' },
      { key: 'reserved', label: paged ? 'allocated in blocks (paged)' : 'reserved by admitted requests', role: 'throughput', swatch: 'dashed' },
      { key: 'cap', label: `capacity ${formatTokens(data.kvCapacityTokens)}`, role: 'limit', swatch: 'dashed' },
    ],
    leftPx: plotLeftPx,
    rightPx: plotRightPx,
    headerTopPx: batchPanel.bottomPx + 14,
    plotHeightPx: panelHeight,
    areaValues: series.kvUsed,
    lineValues: series.kvReserved,
    limitValue: data.kvCapacityTokens,
    limitLabel: `capacity ${formatTokens(data.kvCapacityTokens)}`,
  });

  const bucketPx = (plotRightPx - plotLeftPx) / buckets;
  const prefillXPx: number[] = [];
  series.prefill.forEach((on, b) => {
    if (on) prefillXPx.push(px(plotLeftPx + (b + 0.5) * bucketPx));
  });
  const preemptXPx: number[] = [];
  series.preempted.forEach((n, b) => {
    if (n > 0) preemptXPx.push(px(plotLeftPx + (b + 0.5) * bucketPx));
  });

  const relative = scaleLinear().domain([window.startS - window.originS, window.endS - window.originS]).range([plotLeftPx, plotRightPx]);
  const xTicks = thinHorizontalTicks(linearTicks(relative, wide ? 10 : 5, formatSecondsTick), FONT_PX.tick);
  const xAxis: AxisMarks = {
    orient: 'bottom',
    ticks: xTicks,
    atPx: kvPanel.bottomPx,
    fromPx: plotLeftPx,
    toPx: plotRightPx,
    grid: null,
    title: 'seconds since your request was sent',
    titleXPx: (plotLeftPx + plotRightPx) / 2,
    titleYPx: kvPanel.bottomPx + 32,
    titleAnchor: 'middle',
  };

  const guides = [
    { xPx: xOf(rep.sendS), label: 'sent' },
    { xPx: xOf(rep.firstTokenServerS), label: 'first token' },
    { xPx: xOf(rep.lastTokenServerS), label: 'last token' },
  ];
  return {
    widthPx,
    heightPx: kvPanel.bottomPx + 40,
    message: null,
    window,
    plotLeftPx,
    plotRightPx,
    legend: legend.items,
    lanesTitleYPx,
    lanes,
    phaseLabels,
    repLabel: { xPx: plotLeftPx - 6, yPx: repTopPx + repHeight / 2, text: 'yours' },
    moreInFlight,
    moreLabel,
    guides,
    guidesTopPx: repTopPx,
    guidesBottomPx: kvPanel.bottomPx,
    batchPanel,
    kvPanel,
    prefillXPx,
    preemptXPx,
    preemptions,
    xAxis,
    samples: series.batch.length,
    summary: describeServer(rep, series, data.maxBatch, data.kvCapacityTokens, preemptions),
  };
}
