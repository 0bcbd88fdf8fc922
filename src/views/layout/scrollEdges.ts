/** Which ends of a horizontal scroller have more to show (a px of slack for subpixel widths). */
export interface ScrollEdges {
  /** Content hidden to the left. */
  before: boolean;
  /** Content hidden to the right. */
  after: boolean;
}

/** From an element's scroll position, px: whether there is more to see before and after what shows. */
export function scrollEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): ScrollEdges {
  const slackPx = 1;
  const max = scrollWidth - clientWidth;
  if (!(max > slackPx)) return { before: false, after: false };
  return { before: scrollLeft > slackPx, after: scrollLeft < max - slackPx };
}

/**
 * Where a scroll button should take a horizontal scroller: about one view
 * along (keeping an item's worth in sight for context), clamped to its ends.
 */
export function scrollStep(scrollLeft: number, scrollWidth: number, clientWidth: number, direction: 1 | -1): number {
  const step = Math.max(40, clientWidth * 0.75);
  return Math.min(Math.max(0, scrollWidth - clientWidth), Math.max(0, scrollLeft + direction * step));
}
