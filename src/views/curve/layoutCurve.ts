import type { SweepPoint } from '../../engine';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { estimateTextWidthPx, placeLabelRows } from '../chart/labels';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import type { BandLabel, CurveData, CurveLayout, KneeRegionMarks, LimitRegionMarks } from './curveTypes';
import { kneeRegion, type SweepBand } from '../../engine/uncertainty/sweepBands';
import { formatMs } from '../chart/format';
import { limitLabel, loadLabel, summarizeCurve } from './describe';
import { describeExtra, placeExtra } from './extraPlacement';
import { loadAxis, type LoadKind } from './loadAxis';
import { layoutPanel } from './panels';
import { panelSpecs } from './panelSpecs';
import type { PanelExtraInput, PanelMarks } from './panelTypes';

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
  const base = { widthPx, kind, plotLeftPx, plotRightPx, panels: [], xAxis: null, points: [], extras: [], limitRegions: [], knee: null, bandLabels: [], current: null, axisBreakXPx: null, baselinePoints: [], baselineOffAxis: false };
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
  const bandOf = new Map<SweepPoint, SweepBand>();
  data.points.forEach((p, i) => {
    const b = data.bands?.[i];
    if (p != null && b) bandOf.set(p, b);
  });
  const bands = points.map((p) => bandOf.get(p));
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
    const panel = layoutPanel(spec, points, frame, headerTop, heights[k], extra, extraInputs, baselineInput, bands);
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
    knee: kneeMarks(points, bands, xPx, plotLeftPx, plotRightPx),
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

/** The knee region once every point's band is in: from the last point surely before the takeoff to the first surely past it. */
function kneeMarks(points: readonly SweepPoint[], bands: readonly (SweepBand | undefined)[], xPx: readonly number[], leftPx: number, rightPx: number): KneeRegionMarks | null {
  if (points.length < 2 || bands.some((b) => b === undefined)) return null;
  const k = kneeRegion(points, bands as SweepBand[]);
  if (!k) return null;
  const x0Px = k.fromIndex === null ? leftPx : xPx[k.fromIndex];
  const x1Px = k.toIndex === null ? rightPx : xPx[k.toIndex];
  // Right of the middle the label ends at the region's right edge, so it stays inside the plot.
  const rightHalf = x0Px > (leftPx + rightPx) / 2;
  const roomPx = rightHalf ? x1Px - 4 - leftPx : rightPx - x0Px - 4;
  const full = `TTFT passes 3× light load (${formatMs(k.takeoffTtftMs)}) in here`;
  const label = estimateTextWidthPx(full, FONT_PX.tick) <= roomPx ? full : 'TTFT takes off in here';
  return { x0Px, x1Px, label, labelXPx: rightHalf ? x1Px - 4 : x0Px + 4, labelAnchor: rightHalf ? 'end' : 'start' };
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
