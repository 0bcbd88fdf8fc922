import { MAX_INSTANCES } from '../../engine/levers/config';
import { DEFAULT_SPEC_ACCEPTANCE, expectedTokensPerStep } from '../../engine/levers/speculative';
import { SETTING_LIMITS, type Settings } from '../../settings/schema';
import { servingOf } from '../../settings/serving';
import { fmtTokens } from '../format';
import type { Clock, ClockCause, DiagnosisContext, LeverOffer } from './types';

/**
 * The levers that move each clock, each with a settings patch sized for the
 * scenario in front of the student: a share of the prompt to cache, twice the
 * replicas, the same GPUs split into prefill and decode, a batch limit half
 * the batch the drawn request shared. A lever that cannot run here (a custom
 * server has no compute for a draft model to save; a lever already on) is not
 * offered.
 */

/** The prefix share offered: most of a long prompt, as a system prompt or a document asked about again would be. */
export const OFFERED_PREFIX_SHARE = 0.8;
/** Draft tokens per step offered, a common setting (EAGLE and vLLM examples use 3 to 5). */
export const OFFERED_SPEC_TOKENS = 4;
/** A decode batch at or below this is small: speculative decoding's extra verification costs little. */
export const SMALL_BATCH = 4;
/** A limit that held admission back for at least this share of the run counts as limiting. */
const LIMITED_SHARE = 0.05;
/** Prompts shorter than this gain little from caching a prefix. */
const MIN_CACHE_PROMPT = 200;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const round1 = (x: number) => (Math.round(x * 10) / 10).toLocaleString('en-US');

interface Ctx {
  s: Settings;
  c: DiagnosisContext;
  tp: number;
  colocated: boolean;
  custom: boolean;
  /** More than one request shares the server. */
  loaded: boolean;
}

function prefixCache({ s, c }: Ctx, clock: Clock): LeverOffer | null {
  if (s.prefixCacheShare >= OFFERED_PREFIX_SHARE || c.promptTokens < MIN_CACHE_PROMPT) return null;
  const left = c.promptTokens - Math.min(c.promptTokens - 1, Math.round(OFFERED_PREFIX_SHARE * c.promptTokens));
  return {
    id: 'prefix-cache',
    clock,
    label: `Cache ${Math.round(OFFERED_PREFIX_SHARE * 100)}% of each prompt`,
    patch: { prefixCacheShare: OFFERED_PREFIX_SHARE },
    how: `If most of each prompt is a prefix the server has seen (a system prompt, a document asked about again), only the rest is prefilled: ${fmtTokens(left)} of the drawn request's ${fmtTokens(c.promptTokens)}.`,
    tradeoff: 'It only helps when prompts really share a prefix, and the cached prefix takes KV memory of its own. The decode pace does not change.',
  };
}

function replicas({ s, tp, colocated }: Ctx, clock: Clock): LeverOffer | null {
  if (colocated) {
    const r = s.replicas;
    if (r * 2 > MAX_INSTANCES) return null;
    return {
      id: 'replicas',
      clock,
      label: `Double the replicas: ${r} → ${r * 2} (${plural(r * 2 * tp, 'GPU')})`,
      patch: { replicas: r * 2 },
      how: 'A balancer sends each request to the replica with the fewest in flight, so each one queues behind and shares its steps with half as many others.',
      tradeoff: `It takes ${plural(r * tp, 'more GPU', 'more GPUs')}, and it does nothing for a request that already has a server to itself.`,
    };
  }
  const p = s.prefillGpus;
  const d = s.decodeGpus;
  if ((p + d) * 2 > MAX_INSTANCES * tp) return null;
  return {
    id: 'replicas',
    clock,
    label: `Double both pools: ${p} + ${d} → ${p * 2} + ${d * 2} GPUs`,
    patch: { prefillGpus: p * 2, decodeGpus: d * 2 },
    how: 'Twice the prefill and decode instances, so each takes half the requests.',
    tradeoff: `It takes ${plural(p + d, 'more GPU', 'more GPUs')}.`,
  };
}

