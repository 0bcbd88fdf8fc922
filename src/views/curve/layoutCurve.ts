import type { SweepPoint } from '../../engine';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { estimateTextWidthPx, placeLabelRows } from '../chart/labels';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import { formatMs, formatNumber, formatRate, formatTokPerSec, formatUsers } from '../chart/format';
import { limitLabel, loadLabel, summarizeCurve } from './describe';
import { loadAxis, type LoadAxis, type LoadKind } from './loadAxis';
import { layoutPanel } from './panels';
import { panelSpecs } from './panelSpecs';
import type { ExtraValues, PanelExtraInput, PanelMarks } from './panelTypes';

/** What the curve draws. */
export interface CurveData {
  points: readonly SweepPoint[];
  current: { users: number | null; ratePerSec: number | null };
  slo: { ttftMs: number | null; tpotMs: number | null };
  maxBatch: number;
  kvCapacityTokens: number;
  /** Runs measured elsewhere (an imported benchmark, a live measurement), drawn as diamonds. */
  extraPoints?: readonly CurveExtraPoint[];
  /** The pinned baseline's sweep, drawn wide and faint under the current one (points of the other load kind are left out). */
  baselinePoints?: readonly SweepPoint[];
}

/**
 * A run measured elsewhere, to compare with the curve. It is placed on the
 * load axis by what is known of its load: on a users axis its configured
 * concurrency, else its observed mean requests in flight; on a rate axis its
 * configured rate, else its observed request throughput.
 */
export interface CurveExtraPoint extends ExtraValues {
  label: string;
  /** Configured concurrency (closed loop), or null when unknown. */
  users: number | null;
  /** Configured request rate, req/s (Infinity = all at once), or null when unknown. */
  ratePerSec: number | null;
  /** Observed mean requests in flight (Σ E2E ÷ duration), or null. */
  meanInFlight?: number | null;
  /** Observed completed requests per second, or null. */
  requestsPerSec?: number | null;
}

/** How an extra run was placed on the load axis. */
export type ExtraPlacement = 'users' | 'rate' | 'in-flight' | 'observed-rate' | 'unknown';

/** An extra run on the chart: its x, how it got there, and its label (the panels hold its diamonds). */
export interface ExtraPointMarks {
  index: number;
  xPx: number;
  placedBy: ExtraPlacement;
  /** Which edge the run was pinned to because its load is outside the axis, or null. */
  clamped: 'left' | 'right' | null;
  /** The load in words, saying how it was obtained: `2 users`, `≈1.3 in flight (measured)`. */
  loadText: string;
  /** What the chart draws beside each diamond: the run's name and its load. */
  label: string;
  point: CurveExtraPoint;
}

/** A sweep point on the chart (in load order). */
export interface CurvePointMarks {
  index: number;
  xPx: number;
  label: string;
  isCurrent: boolean;
  point: SweepPoint;
}

/** A stretch of load where requests queue behind a limit, shaded on every panel. */
export interface LimitRegionMarks {
  factor: 'batch' | 'memory';
  x0Px: number;
  x1Px: number;
  label: string;
}

/** A text label in the annotation band above the first plot. */
export interface BandLabel {
  key: string;
  text: string;
  kind: 'current' | 'batch' | 'memory';
  textXPx: number;
  yPx: number;
  anchor: 'start' | 'middle' | 'end';
}

/** Everything the curve component renders, in px. */
export interface CurveLayout {
  widthPx: number;
  heightPx: number;
  kind: LoadKind | null;
  plotLeftPx: number;
  plotRightPx: number;
  panels: PanelMarks[];
  xAxis: AxisMarks | null;
  points: CurvePointMarks[];
  /** Runs measured elsewhere, in the order given. */
  extras: ExtraPointMarks[];
  limitRegions: LimitRegionMarks[];
  bandLabels: BandLabel[];
  /** x of the axis break before the ∞-rate slot, or null. */
  axisBreakXPx: number | null;
  /** The operating point's vertical line, across the plots. */
  current: { xPx: number; topPx: number; bottomPx: number; index: number | null } | null;
  summary: string;
  /** Shown instead of the plot when there is nothing to draw yet. */
  message: string | null;
  /** The pinned baseline's points drawn (same load axis), in load order; empty when none. */
  baselinePoints: CurvePointMarks[];
  /** True when a baseline was given but sweeps the other load kind (users against rate), so it is not drawn. */
  baselineOffAxis: boolean;
}

