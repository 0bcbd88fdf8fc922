import type { RequestRecord } from '../types';

/** A request the scheduler holds (waiting or running): its record plus progress counters. */
export interface Active {
  rec: RequestRecord;
  /** Tokens of `target` computed so far (prompt chunks, or the recompute after a preemption). */
  prefilled: number;
  /** Tokens to compute before it emits again: its prompt, or prompt + tokens generated when recomputing. */
  target: number;
  /** Output tokens emitted so far (the first comes out of the prefill). */
  generated: number;
  /** KV tokens held (computed) right now. */
  kvTokens: number;
  /** KV it holds: reserve = prompt + output tokens; paged = blocks. 0 while waiting. */
  held: number;
  /** Tokens of `target` scheduled in the current iteration. */
  chunk: number;
  /** Decodes one token in the current iteration. */
  decoding: boolean;
  /** Admission order (a higher number is newer): picks the preemption victim. */
  order: number;
  /** Time of its last token before a preemption, while it waits to be recomputed; -1 otherwise. */
  pausedAtS: number;
  /** Seconds of prefill-only iterations it sat through since its last token (batches not mixed). */
  waitedS: number;
  /** Prompt tokens found in the prefix cache: never prefilled, attended to as context (0 without prefix caching). */
  cached: number;
  /** Speculative decoding: the fraction of a token carried to its next step (0 without it). */
  carry: number;
}

/** A fresh waiting entry for `rec`. */
export function activeFor(rec: RequestRecord): Active {
  return { rec, prefilled: 0, target: rec.promptTokens, generated: 0, kvTokens: 0, held: 0, chunk: 0, decoding: false, order: -1, pausedAtS: -1, waitedS: 0, cached: 0, carry: 0 };
}

/** True while `a` still has prompt (or recompute) tokens to compute before its next token. */
export const isPrefilling = (a: Active): boolean => a.prefilled < a.target;
