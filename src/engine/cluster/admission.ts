/**
 * The admission step at the start of an instance's iteration: (paged) preempt
 * until every decoder has room for its next token, then admit waiting
 * requests first come, first served, while the batch, the token budget and
 * the KV cache allow.
 */
import { isPrefilling, type Active } from '../scheduler/active';
import type { SchedulerConfig } from '../scheduler/config';
import type { Deque } from '../scheduler/deque';
import type { KvCache } from '../scheduler/kv';
import { isDecoding, TokenBudget } from '../scheduler/plan';
import type { InstanceHooks } from './types';

/** What admission reads and changes: one instance's queue, batch and KV cache. */
export interface AdmissionState {
  readonly cfg: SchedulerConfig;
  readonly kv: KvCache;
  readonly running: Active[];
  readonly waiting: Deque<Active>;
  readonly hooks: InstanceHooks;
  /** Paged admission (vLLM-style blocks with preemption) rather than reserve. */
  readonly paged: boolean;
  /** Tokens a decoding sequence adds per step: 1, or K + 1 with speculative decoding. */
  readonly lookahead: number;
  /** Prefill instances: rejects what no decode instance could ever hold. */
  readonly alsoRejects: ((a: Active) => boolean) | null;
  /** Requests admitted so far: the next one's `order`. */
  admissions: number;
  /** A prefix cache in KV memory: looks up what a waiting request finds cached before it is admitted. */
  readonly prefix: { lookup(a: Active): void } | null;
}

/** What admission did: requests preempted, and what held the queue back (null: nothing waited on a limit). */
export interface AdmissionOutcome {
  preempted: number;
  blocked: 'batch' | 'memory' | null;
}

/** Preempts (paged) and admits at `now`, as the start of an iteration does. */
export function admitForIteration(s: AdmissionState, now: number): AdmissionOutcome {
  const running = s.running;
  const preempted = s.paged && running.length > 0 ? preemptForNextToken(s, now) : 0;
  if (preempted > 0 && running.length > 0) return { preempted, blocked: 'memory' };
  // Nothing waits: nothing to admit and nothing held back. The common case, kept to a few
  // checks (a cold page runs it in V8's baseline tier).
  if (s.waiting.length === 0) return { preempted, blocked: null };
  return { preempted, blocked: admitWaiting(s, now) };
}

/** Paged: preempts the newest running requests until every decoder has room for its next token; returns how many. */
function preemptForNextToken(s: AdmissionState, now: number): number {
  const { kv, running, waiting } = s;
  const victims: Active[] = [];
  while (running.length > 0 && kv.shortfallForNextToken(running.filter(isDecoding), s.lookahead) > 0) {
    const v = running.pop()!;
    preempt(kv, v, now);
    victims.push(v);
  }
  // Newest first out of the batch; back in the queue in their original order, ahead of everyone.
  for (const v of victims) waiting.pushFront(v);
  return victims.length;
}

/** Admits waiting requests FCFS while the limits allow; returns what held the queue back (null: nothing). */
function admitWaiting(s: AdmissionState, now: number): 'batch' | 'memory' | null {
  const { cfg, kv, running, waiting } = s;
  let blocked: 'batch' | 'memory' | null = null;
  // Paged admission starts a request's prefill in this very iteration, so it needs a share of the budget.
  let meter: TokenBudget | null = null;
  if (s.paged) {
    let decoders = 0;
    for (const a of running) if (isDecoding(a)) decoders++;
    // The same budget the plan will hand out: decodes take their share only when batches are mixed.
    meter = new TokenBudget(cfg.tokenBudget, cfg.mixedBatches ? decoders : 0, cfg.chunked);
    for (const a of running) if (isPrefilling(a)) meter.take(a.target - a.prefilled);
  }
  while (waiting.length > 0) {
    const a = waiting.at(0)!;
    if (kv.neverFits(a) || (s.alsoRejects !== null && s.alsoRejects(a))) {
      // Can never fit: reject it now rather than block the queue forever.
      if (a.rec.admitS < 0) a.rec.admitS = now;
      waiting.popFront();
      s.hooks.reject(a, now);
      continue;
    }
    if (running.length >= cfg.maxBatch) {
      blocked = 'batch';
      break;
    }
    if (s.prefix !== null && a.kvTokens === 0) s.prefix.lookup(a);
    const toCompute = a.target - a.prefilled;
    if (meter && toCompute > 0 && meter.take(toCompute) === 0) break;
    if (!kv.tryAdmit(a, running.length === 0)) {
      blocked = 'memory';
      break;
    }
    if (a.rec.admitS < 0) a.rec.admitS = now;
    // A decode instance receives the KV computed elsewhere: it holds it from admission on.
    if (toCompute === 0 && a.kvTokens === 0) {
      kv.grow(a, a.target + a.generated);
      if (a.rec.decodeAdmitS === undefined) a.rec.decodeAdmitS = now;
    }
    a.order = s.admissions++;
    running.push(a);
    waiting.popFront();
  }
  return blocked;
}

/** Frees a running request's KV and sends it back to wait; it recomputes its own prompt tokens and its tokens so far. */
function preempt(kv: KvCache, a: Active, now: number): void {
  a.rec.preemptions++;
  a.rec.recomputedTokens += a.kvTokens;
  kv.release(a);
  a.prefilled = 0;
  a.target = a.rec.promptTokens - a.cached + a.generated;
  a.chunk = 0;
  a.decoding = false;
  // Preempted again mid-recompute: the stall still runs from its last token.
  if (a.generated >= 1 && a.pausedAtS < 0) a.pausedAtS = now;
}