/** The load value of a point along the chosen axis. */
function loadOf(p: Pick<SweepPoint, 'users' | 'ratePerSec'>, kind: LoadKind): number | null {
  return kind === 'users' ? p.users : p.ratePerSec;
}

/** Plot heights of the three panels, px: shorter on phones so the whole curve fits a screen. */
function panelHeights(widthPx: number): number[] {
  return widthPx >= 600 ? [170, 130, 110] : [140, 110, 96];
}

/** Smallest plot height of a panel when the curve is squeezed into a height budget, px. */
const MIN_PANEL_PX = 44;

/**
 * Lays out the throughput-versus-load curve: three stacked panels sharing a
 * log load axis (system throughput with goodput; TTFT p50/p95 on a log scale
 * with its SLO; TPOT p50/p95 with its SLO), the regions where a batch or KV
 * memory limit holds requests back, and the operating point. With
 * `maxHeightPx` (an embed's frame) the plots shrink so the whole curve, axis
 * labels included, fits that height.
 */
export function layoutCurve(data: CurveData, size: { widthPx: number; maxHeightPx?: number }): CurveLayout {
  const full = layoutCurveWith(data, size.widthPx, null);
  const budget = size.maxHeightPx;
  if (budget === undefined || !Number.isFinite(budget) || full.heightPx <= budget || full.panels.length === 0) return full;
  // Everything but the plots (titles, legends, band labels, the x axis) keeps its size; the plots share what is left.
  const plots = full.panels.reduce((sum, p) => sum + (p.bottomPx - p.topPx), 0);
  const fixed = full.heightPx - plots;
  const scale = Math.max(0, budget - fixed) / plots;
  const heights = full.panels.map((p) => Math.max(MIN_PANEL_PX, Math.floor((p.bottomPx - p.topPx) * scale)));
  return layoutCurveWith(data, size.widthPx, heights);
}

