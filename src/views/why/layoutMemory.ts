import { FONT_PX } from '../chart/axisMarks';
import { placeLabelRows } from '../chart/labels';
import type { ColourRole } from '../chart/palette';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';
import type { MemoryData, MemorySegment } from './whyModel';

/** One slice of the bar. */
export interface SegmentMarks {
  key: MemorySegment['key'];
  x0Px: number;
  x1Px: number;
  /** Fill role; `kv-free` is drawn as an outline only. */
  role: ColourRole;
  label: string;
  /** Label under the bar: row 0 nearest, anchored to stay inside the bar's width. */
  labelXPx: number;
  labelYPx: number;
  labelAnchor: 'start' | 'middle' | 'end';
  /** A leader line from the segment to its label, when the label sits lower than row 0. */
  leader: { xPx: number; y1Px: number; y2Px: number } | null;
}

/** Everything the memory bar renders, in px. */
export interface MemoryLayout {
  widthPx: number;
  heightPx: number;
  bar: { leftPx: number; rightPx: number; topPx: number; heightPx: number };
  /** Segments with bytes (empty ones are left out; the text says they are empty). */
  segments: SegmentMarks[];
}

const ROLE: Record<MemorySegment['key'], ColourRole> = { weights: 'throughput', reserve: 'networkFill', 'kv-used': 'decode', 'kv-free': 'decode' };
const LABEL_ROLE: Record<MemorySegment['key'], ColourRole> = { weights: 'throughput', reserve: 'muted', 'kv-used': 'decode', 'kv-free': 'decode' };
export { LABEL_ROLE as MEMORY_LABEL_ROLE };

/**
 * Lays out one GPU's memory as a stacked bar, widths proportional to bytes
 * (a segment too small to see still gets 2 px so its label has something to
 * point at), with each segment's label in rows below it.
 */
export function layoutMemory(data: MemoryData, size: { widthPx: number }): MemoryLayout {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const leftPx = 4;
  const rightPx = widthPx - 4;
  const topPx = 4;
  const barHeight = 26;
  const span = rightPx - leftPx;
  const bytes = data.segments.map((s) => (Number.isFinite(s.bytes) && s.bytes > 0 ? s.bytes : 0));
  const total = Math.max(bytes.reduce((a, b) => a + b, 0), Number.isFinite(data.totalBytes) ? data.totalBytes : 0, 1);
  const segments: SegmentMarks[] = [];
  let acc = 0;
  data.segments.forEach((s, i) => {
    const x0 = leftPx + (acc / total) * span;
    acc += bytes[i];
    const x1 = Math.max(x0 + (bytes[i] > 0 ? 2 : 0), leftPx + (acc / total) * span);
    segments.push({ key: s.key, x0Px: x0, x1Px: Math.min(rightPx, x1), role: ROLE[s.key], label: s.label, labelXPx: 0, labelYPx: 0, labelAnchor: 'middle', leader: null });
  });
  const shown = segments.filter((s) => s.x1Px > s.x0Px);
  const placed = placeLabelRows(
    shown.map((s) => ({ xPx: (s.x0Px + s.x1Px) / 2, text: s.label })),
    FONT_PX.label,
    leftPx,
    rightPx,
  );
  const rowHeight = 16;
  const firstRowY = topPx + barHeight + 16;
  shown.forEach((s, i) => {
    const p = placed[i];
    s.labelXPx = p.textXPx;
    s.labelAnchor = p.anchor;
    s.labelYPx = firstRowY + p.row * rowHeight;
    s.leader = p.row > 0 ? { xPx: (s.x0Px + s.x1Px) / 2, y1Px: topPx + barHeight, y2Px: s.labelYPx - 11 } : null;
  });
  const rows = placed.reduce((n, p) => Math.max(n, p.row + 1), 1);
  return {
    widthPx,
    heightPx: firstRowY + (rows - 1) * rowHeight + 8,
    bar: { leftPx, rightPx, topPx, heightPx: barHeight },
    segments: shown,
  };
}
