import type { IterationWork } from '../types';
import { isPrefilling, type Active } from './active';

/**
 * The token budget of one iteration, handed out in FCFS order. Chunked: any
 * part of a prompt that fits. Whole: a prompt fits entirely or waits for a
 * later iteration, and so does every prompt behind it (no smaller prompt
 * jumps the line, as vLLM schedules); the first prompt of an iteration always
 * goes, or a prompt longer than the budget would never run.
 */
export class TokenBudget {
  private left: number;
  private prefills = 0;
  private closed = false;
  constructor(
    total: number,
    decodeSeqs: number,
    private readonly chunked: boolean,
  ) {
    this.left = total - decodeSeqs;
  }

  /** Grants up to `need` prompt tokens to the next prefill in line; 0 when it must wait. */
  take(need: number): number {
    if (this.closed) return 0;
    const grant = this.chunked ? Math.min(need, Math.max(0, this.left)) : need <= this.left || this.prefills === 0 ? need : 0;
    if (grant === 0) this.closed = true;
    else {
      this.left -= grant;
      this.prefills++;
    }
    return grant;
  }
}

/** True when `a` decodes in the next iteration: it has emitted and has nothing left to (re)compute. */
export const isDecoding = (a: Active): boolean => a.generated >= 1 && !isPrefilling(a);

/** One iteration's aggregated work, plus the fewest tokens any decoder still has to emit. */
export interface PlannedIteration extends IterationWork {
  minRemaining: number;
}

/**
 * Plans the next iteration over `running` (in admission order): every
 * decoding sequence advances by one token, then prefill chunks fill the
 * remaining budget in order. Sets each request's `decoding` and `chunk`.
 * Without mixed batches, an iteration that prefills anything has the whole
 * budget for prompts and no decodes; decodes run when no prompt is waiting.
 */
export function planIteration(running: readonly Active[], budget: number, chunked: boolean, mixed = true): PlannedIteration {
  let decodeSeqs = 0;
  let decodeKvTokens = 0;
  let minRemaining = Infinity;
  // Indexed loops and the predicates written out: a page's first run plans thousands of
  // iterations in V8's baseline tier, where each call and iterator step costs.
  const n = running.length;
  for (let i = 0; i < n; i++) {
    const a = running[i];
    a.decoding = a.generated >= 1 && a.prefilled >= a.target;
    if (a.decoding) {
      decodeSeqs++;
      decodeKvTokens += a.rec.promptTokens + a.generated;
      const remaining = a.rec.outputTokens - a.generated;
      if (remaining < minRemaining) minRemaining = remaining;
    }
  }
  const meter = new TokenBudget(budget, mixed ? decodeSeqs : 0, chunked);
  let prefillTokens = 0;
  let prefillAttentionPairs = 0;
  let prefillContextTokens = 0;
  let prefillSeqs = 0;
  for (let i = 0; i < n; i++) {
    const a = running[i];
    a.chunk = 0;
    if (a.prefilled >= a.target) continue;
    const chunk = meter.take(a.target - a.prefilled);
    if (chunk === 0) continue;
    a.chunk = chunk;
    prefillTokens += chunk;
    // A cached prefix is context the chunk attends to, like the chunks before it.
    prefillAttentionPairs += chunk * (a.cached + a.prefilled + (chunk + 1) / 2);
    prefillContextTokens += a.cached + a.prefilled;
    prefillSeqs++;
  }
  if (!mixed && prefillTokens > 0) {
    for (let i = 0; i < n; i++) running[i].decoding = false;
    return { prefillTokens, prefillAttentionPairs, prefillContextTokens, prefillSeqs, decodeSeqs: 0, decodeKvTokens: 0, minRemaining: Infinity };
  }
  return { prefillTokens, prefillAttentionPairs, prefillContextTokens, prefillSeqs, decodeSeqs, decodeKvTokens, minRemaining };
}