function layoutCurveWith(data: CurveData, widthIn: number, plotHeights: number[] | null): CurveLayout {
  const size = { widthPx: widthIn };
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const plotLeftPx = widthPx >= 600 ? 60 : 52;
  const plotRightPx = widthPx - (widthPx >= 600 ? 24 : 14);
  const present = data.points.filter((p) => p != null);
  const kind: LoadKind | null = present.length === 0 ? null : present.some((p) => p.users !== null) ? 'users' : 'rate';
  const base = { widthPx, kind, plotLeftPx, plotRightPx, panels: [], xAxis: null, points: [], extras: [], limitRegions: [], bandLabels: [], current: null, axisBreakXPx: null, baselinePoints: [], baselineOffAxis: false };
  if (kind === null) {
    return { ...base, heightPx: 120, summary: summarizeCurve([], data.maxBatch, data.kvCapacityTokens), message: 'computing…' };
  }

  // Skip holes (a sweep still filling in) and points of the other load kind.
  const points = data.points
    .filter((p) => p != null && loadOf(p, kind) !== null && !Number.isNaN(loadOf(p, kind)))
    .slice()
    .sort((a, b) => (loadOf(a, kind) as number) - (loadOf(b, kind) as number));
  const currentValue = kind === 'users' ? data.current.users : data.current.ratePerSec;
  const values = points.map((p) => loadOf(p, kind) as number);
  const baselineGiven = (data.baselinePoints ?? []).filter((p) => p != null);
  const baselinePts = baselineGiven
    .filter((p) => loadOf(p, kind) !== null && !Number.isNaN(loadOf(p, kind)))
    .slice()
    .sort((a, b) => (loadOf(a, kind) as number) - (loadOf(b, kind) as number));
  const baselineValues = baselinePts.map((p) => loadOf(p, kind) as number);
  const axisValues = [...values, ...baselineValues, ...(currentValue !== null && !Number.isNaN(currentValue) ? [currentValue] : [])];
  const x = loadAxis(kind, axisValues, plotLeftPx + 10, plotRightPx - 10);
  const xPx = values.map((v) => x.xOf(v));
  const joinable = values.map((v) => Number.isFinite(v));
  const currentIndex = currentValue === null ? -1 : values.findIndex((v) => v === currentValue);

  // Regions: consecutive points held back by the same limit, bounded half-way to their neighbours.
  const limitRegions: LimitRegionMarks[] = [];
  for (let i = 0; i < points.length; ) {
    const factor = points[i].limitingFactor;
    let j = i;
    while (j + 1 < points.length && points[j + 1].limitingFactor === factor) j++;
    if (factor !== 'none') {
      // A batch limit starts at its own value on a users axis (the batch is full from maxBatch users on);
      // otherwise the region starts half-way between the last free point and the first limited one.
      const atLimit = factor === 'batch' && kind === 'users' && i > 0 && values[i - 1] <= data.maxBatch && data.maxBatch <= values[i];
      limitRegions.push({
        factor,
        x0Px: atLimit ? x.xOf(data.maxBatch) : i === 0 ? plotLeftPx : (xPx[i - 1] + xPx[i]) / 2,
        x1Px: j === points.length - 1 ? plotRightPx : (xPx[j] + xPx[j + 1]) / 2,
        label: limitLabel(factor, data.maxBatch, data.kvCapacityTokens),
      });
    }
    i = j + 1;
  }

  // Annotation band labels: the operating point and where each limit starts.
  const bandItems: { key: string; text: string; kind: BandLabel['kind']; xPx: number }[] = [];
  if (currentValue !== null && !Number.isNaN(currentValue)) {
    bandItems.push({ key: 'current', text: `your load: ${loadLabel(kind === 'users' ? { users: currentValue, ratePerSec: null } : { users: null, ratePerSec: currentValue })}`, kind: 'current', xPx: x.xOf(currentValue) });
  }
  for (const r of limitRegions) {
    const w = estimateTextWidthPx(r.label, FONT_PX.tick);
    bandItems.push({ key: `limit-${r.x0Px}`, text: r.label, kind: r.factor, xPx: r.x0Px + 4 + w / 2 });
  }
  const placed = placeLabelRows(bandItems, FONT_PX.tick, 4, widthPx - 4);
  const bandRows = placed.reduce((n, p) => Math.max(n, p.row + 1), 0);

  const specs = panelSpecs(data.slo);
  const heights = plotHeights ?? panelHeights(widthPx);
  const frame = { leftPx: plotLeftPx, rightPx: plotRightPx, xPx, joinable };
  const baselineFrame = { leftPx: plotLeftPx, rightPx: plotRightPx, xPx: baselineValues.map((v) => x.xOf(v)), joinable: baselineValues.map((v) => Number.isFinite(v)) };
  const baselineInput = baselinePts.length > 0 ? { points: baselinePts, frame: baselineFrame } : null;
  // Names drawn beside the diamonds are shortened more on phones.
  const extras = (data.extraPoints ?? []).map((e, i) => placeExtra(e, i, kind, x, widthPx >= 600 ? 28 : 20));
  const extraInputs: PanelExtraInput[] = extras.map((e) => ({ xPx: e.xPx, text: e.label, values: e.point }));
  const panels: PanelMarks[] = [];
  let headerTop = 4;
  let bandTopPx = 0;
  specs.forEach((spec, k) => {
    // The first panel leaves room between its legend and plot for the annotation band.
    const extra = k === 0 ? bandRows * 15 + 4 : 0;
    const panel = layoutPanel(spec, points, frame, headerTop, heights[k], extra, extraInputs, baselineInput);
    if (k === 0) bandTopPx = panel.topPx - extra;
    panels.push(panel);
    headerTop = panel.bottomPx + 14;
  });
  const first = panels[0];
  const last = panels[panels.length - 1];
  const bandLabels: BandLabel[] = bandItems.map((item, i) => ({
    key: item.key,
    text: item.text,
    kind: item.kind,
    textXPx: placed[i].textXPx,
    anchor: placed[i].anchor,
    // Row 0 sits just above the plot, further rows stack upwards.
    yPx: bandTopPx + (bandRows - placed[i].row) * 15 - 4,
  }));

  const xAxis: AxisMarks = {
    orient: 'bottom',
    ticks: x.ticks,
    atPx: last.bottomPx,
    fromPx: plotLeftPx,
    toPx: plotRightPx,
    grid: null,
    title: x.title,
    titleXPx: (plotLeftPx + plotRightPx) / 2,
    titleYPx: last.bottomPx + 32,
    titleAnchor: 'middle',
  };

  return {
    ...base,
    heightPx: last.bottomPx + 40,
    panels,
    xAxis,
    points: points.map((p, i) => ({ index: i, xPx: xPx[i], label: loadLabel(p), isCurrent: i === currentIndex, point: p })),
    extras,
    limitRegions,
    bandLabels,
    axisBreakXPx: x.breakXPx,
    current:
      currentValue !== null && !Number.isNaN(currentValue)
        ? { xPx: x.xOf(currentValue), topPx: first.topPx, bottomPx: last.bottomPx, index: currentIndex >= 0 ? currentIndex : null }
        : null,
    summary: [
      summarizeCurve(points, data.maxBatch, data.kvCapacityTokens),
      ...extras.map(describeExtra),
      ...(baselinePts.length > 0 ? ['The pinned run is drawn as wide, faint lines under the current ones.'] : []),
    ].join(' '),
    message: null,
    baselinePoints: baselinePts.map((p, i) => ({ index: i, xPx: baselineFrame.xPx[i], label: loadLabel(p), isCurrent: false, point: p })),
    baselineOffAxis: baselineGiven.length > 0 && baselinePts.length === 0,
  };
}

