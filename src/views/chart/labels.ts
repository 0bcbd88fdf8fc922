/**
 * Label placement without a DOM: text widths are estimated from character
 * counts (about 0.58 em per character for the UI sans-serif), which is close
 * enough to keep labels from colliding.
 */

/** Estimated rendered width of `text` at `fontPx`. */
export function estimateTextWidthPx(text: string, fontPx: number): number {
  return text.length * fontPx * 0.58;
}

/** A label to place along a horizontal line: anchored at `xPx`. */
export interface RowItem {
  xPx: number;
  text: string;
}

/** Where a placed label goes: its row (0 = nearest the axis) and its anchor. */
export interface PlacedLabel {
  row: number;
  anchor: 'start' | 'middle' | 'end';
  /** x of the text anchor, kept inside [minPx, maxPx]. */
  textXPx: number;
}

/**
 * Assigns each label the first row where it does not overlap a label already
 * placed there, going left to right. Labels near the edges are anchored so
 * they stay inside [minPx, maxPx]. Returns placements in the input order.
 */
export function placeLabelRows(items: readonly RowItem[], fontPx: number, minPx: number, maxPx: number, gapPx = 6): PlacedLabel[] {
  const order = items.map((_, i) => i).sort((a, b) => items[a].xPx - items[b].xPx);
  const rowsRight: number[] = [];
  const out: PlacedLabel[] = new Array(items.length);
  for (const i of order) {
    const { xPx, text } = items[i];
    const w = estimateTextWidthPx(text, fontPx);
    let anchor: PlacedLabel['anchor'] = 'middle';
    let left = xPx - w / 2;
    let textXPx = xPx;
    if (left < minPx) {
      anchor = 'start';
      left = Math.max(minPx, xPx - 2);
      textXPx = left;
    } else if (xPx + w / 2 > maxPx) {
      anchor = 'end';
      left = Math.min(maxPx, xPx + 2) - w;
      textXPx = left + w;
    }
    let row = rowsRight.findIndex((right) => left >= right + gapPx);
    if (row < 0) {
      row = rowsRight.length;
      rowsRight.push(0);
    }
    rowsRight[row] = left + w;
    out[i] = { row, anchor, textXPx };
  }
  return out;
}
