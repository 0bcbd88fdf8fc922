/**
 * Speculative decoding, as vLLM, SGLang and TensorRT-LLM run it with a draft
 * model: each decode step the draft proposes K tokens one after another, the
 * target verifies all of them in one pass of K + 1 query tokens per sequence,
 * and keeps the accepted prefix plus one token of its own.
 *
 * Emission is the expected value with a fractional carry per sequence, not a
 * random draw per step: a step emits floor(carry + E) tokens, where
 * E = (1 − A^(K+1)) / (1 − A) is the expected tokens per step for acceptance A
 * (Leviathan et al. 2023, eq. 1), and keeps the fraction for the next step.
 * A run of n identical steps is then one closed form, so the event count stays
 * proportional to requests, and token times can be rebuilt from the log.
 */
import type { Active } from '../scheduler/active';
import type { IterationWork, ServerProfile, SpeculativeOptions } from '../types';

/**
 * Default draft cost C: a draft step takes 0.13 of a target step. Chen et al.
 * 2023 ("Accelerating Large Language Model Decoding with Speculative
 * Sampling", arXiv:2302.01318) report 1.8 ms per token for their 4B draft
 * against 14.1 ms for the 70B Chinchilla target (1.8 / 14.1 ≈ 0.13).
 */
export const DEFAULT_SPEC_DRAFT_COST = 0.13;
/**
 * Default acceptance A when only K is given: 0.7, inside the range of about
 * 0.5 to 0.9 that Leviathan et al. 2023 (arXiv:2211.17192) measure for drafts
 * of the target's own family on translation, summarisation and dialogue.
 */
export const DEFAULT_SPEC_ACCEPTANCE = 0.7;
/** Most draft tokens per step the engine accepts. */
export const MAX_SPEC_TOKENS = 16;

/** Slack for floors of sums of fractions, so an exact integer never rounds down. */
const EPS = 1e-9;

/** Expected tokens one step emits per sequence: (1 − A^(K+1)) / (1 − A); K + 1 when A = 1; 1 when K = 0 or A = 0. */
export function expectedTokensPerStep(k: number, acceptance: number): number {
  if (k <= 0) return 1;
  if (acceptance >= 1) return k + 1;
  return (1 - Math.pow(acceptance, k + 1)) / (1 - acceptance);
}

/** Tokens a sequence with fractional `carry` has emitted after `steps` more steps at `perStep` tokens each (before any cap). */
export function tokensAfter(carry: number, steps: number, perStep: number): number {
  return Math.floor(carry + steps * perStep + EPS);
}

/** The carry after `steps` steps that emitted `emitted` tokens (uncapped). */
export function carryAfter(carry: number, steps: number, perStep: number, emitted: number): number {
  return carry + steps * perStep - emitted;
}

/** Fewest steps (≥ 1) after which a sequence with `carry` has emitted at least `remaining` tokens. */
export function stepsToEmit(carry: number, remaining: number, perStep: number): number {
  let n = Math.max(1, Math.ceil((remaining - carry) / perStep - EPS));
  // The formula and the floor can disagree by one at exact boundaries: settle it with the floor itself.
  while (n > 1 && tokensAfter(carry, n - 1, perStep) >= remaining) n--;
  while (tokensAfter(carry, n, perStep) < remaining) n++;
  return n;
}

/** A scenario's speculative decoding, resolved: null when off. */
export interface SpecDecoding {
  k: number;
  acceptance: number;
  draftCost: number;
  /** Expected tokens per step, E. */
  perStep: number;
  /** Query tokens per decoding sequence in the verification pass: K + 1, or an EAGLE tree's size. */
  verifyTokens: number;
  /** The draft's own step cost, when it has a roofline of its own (see `SpeculativeOptions`). */
  draftStepSeconds?: (seqs: number, kvTokens: number) => number;
}

/** Resolves the options; null when K = 0 or absent. */
export function specDecoding(o: SpeculativeOptions | undefined): SpecDecoding | null {
  if (!o || o.tokens <= 0) return null;
  return {
    k: o.tokens, acceptance: o.acceptance, draftCost: o.draftCost, perStep: expectedTokensPerStep(o.tokens, o.acceptance),
    verifyTokens: o.verifyTokens ?? o.tokens + 1, draftStepSeconds: o.draftStepSeconds,
  };
}

/**
 * The cost of one iteration with speculative decoding: the target's pass with
 * K + 1 query tokens per decoding sequence (an EAGLE tree's size instead,
 * when it verifies a tree; profiles price the extra queries as compute, which
 * is why the gain shrinks as the batch fills), plus the draft's K sequential
 * steps: each its own roofline's step when it has one (`draftStepSeconds`),
 * else `draftCost` times the target's plain one-token decode step over the
 * same sequences.
 */
export function specIterationSeconds(profile: ServerProfile, work: IterationWork, spec: SpecDecoding): number {
  return specCost(profile, spec)(work);
}

/**
 * `specIterationSeconds` as one function for a whole run: it reuses two work
 * records instead of building new ones for every iteration it costs.
 */
export function specCost(profile: ServerProfile, spec: SpecDecoding): (work: IterationWork) => number {
  const verify: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0, decodeQueryTokens: 0 };
  const plain: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0 };
  return (work) => {
    if (work.decodeSeqs === 0) return profile.iterationSeconds(work);
    verify.prefillTokens = work.prefillTokens;
    verify.prefillAttentionPairs = work.prefillAttentionPairs;
    verify.prefillContextTokens = work.prefillContextTokens;
    verify.prefillSeqs = work.prefillSeqs;
    verify.decodeSeqs = work.decodeSeqs;
    verify.decodeKvTokens = work.decodeKvTokens;
    verify.decodeQueryTokens = work.decodeSeqs * spec.verifyTokens;
    const verifyS = profile.iterationSeconds(verify);
    if (spec.draftStepSeconds) return verifyS + spec.k * spec.draftStepSeconds(work.decodeSeqs, work.decodeKvTokens);
    if (spec.draftCost === 0) return verifyS;
    plain.decodeSeqs = work.decodeSeqs;
    plain.decodeKvTokens = work.decodeKvTokens;
    return verifyS + spec.k * spec.draftCost * profile.iterationSeconds(plain);
  };
}

/**
 * Tokens `a` emits in `steps` more decode steps, capped at what it still
 * owes, moving its carry (the uncapped count sets the carry, as the token
 * times rebuilt from the log replay it). One per step without speculation.
 */
export function emitSteps(a: Active, steps: number, spec: SpecDecoding | null): number {
  if (!spec) return steps;
  const tokens = tokensAfter(a.carry, steps, spec.perStep);
  a.carry = carryAfter(a.carry, steps, spec.perStep, tokens);
  return Math.min(tokens, a.rec.outputTokens - a.generated);
}

/** Decode steps until the first of `decoders` has all its tokens. */
export function stepsToFirstCompletion(decoders: readonly Active[], spec: SpecDecoding): number {
  let n = Infinity;
  for (const a of decoders) if (a.decoding) n = Math.min(n, stepsToEmit(a.carry, a.rec.outputTokens - a.generated, spec.perStep));
  return n;
}