/** The run's name, shortened with an ellipsis to `chars` characters to fit beside its diamond. */
function shortName(label: string, chars: number): string {
  const t = label.trim() || 'real run';
  return t.length <= chars ? t : `${t.slice(0, chars - 1)}…`;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && !Number.isNaN(v) && v > 0;

/**
 * Places an extra run on the load axis. A users axis takes its configured
 * concurrency, else its mean requests in flight; a rate axis its configured
 * rate (∞ only when no concurrency caps it), else its completed requests per
 * second. A load outside the axis is pinned to the nearer end, and the label
 * says so; a run with no usable load sits at the left end, labelled unknown.
 */
function placeExtra(e: CurveExtraPoint, index: number, kind: LoadKind, x: LoadAxis, nameChars: number): ExtraPointMarks {
  let placedBy: ExtraPlacement = 'unknown';
  let value: number | null = null;
  if (kind === 'users') {
    if (positive(e.users)) [placedBy, value] = ['users', e.users];
    else if (positive(e.meanInFlight)) [placedBy, value] = ['in-flight', e.meanInFlight];
  } else if (positive(e.ratePerSec) && (Number.isFinite(e.ratePerSec) || !positive(e.users))) [placedBy, value] = ['rate', e.ratePerSec];
  else if (positive(e.requestsPerSec)) [placedBy, value] = ['observed-rate', e.requestsPerSec];

  const [lo, hi] = x.domain;
  const clamped: ExtraPointMarks['clamped'] =
    value === null ? 'left'
    : value === Infinity ? (x.infinityXPx === null ? 'right' : null)
    : value < lo * (1 - 1e-9) ? 'left'
    : value > hi * (1 + 1e-9) ? 'right'
    : null;
  const loadText =
    placedBy === 'users' ? formatUsers(value as number)
    : placedBy === 'rate' ? formatRate(value as number)
    : placedBy === 'in-flight' ? `≈${formatNumber(value as number)} in flight (measured)`
    : placedBy === 'observed-rate' ? `≈${formatNumber(value as number)} req/s completed (measured)`
    : 'load unknown';
  const off = clamped === null || value === null ? '' : clamped === 'left' ? ' (← off axis)' : ' (off axis →)';
  return {
    index,
    xPx: value === null ? x.xOf(0) : x.xOf(value),
    placedBy,
    clamped,
    loadText,
    label: `${shortName(e.label, nameChars)} · ${loadText}${off}`,
    point: e,
  };
}

/** One sentence about an extra run, for the chart's accessible summary. */
function describeExtra(e: ExtraPointMarks): string {
  const p = e.point;
  return (
    `Real run ${p.label} (diamond), at ${e.loadText}${e.clamped && e.placedBy !== 'unknown' ? ', outside the load axis and drawn at its edge' : ''}: ` +
    `${formatTokPerSec(p.outputTokPerSec)}, TTFT p50 ${formatMs(p.ttftP50Ms)}, p95 ${formatMs(p.ttftP95Ms)}, TPOT p50 ${formatMs(p.tpotP50Ms)}, p95 ${formatMs(p.tpotP95Ms)}.`
  );
}

/** Index of the point nearest to `xPx` (for hover), or null when there are none. */
export function nearestPointIndex(layout: Pick<CurveLayout, 'points'>, xPx: number): number | null {
  let best: number | null = null;
  let bestDist = Infinity;
  for (const p of layout.points) {
    const d = Math.abs(p.xPx - xPx);
    if (d < bestDist) {
      best = p.index;
      bestDist = d;
    }
  }
  return best;
}
