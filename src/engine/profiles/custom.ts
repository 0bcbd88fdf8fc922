/**
 * A server known only by what it does for one idle user: its time to first
 * token and its streaming pace, as a provider's dashboard or a benchmark
 * page quotes them. For comparing providers: pin one, set the other.
 *
 * Its prefill takes `prefillS` for the workload's mean prompt (longer
 * prompts proportionally longer, so chunking does not change a prompt's
 * total); its decode step takes 1 / `tokPerSec` whatever the batch, up to
 * its batch limit: a black box that does not slow down under load, and has
 * no compute or memory a lever could move.
 */
import type { IterationWork, ServerProfile } from '../types';

/** What defines a custom server. */
export interface CustomServerSpec {
  /** Server-side time to prefill the reference prompt and emit its first token, seconds (idle TTFT minus the network round trip). */
  prefillS: number;
  /** Prompt length the prefill time is quoted for, tokens (the workload's mean). */
  referencePromptTokens: number;
  /** Streaming pace, tokens per second: one decode step takes 1 / this. */
  tokPerSec: number;
}

/** Batch limit of a custom server: generous, so it keeps its pace at any load the lab offers. */
export const CUSTOM_MAX_BATCH = 4096;
/** Token budget of a custom server's chunks, tokens. */
export const CUSTOM_CHUNK_BUDGET_TOKENS = 8192;
/** KV capacity of a custom server, tokens: effectively unlimited. */
export const CUSTOM_KV_CAPACITY_TOKENS = 100_000_000;

/** A server profile with the given idle TTFT (server side) and decode pace. */
export function customProfile(spec: CustomServerSpec): ServerProfile {
  const perPromptTokenS = spec.prefillS / Math.max(1, spec.referencePromptTokens);
  const stepS = 1 / spec.tokPerSec;
  return {
    id: `custom/${spec.prefillS * 1000}ms/${spec.tokPerSec}tps`,
    label: `Custom server (${Math.round(spec.prefillS * 1000)} ms to first token on the server, ${spec.tokPerSec} tok/s)`,
    kvCapacityTokens: CUSTOM_KV_CAPACITY_TOKENS,
    maxBatch: CUSTOM_MAX_BATCH,
    chunkBudgetTokens: CUSTOM_CHUNK_BUDGET_TOKENS,
    iterationSeconds: (w: IterationWork): number => w.prefillTokens * perPromptTokenS + (w.decodeSeqs > 0 ? stepS : 0),
  };
}
