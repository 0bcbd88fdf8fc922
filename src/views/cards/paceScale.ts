import { scaleLog } from 'd3-scale';

/** Reading pace of a person, tok/s (about 200–300 words a minute). */
export const READING_TOK_PER_SEC: [number, number] = [4, 5];
/** From here a stream feels instant and the wait shifts back to TTFT. */
export const INSTANT_TOK_PER_SEC = 50;

/** Where a pace sits on a 1–500 tok/s log scale, as a percentage of the width (clamped). */
export function pacePercent(tokPerSec: number | null): number | null {
  if (tokPerSec === null || !Number.isFinite(tokPerSec) || tokPerSec <= 0) return null;
  return scaleLog().domain([1, 500]).range([0, 100]).clamp(true)(tokPerSec);
}

/** How a streaming pace feels, in words. */
export function paceWords(tokPerSec: number | null): string {
  if (tokPerSec === null) return 'No pace: no request completed with more than one token.';
  if (tokPerSec >= INSTANT_TOK_PER_SEC) return 'Feels instant: faster than anyone reads, so the start (TTFT) is what people notice.';
  if (tokPerSec >= 10) return 'Streams faster than people read (about 4–5 tok/s): it feels smooth.';
  if (tokPerSec >= READING_TOK_PER_SEC[0]) return 'About reading pace: people catch up with the text and wait for it.';
  return 'Slower than reading: it feels like watching someone type.';
}
