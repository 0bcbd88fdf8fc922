import type { Tick } from './ticks';

/** Font sizes of chart text, px. Tick labels stay ≥ 11 px to remain legible on phones. */
export const FONT_PX = { tick: 11, label: 12, title: 13 } as const;

/** An axis as marks: a base line, ticks with labels, optional grid lines, a title. */
export interface AxisMarks {
  orient: 'bottom' | 'left' | 'right';
  ticks: Tick[];
  /** Position of the base line across the axis (y for bottom, x for left/right). */
  atPx: number;
  /** Extent of the base line along the axis. */
  fromPx: number;
  toPx: number;
  /** Grid lines across the plot from `gridFromPx` to `gridToPx`, if any. */
  grid: { fromPx: number; toPx: number } | null;
  title: string;
  titleXPx: number;
  titleYPx: number;
  titleAnchor: 'start' | 'middle' | 'end';
}
