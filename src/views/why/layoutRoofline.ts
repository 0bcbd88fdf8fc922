import { scaleLog } from 'd3-scale';
import { FONT_PX, type AxisMarks } from '../chart/axisMarks';
import { estimateTextWidthPx } from '../chart/labels';
import { flowLegend, type PlacedLegendItem } from '../chart/legendLayout';
import type { ColourRole } from '../chart/palette';
import { logTicks, thinHorizontalTicks } from '../chart/ticks';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import { formatBandwidth, formatFlops, formatFlopsTick, formatIntensity, formatIntensityTick } from './units';
import type { RooflineData, RooflineMark } from './whyModel';

/** A roof drawn as a polyline: the bandwidth slope up to the ridge, then flat. */
export interface RoofMarks {
  kind: 'peak' | 'effective';
  /** SVG path data. */
  d: string;
  /** x of its corner (its own ridge), px. */
  cornerXPx: number;
  cornerYPx: number;
}

/** A text label on the chart. */
export interface ChartLabel {
  key: string;
  text: string;
  xPx: number;
  yPx: number;
  anchor: 'start' | 'middle' | 'end';
  role: ColourRole;
  /** Rotation about (xPx, yPx), degrees (0 = horizontal). */
  angleDeg: number;
}

/** One operating point, on the fitted roof at its intensity. */
export interface PointMarks {
  key: RooflineMark['key'];
  xPx: number;
  yPx: number;
  role: ColourRole;
  hollow: boolean;
  label: ChartLabel;
  /** A line from the point down to its label when the label had to move away from it, or null. */
  leader: { xPx: number; y1Px: number; y2Px: number } | null;
}

/** Everything the roofline component renders, in px. */
export interface RooflineLayout {
  widthPx: number;
  heightPx: number;
  plot: { leftPx: number; rightPx: number; topPx: number; bottomPx: number };
  xAxis: AxisMarks;
  yAxis: AxisMarks;
  roofs: RoofMarks[];
  ridge: { xPx: number; topPx: number; bottomPx: number; label: ChartLabel };
  roofLabels: ChartLabel[];
  points: PointMarks[];
  /** The arrow from the batch-1 decode to the run's decode, or null. */
  batchArrow: { x1Px: number; y1Px: number; x2Px: number; y2Px: number } | null;
  legend: PlacedLegendItem[];
  /** Domains, for tests: [lo, hi] of intensity and FLOP/s. */
  xDomain: [number, number];
  yDomain: [number, number];
}

const positive = (x: number, fallback: number): number => (Number.isFinite(x) && x > 0 ? x : fallback);
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Attainable FLOP/s under a roof at `intensity`: min(peak, intensity × bandwidth). */
export function attainable(intensity: number, peakFlopsPerSec: number, bandwidthBytesPerSec: number): number {
  return Math.min(peakFlopsPerSec, intensity * bandwidthBytesPerSec);
}

/**
 * Lays out a roofline: log intensity (FLOP/byte) across, log FLOP/s up; the
 * datasheet roof faint and dashed, the fitted roof solid; the ridge (peak ÷
 * bandwidth) marked and labelled; each operating point on the fitted roof at
 * its intensity, labelled with its side of the ridge.
 */
