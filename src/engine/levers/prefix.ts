/**
 * Prefix caching (vLLM automatic prefix caching, SGLang RadixAttention): the
 * KV of a prompt's opening tokens is already in the cache, so only the rest
 * is prefilled, attending to the cached part as context.
 *
 * The model: a share F of each prompt, round(F × prompt) tokens (at most
 * prompt − 1: the last token is always computed, for its logits), is a prefix
 * of one shared text (a system prompt, a document asked about again). The
 * prefixes are nested, so the cache holds that text once: the longest prefix
 * any request of the run uses, resident on every instance from the start and
 * never evicted. Requests hold KV only for their own tokens; a preempted
 * request recomputes only its own tokens too.
 */
import { makeLengthSampler } from '../arrivals';
import type { Active } from '../scheduler/active';
import type { IterationWork, RequestRecord, Scenario, ServerProfile } from '../types';

/** Prompt tokens of a `promptTokens`-long prompt found in the cache at share `share`. */
export function cachedTokensFor(promptTokens: number, share: number): number {
  if (share <= 0) return 0;
  return Math.max(0, Math.min(promptTokens - 1, Math.round(share * promptTokens)));
}

/**
 * KV tokens the shared prefix keeps resident: the longest cached prefix of the
 * run's requests. Drawn from the run's own length sampler (same seed, same
 * sequence), so it costs one pass over the request count.
 */
export function residentPrefixTokens(s: Scenario, share: number): number {
  if (share <= 0) return 0;
  const next = makeLengthSampler(s.workload, s.seed);
  let longest = 0;
  for (let i = 0; i < s.requests; i++) longest = Math.max(longest, cachedTokensFor(next().promptTokens, share));
  return longest;
}

/** Marks a fresh waiting entry's cached prefix: it prefills only the rest. */
export function applyPrefix(a: Active, cachedTokens: number): void {
  a.cached = cachedTokens;
  a.target = a.rec.promptTokens - cachedTokens;
  a.rec.cachedTokens = cachedTokens;
}

/**
 * What prefilling the cached tokens as well would have added to an
 * iteration, seconds: the cost of `work` with them minus without, at the same
 * batch. The uncached chunk already attends to the cached context, so the
 * extra work is the cached tokens themselves and their attention among themselves.
 */
export function prefillSavedS(cost: (w: IterationWork) => number, work: IterationWork, cachedTokens: number, costWithout: number): number {
  if (cachedTokens <= 0) return 0;
  const full: IterationWork = {
    ...work,
    prefillTokens: work.prefillTokens + cachedTokens,
    prefillAttentionPairs: work.prefillAttentionPairs + (cachedTokens * (cachedTokens + 1)) / 2,
  };
  return Math.max(0, cost(full) - costWithout);
}

/** KV capacity left for requests once the shared prefix is resident, tokens. */
export function capacityAfterPrefix(profile: ServerProfile, residentTokens: number): number {
  return Math.max(0, profile.kvCapacityTokens - residentTokens);
}

/** Each request starting its prefill in this iteration records what its cached prefix saved (once). */
export function notePrefixSavings(running: readonly Active[], cost: (w: IterationWork) => number, plan: IterationWork, gap: number): void {
  for (const a of running) {
    if (a.chunk > 0 && a.rec.prefillStartS < 0 && a.rec.prefillSavedS === undefined) a.rec.prefillSavedS = prefillSavedS(cost, plan, a.cached, gap);
  }
}

/**
 * The prefix cache's hit rate over `records`: prompt tokens found cached at
 * each completed request's first admission / their prompt tokens (0..1; 0 when none completed).
 */
export function prefixHitRate(records: readonly RequestRecord[]): number {
  let cached = 0;
  let prompt = 0;
  for (const r of records) {
    if (!r.completed) continue;
    cached += r.cachedTokens ?? 0;
    prompt += r.promptTokens;
  }
  return prompt > 0 ? cached / prompt : 0;
}
