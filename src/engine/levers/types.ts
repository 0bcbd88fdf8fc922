/**
 * The levers of a scenario: mechanisms real deployments use to move one clock
 * or the other. Every one is off unless asked for, and a scenario with every
 * lever off runs exactly as it did before they existed.
 */
import type { IterationLog, LimitTime, ServerProfile } from '../types';

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
  /** Instances that prefill prompts and emit first tokens (each of the prefill server's `gpus`), ≥ 1. */
  prefillInstances: number;
  /** Instances that only decode, ≥ 1. */
  decodeInstances: number;
  /**
   * The prefill pool's server when it runs at its own tensor-parallel degree
   * (its step costs, KV capacity, GPUs per instance and KV shard from the
   * roofline at that TP); absent = the scenario's server.
   */
  prefillServer?: ServerProfile;
  /** The decode pool's server at its own tensor-parallel degree; absent = the scenario's server. */
  decodeServer?: ServerProfile;
  /** The link the KV crosses (a named link's speed and latency); absent = the server's own (`clusterKvLink`). */
  link?: KvLinkSpeed;
}

/**
 * A prefix cache that lives in KV memory (vLLM automatic prefix caching,
 * SGLang RadixAttention), with traffic whose prompts share prefixes. The
 * cache is on when this is present: block-granular, shared with running
 * requests, least-recently-used blocks evicted when admission needs room.
 */
export interface PrefixCacheOptions {
  /** Distinct shared prefixes (system prompts, few-shot templates) a conversation draws from, uniformly; 0 = none. */
  groups: number;
  /** Tokens of each shared prefix, the opening of the first prompt of a conversation (≥ 0; 0 with `groups` 0). */
  prefixTokens: number;
  /**
   * Turns per conversation, ≥ 1: each later turn's prompt is the last prompt,
   * its answer, and a new message of the workload's prompt length. 1 = one request each.
   */
  turns: number;
}

/** How a cluster of replicas picks one for a request. */
export type RouterPolicy = 'least-loaded' | 'prefix-aware';

/** The levers of a scenario. Absent fields are off. */
export interface Levers {
  /**
   * Share (0..1) of each prompt that is a prefix already in the KV cache (a
   * system prompt, a conversation so far): only the rest is prefilled. 0 = off.
   */
  prefixCacheShare?: number;
  /** A prefix cache in KV memory with shared-prefix traffic; absent = off. Not with `prefixCacheShare`. */
  prefixCache?: PrefixCacheOptions;
  /** Replicas: `least-loaded` (default) or `prefix-aware` (SGLang's cache-aware router). */
  router?: RouterPolicy;
  /**
   * Prefix-aware routing: the share of a prompt (0..1) a replica's match must
   * exceed to get the request (sgl-router's `cache_threshold`, default 0.5).
   * Engine only: the settings keep the default.
   */
  routerCacheThreshold?: number;
  /** Speculative decoding; absent or `tokens: 0` = off. */
  speculative?: SpeculativeOptions;
  /** Identical colocated instances behind a least-outstanding-requests balancer; default 1. */
  replicas?: number;
  /** Disaggregated prefill/decode; absent = colocated (prefill and decode share each instance). */
  disaggregated?: DisaggregatedOptions;
}

/** What one instance of a cluster does. */
export type InstanceRole = 'colocated' | 'prefill' | 'decode';

/** How fast a link between a prefill and a decode instance moves bytes, per GPU. */
export interface KvLinkSpeed {
  /** One-way bandwidth of one GPU's link to the other instance, bytes/s. */
  bytesPerSecPerGpu: number;
  /** Time before the first byte lands, seconds, paid once per request's KV (absent = 0). */
  latencyS?: number;
  /** Human label, e.g. "NVLink 4 (450 GB/s each way)". */
  label: string;
}

/** How the KV cache of a prompt moves from a prefill instance to a decode instance. */
export interface KvLink extends KvLinkSpeed {
  /** KV-cache bytes per token held by one GPU of an instance (each GPU sends its own shard); a draft model's KV included. */
  bytesPerTokenPerGpu: number;
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