function split({ s, tp, colocated, custom }: Ctx, clock: Clock): LeverOffer | null {
  if (!colocated || custom) return null;
  const r = s.replicas;
  const how = 'Prefill instances compute the prompts and first tokens, then hand each KV cache to a decode instance, whose steps never carry a prefill.';
  if (r >= 2) {
    const pre = Math.floor(r / 2);
    return {
      id: 'split',
      clock,
      label: `Split the same ${plural(r * tp, 'GPU')}: ${pre * tp} prefill, ${(r - pre) * tp} decode`,
      patch: { replicas: 1, prefillGpus: pre * tp, decodeGpus: (r - pre) * tp },
      how,
      tradeoff: 'Each pool now has fewer GPUs for its own work, and the KV cache has to cross the link before the second token.',
    };
  }
  return {
    id: 'split',
    clock,
    label: `Split prefill and decode: ${tp} + ${tp} GPUs (twice today's)`,
    patch: { prefillGpus: tp, decodeGpus: tp },
    how,
    tradeoff: `With one instance there is nothing to split, so this adds a second: compare it with doubling the replicas, which takes the same ${plural(2 * tp, 'GPU')}.`,
  };
}

function moreDecode({ s, tp, colocated }: Ctx, clock: Clock): LeverOffer | null {
  if (colocated || (s.prefillGpus + s.decodeGpus) / tp + 1 > MAX_INSTANCES) return null;
  return {
    id: 'more-decode',
    clock,
    label: `Add a decode instance: ${s.decodeGpus} → ${s.decodeGpus + tp} decode GPUs`,
    patch: { decodeGpus: s.decodeGpus + tp },
    how: 'KV caches arriving from prefill wait less for a decode slot, and each decode instance runs a smaller batch.',
    tradeoff: `It takes ${plural(tp, 'more GPU', 'more GPUs')}.`,
  };
}

function spec({ s, c, custom }: Ctx, clock: Clock): LeverOffer | null {
  if (s.specTokens > 0 || custom) return null;
  const acceptance = s.specAcceptance ?? DEFAULT_SPEC_ACCEPTANCE;
  const e = expectedTokensPerStep(OFFERED_SPEC_TOKENS, acceptance);
  const batch = Math.round(c.decodeBatch);
  return {
    id: 'spec',
    clock,
    label: `Speculative decoding: draft ${OFFERED_SPEC_TOKENS} tokens a step`,
    patch: { specTokens: OFFERED_SPEC_TOKENS },
    how: `A small draft model proposes ${OFFERED_SPEC_TOKENS} tokens and the model checks them in one pass; at an acceptance of ${round1(acceptance * 100)}% a step yields about ${round1(e)} tokens instead of 1.`,
    tradeoff:
      c.decodeBatch <= SMALL_BATCH
        ? 'The check reads the weights once for all drafted tokens, so with few sequences per step it costs little more than a plain step.'
        : `About ${plural(batch, 'sequence')} share each step here: checking ${OFFERED_SPEC_TOKENS + 1} tokens for each of them is real compute, so the gain can shrink or turn into a loss. Try it and see.`,
  };
}

function batchDown({ c }: Ctx, clock: Clock): LeverOffer | null {
  if (c.decodeBatch < SMALL_BATCH) return null;
  const limit = Math.max(1, Math.round(c.decodeBatch / 2));
  if (limit >= c.maxBatch) return null;
  return {
    id: 'batch-down',
    clock,
    label: `Lower the batch limit: ${c.maxBatch} → ${limit}`,
    patch: { maxBatch: limit },
    how: `About ${Math.round(c.decodeBatch)} sequences shared each of the drawn request's steps; with at most ${limit}, each step has less to read and compute.`,
    tradeoff: 'Requests that do not fit wait in the queue, so TTFT rises and the server as a whole produces less.',
  };
}

function batchUp({ c }: Ctx, clock: Clock): LeverOffer | null {
  // Only when the batch limit held requests back for a real part of the run, and more than memory did.
  if (!(c.batchLimitedS >= LIMITED_SHARE * c.durationS && c.batchLimitedS >= c.memoryLimitedS) || c.maxBatch * 2 > SETTING_LIMITS.maxBatch) return null;
  return {
    id: 'batch-up',
    clock,
    label: `Raise the batch limit: ${c.maxBatch} → ${c.maxBatch * 2}`,
    patch: { maxBatch: c.maxBatch * 2 },
    how: 'Requests waited because the batch was full; a higher limit admits them sooner.',
    tradeoff: 'Every step then carries more sequences, so every stream gets slower (TPOT rises), and KV memory may run out first.',
  };
}

