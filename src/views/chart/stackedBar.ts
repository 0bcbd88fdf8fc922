/**
 * One horizontal bar cut into parts by size (bytes, tokens, anything
 * additive), with each part's label in rows below it. The memory views draw
 * a GPU's memory this way; this is their shared geometry. Pure: no DOM.
 */
import { FONT_PX } from './axisMarks';
import { placeLabelRows } from './labels';
import type { ColourRole } from './palette';
import { MIN_CHART_WIDTH_PX } from './useChartWidth';

/** One part to draw, left to right in the order given. */
export interface StackedPart<K extends string> {
  key: K;
  /** Size in the bar's unit; a bad or negative size draws nothing. */
  size: number;
  label: string;
  fill: ColourRole;
  /** Colour of the label text. */
  text: ColourRole;
  /** `outline`: a light fill with a dashed edge (room not yet used). */
  style?: 'solid' | 'outline';
}

/** A drawn part, px. */
export interface StackedSegment<K extends string> extends Required<StackedPart<K>> {
  x0Px: number;
  x1Px: number;
  /** Label under the bar: row 0 nearest, anchored to stay inside the bar's width. */
  labelXPx: number;
  labelYPx: number;
  labelAnchor: 'start' | 'middle' | 'end';
  /** A leader line from the part to its label, when the label sits lower than row 0. */
  leader: { xPx: number; y1Px: number; y2Px: number } | null;
}

/** Everything the bar renders, px. */
export interface StackedBarLayout<K extends string> {
  widthPx: number;
  heightPx: number;
  bar: { leftPx: number; rightPx: number; topPx: number; heightPx: number };
  /** Parts with a size (empty ones are left out: the text around the bar says so). */
  segments: StackedSegment<K>[];
  /** What the whole bar stands for: at least the sum of the parts, and never 0. */
  total: number;
}

/** A size a bar can draw: finite and positive, else 0. */
export const drawableSize = (x: number): number => (Number.isFinite(x) && x > 0 ? x : 0);

/**
 * Lays out `parts` as one bar `widthPx` wide (never narrower than the charts'
 * minimum), widths proportional to size out of `total` (or the parts' sum,
 * if larger). A part too thin to see still gets 2 px so its label has
 * something to point at.
 */
export function layoutStackedBar<K extends string>(parts: readonly StackedPart<K>[], total: number, size: { widthPx: number; barHeightPx: number }): StackedBarLayout<K> {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const leftPx = 4;
  const rightPx = widthPx - 4;
  const topPx = 4;
  const barHeight = size.barHeightPx;
  const sizes = parts.map((p) => drawableSize(p.size));
  const whole = Math.max(sizes.reduce((a, b) => a + b, 0), drawableSize(total), 1);
  const span = rightPx - leftPx;
  const segments: StackedSegment<K>[] = [];
  let acc = 0;
  parts.forEach((p, i) => {
    const x0 = leftPx + (acc / whole) * span;
    acc += sizes[i];
    const x1 = Math.min(rightPx, Math.max(x0 + (sizes[i] > 0 ? 2 : 0), leftPx + (acc / whole) * span));
    if (x1 <= x0) return;
    segments.push({ ...p, style: p.style ?? 'solid', size: sizes[i], x0Px: x0, x1Px: x1, labelXPx: 0, labelYPx: 0, labelAnchor: 'middle', leader: null });
  });
  const placed = placeLabelRows(segments.map((s) => ({ xPx: (s.x0Px + s.x1Px) / 2, text: s.label })), FONT_PX.label, leftPx, rightPx);
  const rowHeight = 16;
  const firstRowY = topPx + barHeight + 16;
  segments.forEach((s, i) => {
    const at = placed[i];
    s.labelXPx = at.textXPx;
    s.labelAnchor = at.anchor;
    s.labelYPx = firstRowY + at.row * rowHeight;
    s.leader = at.row > 0 ? { xPx: (s.x0Px + s.x1Px) / 2, y1Px: topPx + barHeight, y2Px: s.labelYPx - 11 } : null;
  });
  const rows = placed.reduce((n, at) => Math.max(n, at.row + 1), 1);
  return { widthPx, heightPx: firstRowY + (rows - 1) * rowHeight + 8, bar: { leftPx, rightPx, topPx, heightPx: barHeight }, segments, total: whole };
}
