import { placeholderTokens, tokenOffsets } from './placeholderText';
import type { Chunk } from './playback';

/** The stand-in text of an N-token answer, with per-chunk strings for the writer lane. */
export interface StreamText {
  full: string;
  /** Character offset after each token. */
  offsets: number[];
}

export function streamTextOf(tokens: number): StreamText {
  const t = placeholderTokens(tokens);
  return { full: t.join(''), offsets: tokenOffsets(t) };
}

/** The text of the first `n` tokens. */
export function prefixText(text: StreamText, n: number): string {
  const k = Math.max(0, Math.min(text.offsets.length, Math.floor(n)));
  return k === 0 ? '' : text.full.slice(0, text.offsets[k - 1]);
}

/** Each chunk's text. */
export function chunkTexts(text: StreamText, chunks: readonly Chunk[]): string[] {
  return chunks.map((c) => text.full.slice(c.startToken === 0 ? 0 : text.offsets[c.startToken - 1], text.offsets[c.endToken - 1]));
}