function tokenBudget({ s }: Ctx, clock: Clock): LeverOffer | null {
  const serving = servingOf(s);
  if (!serving.chunkedPrefill) return null;
  const budget = serving.tokenBudget ?? serving.chunkBudgetTokens;
  const next = Math.min(SETTING_LIMITS.maxTokenBudget, budget * 4);
  if (next <= budget) return null;
  return {
    id: 'token-budget',
    clock,
    label: `Raise the token budget: ${budget.toLocaleString('en-US')} → ${next.toLocaleString('en-US')} tokens a step`,
    patch: { tokenBudget: next },
    how: `Prompts are prefilled in chunks of up to ${fmtTokens(budget)} a step; bigger chunks finish a prompt in fewer steps.`,
    tradeoff: 'Each step that carries a big chunk is longer, so the other requests streaming beside it stall for longer.',
  };
}

function chunked({ s }: Ctx, clock: Clock): LeverOffer | null {
  const serving = servingOf(s);
  if (serving.chunkedPrefill) return null;
  return {
    id: 'chunked',
    clock,
    label: `Chunk long prefills (${serving.chunkBudgetTokens.toLocaleString('en-US')} tokens a step)`,
    patch: { chunkedPrefill: true },
    how: 'A long prompt is split into pieces mixed with the decode steps, so no single step stalls the streams around it for a whole prompt.',
    tradeoff: 'The long prompt itself takes more steps to finish, so its own first token comes later, and the total prefill work is the same.',
  };
}

function reserve({ s }: Ctx, clock: Clock): LeverOffer | null {
  if (servingOf(s).admission !== 'paged') return null;
  return {
    id: 'reserve',
    clock,
    label: 'Reserve each request’s KV memory up front',
    patch: { admission: 'reserve' },
    how: 'A request is admitted only when its whole prompt and answer fit, so nothing is ever preempted and recomputed.',
    tradeoff: 'Fewer requests fit at once, so more of them wait in the queue.',
  };
}

function network({ s }: Ctx, clock: Clock): LeverOffer | null {
  if (s.networkMs < 2) return null;
  const half = Math.round(s.networkMs / 2);
  return {
    id: 'network',
    clock,
    label: `Serve from nearer the users: round trip ${s.networkMs} → ${half} ms`,
    patch: { networkMs: half },
    how: 'Every first token pays the trip to the server and back; a region closer to the users shortens it.',
    tradeoff: 'No server setting moves this part: it is where the servers are.',
  };
}

type Maker = (ctx: Ctx, clock: Clock) => LeverOffer | null;

/** The levers for each cause, most plausible first (before the checks that drop the ones that cannot run here). */
function makersFor(cause: ClockCause, ctx: Ctx): Maker[] {
  const capacity = ctx.loaded ? [replicas] : [];
  switch (cause) {
    case 'queue':
      // Waiting for KV memory: a shared prefix is held once, so more requests fit.
      return [replicas, batchUp, ...(ctx.c.memoryLimitedS > ctx.c.batchLimitedS ? [prefixCache] : [])];
    case 'prefill':
      // A custom server's prefill costs the same however busy it is: more of it does not shorten one.
      return [prefixCache, tokenBudget, ...(ctx.custom ? [] : [...capacity, ...(ctx.loaded ? [split] : [])])];
    case 'network':
      return [network];
    case 'pace':
      return ctx.c.decodeBatch <= SMALL_BATCH ? [spec, ...capacity, batchDown] : [...capacity, batchDown, spec];
    case 'interference':
      return [split, chunked, replicas];
    case 'preemption':
      return [reserve, replicas, batchDown];
    case 'handoff':
      return [moreDecode, replicas];
  }
}

/** Most levers offered at once. */
export const MAX_LEVERS = 3;

/** The levers that move `clock` through `cause`, for this scenario (at most `MAX_LEVERS`). */
export function leversFor(clock: Clock, cause: ClockCause, c: DiagnosisContext, s: Settings): LeverOffer[] {
  const ctx: Ctx = {
    s,
    c,
    tp: c.gpusPerInstance,
    colocated: s.prefillGpus === 0 && s.decodeGpus === 0,
    custom: s.server === 'custom',
    loaded: (c.users ?? 2) > 1 || c.decodeBatch > 1.5,
  };
  const out: LeverOffer[] = [];
  for (const make of makersFor(cause, ctx)) {
    const offer = make(ctx, clock);
    if (offer && !out.some((o) => o.id === offer.id)) out.push(offer);
    if (out.length === MAX_LEVERS) break;
  }
  return out;
}
