import { estimateTextWidthPx } from './labels';
import type { ColourRole } from './palette';

/** How a legend key is drawn. */
export type SwatchKind = 'line' | 'dashed' | 'block' | 'band' | 'dot' | 'ghost';

/** One key of a legend. */
export interface LegendItem {
  key: string;
  label: string;
  role: ColourRole;
  swatch: SwatchKind;
}

/** A legend key placed on the chart: swatch from `xPx`, text after it, centred on `yPx`. */
export interface PlacedLegendItem extends LegendItem {
  xPx: number;
  yPx: number;
}

/** Fill opacity of translucent bands (limit regions, missed-SLO gap), shared by marks and legend. */
export const BAND_OPACITY = 0.14;

/** A pinned baseline's lines: wide and faint under the current run's (the same dash, so p95 still reads as p95). */
export const GHOST_OPACITY = 0.35;
export const GHOST_STROKE_PX = 4;

/** Width of a swatch and the gap after it, px. */
export const SWATCH_PX = { width: 18, gap: 5, spacing: 14 } as const;

/**
 * Flows legend keys left to right from `leftPx`, wrapping at `rightPx`.
 * Returns the placed keys and the y just below the last line.
 */
export function flowLegend(
  items: readonly LegendItem[],
  leftPx: number,
  rightPx: number,
  topPx: number,
  fontPx: number,
  lineHeightPx = 16,
): { items: PlacedLegendItem[]; bottomPx: number } {
  const placed: PlacedLegendItem[] = [];
  let x = leftPx;
  let y = topPx + lineHeightPx / 2;
  for (const item of items) {
    const w = SWATCH_PX.width + SWATCH_PX.gap + estimateTextWidthPx(item.label, fontPx);
    if (x > leftPx && x + w > rightPx) {
      x = leftPx;
      y += lineHeightPx;
    }
    placed.push({ ...item, xPx: x, yPx: y });
    x += w + SWATCH_PX.spacing;
  }
  return { items: placed, bottomPx: items.length === 0 ? topPx : y + lineHeightPx / 2 };
}