export function layoutRoofline(data: RooflineData, size: { widthPx: number }): RooflineLayout {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const narrow = widthPx < 560;
  const peak = positive(data.peakFlopsPerSec, 1e12);
  const bw = positive(data.peakBandwidthBytesPerSec, 1e12);
  const effPeak = clamp(positive(data.effectiveFlopsPerSec, peak), peak * 1e-3, peak);
  const effBw = clamp(positive(data.effectiveBandwidthBytesPerSec, bw), bw * 1e-3, bw);
  const ridge = peak / bw;
  const effRidge = effPeak / effBw;

  // Domains: from below the smallest point (at most 0.3 FLOP/byte) to beyond the larger of the ridge and the biggest point.
  const intensities = data.marks.map((m) => m.intensityFlopsPerByte).filter((x) => Number.isFinite(x) && x > 0);
  const lo = Math.max(1e-3, Math.min(0.3, ...intensities.map((x) => x / 3)));
  const hi = Math.min(1e7, Math.max(ridge * 8, effRidge * 8, ...intensities.map((x) => x * 3)));
  const xDomain: [number, number] = [lo, Math.max(hi, lo * 100)];
  const yDomain: [number, number] = [Math.min(effBw, bw) * xDomain[0] / 2, peak * 4];

  const leftPx = narrow ? 44 : 52;
  const rightPx = widthPx - (narrow ? 10 : 20);
  const topPx = 26;
  const plotHeight = narrow ? 220 : 260;
  const bottomPx = topPx + plotHeight;
  const x = scaleLog().domain(xDomain).range([leftPx, rightPx]).clamp(true);
  const y = scaleLog().domain(yDomain).range([bottomPx, topPx]).clamp(true);
  const X = (v: number): number => x(clamp(v, xDomain[0], xDomain[1]));
  const Y = (v: number): number => y(clamp(v, yDomain[0], yDomain[1]));

  const roof = (kind: RoofMarks['kind'], p: number, b: number): RoofMarks => {
    const corner = clamp(p / b, xDomain[0], xDomain[1]);
    const pts: [number, number][] = [
      [xDomain[0], attainable(xDomain[0], p, b)],
      [corner, attainable(corner, p, b)],
      [xDomain[1], attainable(xDomain[1], p, b)],
    ];
    const d = pts.map(([i, f], k) => `${k === 0 ? 'M' : 'L'}${round(X(i))},${round(Y(f))}`).join('');
    return { kind, d, cornerXPx: X(corner), cornerYPx: Y(attainable(corner, p, b)) };
  };
  const roofs = [roof('peak', peak, bw), roof('effective', effPeak, effBw)];

  // Axes.
  const xTicks = thinHorizontalTicks(logTicks(x, narrow ? 6 : 9, formatIntensityTick), FONT_PX.tick);
  const yTicks = logTicks(y, 6, formatFlopsTick);
  const xAxis: AxisMarks = {
    orient: 'bottom', ticks: xTicks, atPx: bottomPx, fromPx: leftPx, toPx: rightPx, grid: { fromPx: topPx, toPx: bottomPx },
    title: narrow ? 'FLOP per byte moved (log)' : 'arithmetic intensity: FLOP per byte moved (log scale)',
    titleXPx: (leftPx + rightPx) / 2, titleYPx: bottomPx + 34, titleAnchor: 'middle',
  };
  const yAxis: AxisMarks = {
    orient: 'left', ticks: yTicks, atPx: leftPx, fromPx: topPx, toPx: bottomPx, grid: { fromPx: leftPx, toPx: rightPx },
    title: 'attainable FLOP/s per GPU (log)', titleXPx: 4, titleYPx: topPx - 12, titleAnchor: 'start',
  };

  // Ridge: a vertical line at peak ÷ bandwidth, labelled above the peak roof.
  const ridgeX = X(ridge);
  const ridgeText = `ridge ${formatIntensity(ridge)} FLOP/byte`;
  const ridgeW = estimateTextWidthPx(ridgeText, FONT_PX.label);
  const ridgeAnchor: ChartLabel['anchor'] = ridgeX - ridgeW / 2 < leftPx ? 'start' : ridgeX + ridgeW / 2 > rightPx ? 'end' : 'middle';
  const ridgeMark = {
    xPx: ridgeX,
    topPx: Y(peak) - 22,
    bottomPx,
    label: { key: 'ridge', text: ridgeText, xPx: ridgeAnchor === 'start' ? Math.max(leftPx, ridgeX - 4) : ridgeAnchor === 'end' ? Math.min(rightPx, ridgeX + 4) : ridgeX, yPx: Y(peak) - 26, anchor: ridgeAnchor, role: 'text' as ColourRole, angleDeg: 0 },
  };

  // Roof labels: compute above the flat part (right), bandwidth along the slope (left), both for the datasheet roof.
  const slopeAngle = (Math.atan2(Y(attainable(xDomain[0] * 10, peak, bw)) - Y(attainable(xDomain[0], peak, bw)), X(xDomain[0] * 10) - X(xDomain[0])) * 180) / Math.PI;
  const bwText = `${narrow ? '' : 'memory bandwidth '}${formatBandwidth(bw)}`;
  const slopeMid = Math.sqrt(xDomain[0] * Math.min(ridge, xDomain[1]));
  const roofLabels: ChartLabel[] = [
    { key: 'compute', text: `${narrow ? '' : 'compute '}${formatFlops(peak)}`, xPx: rightPx - 4, yPx: Y(peak) - 6, anchor: 'end', role: 'muted', angleDeg: 0 },
    { key: 'bandwidth', text: bwText, xPx: X(slopeMid), yPx: Y(attainable(slopeMid, peak, bw)) - 7, anchor: 'middle', role: 'muted', angleDeg: slopeAngle },
  ];

  // Points: on the fitted roof at their intensity.
  const roleOf = (k: RooflineMark['key']): ColourRole => (k === 'prefill' ? 'prefill' : 'decode');
  const points: PointMarks[] = data.marks.map((m) => {
    const i = positive(m.intensityFlopsPerByte, xDomain[0]);
    const px = X(i);
    const py = Y(attainable(i, effPeak, effBw));
    const w = estimateTextWidthPx(m.label, FONT_PX.label);
    let label: ChartLabel;
    if (m.key === 'decode-1') {
      // Above-left of the point, out of the way of the run's decode label below-right.
      label = { key: m.key, text: m.label, xPx: px - 8, yPx: py - 10, anchor: 'end', role: 'decode', angleDeg: 0 };
      if (px - 8 - estimateTextWidthPx(m.label, FONT_PX.tick) < leftPx) label = { ...label, xPx: px + 8, yPx: py - 12, anchor: 'start' };
    } else if (m.key === 'prefill') {
      // Below the roof (the compute label sits above it), low enough that the text clears the rising bandwidth roof to its left.
      const anchor = px + w / 2 > rightPx ? 'end' : px - w / 2 < leftPx ? 'start' : 'middle';
      const xText = anchor === 'end' ? Math.min(px + 6, rightPx) : px;
      const left = anchor === 'end' ? xText - w : anchor === 'middle' ? xText - w / 2 : xText;
      let yText = py + 22;
      const slopeXAt = (yPx: number): number => X(y.invert(yPx - FONT_PX.label) / effBw);
      while (yText < bottomPx - 6 && slopeXAt(yText) > left - 6) yText += 4;
      label = { key: m.key, text: m.label, xPx: xText, yPx: yText, anchor, role: 'prefill', angleDeg: 0 };
    } else {
      const anchor = px + 10 + w > rightPx ? 'end' : 'start';
      label = { key: m.key, text: m.label, xPx: anchor === 'start' ? px + 10 : px - 10, yPx: py + 20, anchor, role: 'decode', angleDeg: 0 };
    }
    label = { ...label, yPx: clamp(label.yPx, topPx + 10, bottomPx - 4) };
    const leader = m.key === 'prefill' && label.yPx - py > 30 ? { xPx: px, y1Px: py + 8, y2Px: label.yPx - FONT_PX.label - 2 } : null;
    return { key: m.key, xPx: px, yPx: py, role: roleOf(m.key), hollow: m.key === 'decode-1', label, leader };
  });
  const one = points.find((p) => p.key === 'decode-1');
  const dec = points.find((p) => p.key === 'decode');
  const batchArrow = one && dec && dec.xPx - one.xPx > 24 ? { x1Px: one.xPx + 8, y1Px: one.yPx + 9, x2Px: dec.xPx - 9, y2Px: dec.yPx + 9 } : null;

  const legendTop = bottomPx + 44;
  const legend = flowLegend(
    [
      { key: 'effective', label: 'fitted roof (what kernels reach)', role: 'text', swatch: 'line' },
      { key: 'peak', label: 'datasheet peak', role: 'axis', swatch: 'dashed' },
    ],
    leftPx,
    rightPx,
    legendTop,
    FONT_PX.tick,
  );
  return {
    widthPx,
    heightPx: legend.bottomPx + 4,
    plot: { leftPx, rightPx, topPx, bottomPx },
    xAxis,
    yAxis,
    roofs,
    ridge: ridgeMark,
    roofLabels,
    points,
    batchArrow,
    legend: legend.items,
    xDomain,
    yDomain,
  };
}

function round(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 10) / 10 : 0;
}
