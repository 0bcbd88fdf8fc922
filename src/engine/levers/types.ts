/**
 * The levers of a scenario: mechanisms real deployments use to move one clock
 * or the other. Every one is off unless asked for, and a scenario with every
 * lever off runs exactly as it did before they existed.
 */
import type { IterationLog, LimitTime } from '../types';

/** Speculative decoding: a draft proposes tokens, the target verifies them in one pass. */
export interface SpeculativeOptions {
  /** Draft tokens proposed per decode step, K (0 = off). */
  tokens: number;
  /** Probability (0..1) that the target accepts each drafted token, A (independent per token). */
  acceptance: number;
  /**
   * The draft's time per drafted token, relative to the target's plain
   * one-token decode step at the same batch, C ≥ 0 (`DEFAULT_SPEC_DRAFT_COST`).
   */
  draftCost: number;
  /** How the drafts are made (`levers/specMethods.ts`); absent = `custom`, a draft known only by `draftCost`. */
  method?: 'custom' | 'draft' | 'eagle' | 'eagle3' | 'ngram';
  /** Query tokens per sequence the target verifies each step (an EAGLE tree's size); K + 1 when absent. */
  verifyTokens?: number;
  /**
   * The draft's own time for one drafting step over `seqs` decoding
   * sequences holding `kvTokens` tokens of context, seconds (a draft model's
   * or EAGLE head's roofline, `levers/draftModel.ts`); when present it
   * replaces `draftCost` × the target's step. K such steps run per step.
   */
  draftStepSeconds?: (seqs: number, kvTokens: number) => number;
  /** A short name of the draft for reports, e.g. "Llama-3.2-1B" or "EAGLE-3 head of Llama-3.1-8B". */
  draftLabel?: string;
}

/** Disaggregated prefill and decode: separate instances for each phase. */
export interface DisaggregatedOptions {
  /** Instances that prefill prompts and emit first tokens (each of the profile's `gpus`), ≥ 1. */
  prefillInstances: number;
  /** Instances that only decode, ≥ 1. */
  decodeInstances: number;
}

/** The levers of a scenario. Absent fields are off. */
export interface Levers {
  /**
   * Share (0..1) of each prompt that is a prefix already in the KV cache (a
   * system prompt, a conversation so far): only the rest is prefilled. 0 = off.
   */
  prefixCacheShare?: number;
  /** Speculative decoding; absent or `tokens: 0` = off. */
  speculative?: SpeculativeOptions;
  /** Identical colocated instances behind a least-outstanding-requests balancer; default 1. */
  replicas?: number;
  /** Disaggregated prefill/decode; absent = colocated (prefill and decode share each instance). */
  disaggregated?: DisaggregatedOptions;
}

/** What one instance of a cluster does. */
export type InstanceRole = 'colocated' | 'prefill' | 'decode';

/** How the KV cache of a prompt moves from a prefill instance to a decode instance. */
export interface KvLink {
  /** KV-cache bytes per token held by one GPU of an instance (each GPU sends its own shard). */
  bytesPerTokenPerGpu: number;
  /** One-way bandwidth of one GPU's link to the other instance, bytes/s. */
  bytesPerSecPerGpu: number;
  /** Human label, e.g. "NVLink 4 (450 GB/s each way)". */
  label: string;
}

/** One instance's share of a multi-instance run. */
export interface InstanceRun {
  role: InstanceRole;
  /** GPUs of the instance (the profile's tensor-parallel group). */
  gpus: number;
  log: IterationLog;
  limits: LimitTime;
  /** Largest batch it ran. */
  peakBatch: number;
  /** Largest KV reservation it held, tokens (the resident shared prefix not included). */
  peakKvReservedTokens: number;
  /** Requests routed to it. */
  routed: number;
}
