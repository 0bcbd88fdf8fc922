import type { CausePart, LiveNumbers, TtftParts } from './types';

/**
 * Reasons computed from the breakdown, so an explanation names the part that
 * actually changed (or dominates) rather than the one a story expects.
 */

export const TTFT_PARTS = ['network', 'queue', 'prefill'] as const;
export type TtftPart = (typeof TTFT_PARTS)[number];

const ms = (p: TtftParts, k: TtftPart): number => {
  const v = k === 'network' ? p.networkMs : k === 'queue' ? p.queueMs : p.prefillMs;
  return Number.isFinite(v) ? v : 0;
};

/** The value of one part, ms. */
export function partMs(parts: TtftParts, part: TtftPart): number {
  return ms(parts, part);
}

/** How much each part grew from `before` to `after`, ms (negative when it shrank). */
export function partDeltas(before: TtftParts, after: TtftParts): Record<TtftPart, number> {
  return { network: ms(after, 'network') - ms(before, 'network'), queue: ms(after, 'queue') - ms(before, 'queue'), prefill: ms(after, 'prefill') - ms(before, 'prefill') };
}

/** The part that grew the most (ties: the earlier of network, queue, prefill). */
export function largestIncrease(before: TtftParts, after: TtftParts): TtftPart {
  const d = partDeltas(before, after);
  return TTFT_PARTS.reduce((best, k) => (d[k] > d[best] ? k : best), TTFT_PARTS[0]);
}

/** The largest part of a TTFT. */
export function largestPart(parts: TtftParts): TtftPart {
  return TTFT_PARTS.reduce((best, k) => (ms(parts, k) > ms(parts, best) ? k : best), TTFT_PARTS[0]);
}

/** The larger of the drawn request's TTFT and its decode: which clock its E2E is mostly made of. */
export function e2eDominant(live: Pick<LiveNumbers, 'parts' | 'decodeMs'>): CausePart {
  const ttft = ms(live.parts, 'network') + ms(live.parts, 'queue') + ms(live.parts, 'prefill');
  return live.decodeMs > ttft ? 'decode' : largestPart(live.parts);
}

/** How each part is named in a sentence. */
export const PART_WORDS: Record<CausePart, string> = {
  network: 'the network',
  queue: 'the queue',
  prefill: 'prefill',
  decode: 'decode',
};

/** What each part of TTFT is, in a clause. */
export const PART_WHY: Record<TtftPart, string> = {
  network: 'the trip to the server and back',
  queue: 'waiting for the server to start it, behind other requests',
  prefill: 'reading the whole prompt before the first token can come out',
};
