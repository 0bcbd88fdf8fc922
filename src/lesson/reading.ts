/**
 * Human reading pace, from the lesson: people read about 3–5 tokens per
 * second (200–300 words a minute); about 10 tok/s already streams faster than
 * anyone reads, below about 8 tok/s it feels typed out, and from 50 tok/s it
 * feels instant.
 */

/** The reader lane's pace: 4.5 tok/s ≈ 200 words a minute at 0.75 words per token. */
export const READER_TOK_PER_SEC = 4.5;

/** Words per token of English text, roughly. */
export const WORDS_PER_TOKEN = 0.75;

/** Slowest and fastest reading pace the lesson quotes, tok/s. */
export const READING_RANGE_TOK_PER_SEC = { min: 3, max: 5 } as const;

/** Above this a stream is smoother than reading. */
export const SMOOTH_TOK_PER_SEC = 10;

/** Below this a stream feels like slow typing. */
export const SLOW_TOK_PER_SEC = 8;

/** From this a stream feels instant. */
export const INSTANT_TOK_PER_SEC = 50;

/** Seconds a reader at `tokPerSec` needs for `tokens`. */
export function readingSeconds(tokens: number, tokPerSec = READER_TOK_PER_SEC): number {
  return tokPerSec > 0 ? tokens / tokPerSec : Infinity;
}
