/**
 * What a simulation is asked to run: the workload, the server, the load, the
 * SLO and the scheduler settings. Units are in the names. Import these
 * through `./types`.
 */
import type { KvLink, Levers } from './levers/types';

/** What one kind of request asks of the server. */
export interface Workload {
  /** Stable id, e.g. `chat`; `custom` for free values. */
  id: string;
  /** Human label, e.g. "Chatbot reply". */
  label: string;
  /** Mean prompt (input) length in tokens, ≥ 1. */
  promptTokens: number;
  /** Mean output length in tokens, ≥ 1. */
  outputTokens: number;
  /**
   * Relative spread of both lengths around their means, 0..0.9: each request
   * draws uniformly from mean × [1 − spread, 1 + spread], so the mean holds.
   */
  spread: number;
}

/**
 * The work one scheduler iteration does, aggregated so a profile can cost it
 * without allocating: prefill chunks and decode steps that run together.
 */
export interface IterationWork {
  /** Prompt tokens prefilled in this iteration, summed over chunks. */
  prefillTokens: number;
  /**
   * Attention pairs of the prefill: Σ chunkTokens × (contextBefore + (chunkTokens + 1) / 2).
   * Proportional to attention FLOPs, which grow quadratically with prompt length.
   */
  prefillAttentionPairs: number;
  /** KV tokens already in cache that the prefill chunks attend to (Σ contextBefore). */
  prefillContextTokens: number;
  /** Sequences with a prefill chunk in this iteration. */
  prefillSeqs: number;
  /** Sequences that decode one token in this iteration. */
  decodeSeqs: number;
  /** KV-cache tokens the decoding sequences read (their total context). */
  decodeKvTokens: number;
  /**
   * Query tokens of the decoding sequences: one each normally, K + 1 each when
   * speculative decoding verifies K drafted tokens. Every decoding sequence
   * carries the same number, so each attends to its context that many times.
   * Absent means `decodeSeqs` (one each).
   */
  decodeQueryTokens?: number;
}

/** How fast a server runs iterations and how much it can hold. */
export interface ServerProfile {
  /** Stable id, e.g. `lesson` or `llama-3.1-8b@h100-sxm/bf16/tp1`. */
  id: string;
  /** Human label. */
  label: string;
  /** Wall time in seconds of one scheduler iteration doing `work`. */
  iterationSeconds(work: IterationWork): number;
  /** Tokens of KV cache that fit in memory (all sequences together). */
  kvCapacityTokens: number;
  /** Most sequences the scheduler runs at once (vLLM `max_num_seqs`). */
  maxBatch: number;
  /** Token budget per iteration when chunked prefill is on (vLLM `max_num_batched_tokens`). */
  chunkBudgetTokens: number;
  /** GPUs of one instance (its tensor-parallel group); absent means 1. */
  gpus?: number;
  /** How a prompt's KV cache leaves this instance for another (disaggregated prefill/decode); absent when unknown. */
  kvLink?: KvLink;
}

/**
 * How requests arrive. Closed loop: `users` clients, each sending its next
 * request when its previous answer has fully arrived (plus think time).
 * Open loop: arrivals at `ratePerSec` regardless of completions;
 * `ratePerSec = Infinity` queues every request at t = 0 like `vllm bench serve`'s default.
 */
export type LoadSpec =
  /**
   * With `promptTokens` and `outputTokens` (one per request, whole numbers ≥ 1,
   * in send order) request i has recorded length i instead of lengths drawn
   * from the workload: a measured closed-loop run (llmperf) replayed as it was
   * sent. `thinkMs` is the mean think time in ms between an answer and the user's next request.
   */
  | { kind: 'closed'; users: number; thinkMs: number; promptTokens?: readonly number[]; outputTokens?: readonly number[] }
  | { kind: 'open'; ratePerSec: number; burstiness: number }
  /**
   * Replays given send times (seconds from the start, one per request, ascending).
   * With `promptTokens` and `outputTokens` (one per request, whole numbers ≥ 1)
   * each request has its recorded lengths instead of lengths drawn from the
   * workload: a real trace or a measured run, replayed as it came.
   */
  | { kind: 'trace'; sendTimesS: readonly number[]; promptTokens?: readonly number[]; outputTokens?: readonly number[] };

/** Latency targets. A request is good when it meets every target set (inclusive ≤). */
export interface Slo {
  /** Time-to-first-token target in ms, or null for none. */
  ttftMs: number | null;
  /** Time-per-output-token target in ms, or null for none. */
  tpotMs: number | null;
  /** End-to-end latency target in ms, or null for none. */
  e2eMs: number | null;
}

/** Everything one simulation needs. Same scenario and seed → byte-identical result. */
export interface Scenario {
  workload: Workload;
  server: ServerProfile;
  load: LoadSpec;
  slo: Slo;
  /** Requests to send in the run (≥ 1). */
  requests: number;
  /** Seed of every random draw (lengths, arrivals, think time). */
  seed: number;
  /** Prefill in chunks under the profile's token budget instead of whole. */
  chunkedPrefill: boolean;
  /** Network round trip in ms: half on the way in, half on the way out (on average). */
  networkRttMs: number;
  /**
   * Share (0..1) of each one-way network delay that varies from request to
   * request (an exponential tail on a fixed floor; the mean stays RTT / 2).
   * Default `DEFAULT_NETWORK_JITTER`; 0 makes every delay exactly RTT / 2.
   */
  networkJitter?: number;
  /**
   * Milliseconds the server's front end (HTTP parsing, chat template,
   * tokenizer, hand-off to the engine) spends on each request, one request at
   * a time in arrival order, before the scheduler sees it. Absent or 0: none,
   * requests reach the scheduler as they arrive. Part of TTFT and of the queue.
   */
  frontendMs?: number;
  /**
   * Scheduler settings beyond the profile's batch limit and KV capacity.
   * Every field is optional: a scenario without them runs the lab's default
   * scheduler (reserve admission; the profile's token budget only when
   * prefill is chunked), exactly as before these settings existed.
   */
  scheduler?: SchedulerOptions;
  /** Which requests the metrics count; default every request (`all`, no warm-up). */
  window?: MeasurementWindow;
  /** Prefix caching, speculative decoding, replicas, disaggregation; all off when absent. */
  levers?: Levers;
}

/**
 * How KV memory is handed out when a request is admitted.
 * - `reserve`: the request's whole footprint (prompt + output) is held from
 *   admission on, so a running request is never evicted (TensorRT-LLM's
 *   GUARANTEED_NO_EVICT, llama.cpp's slots).
 * - `paged`: KV is allocated in blocks as tokens are computed (vLLM, SGLang);
 *   a request is admitted when its prompt fits, and when the cache runs out
 *   the newest running request is preempted: its KV is freed and recomputed later.
 */
export type AdmissionPolicy = 'reserve' | 'paged';

/** Scheduler settings of a scenario. Units in the names; all optional. */
export interface SchedulerOptions {
  /** KV admission policy; default `reserve`. */
  admission?: AdmissionPolicy;
  /**
   * Tokens one iteration may carry: one per decoding sequence plus the prompt
   * tokens prefilled (vLLM `max_num_batched_tokens`, TensorRT-LLM
   * `max_num_tokens`). It applies with and without chunked prefill; without
   * it, a prompt is prefilled whole, and prompts that do not fit wait for a
   * later iteration (the first prompt of an iteration always goes, however
   * long). Raised to the batch limit + 1 when smaller, so every decoding
   * sequence fits. Default: the profile's `chunkBudgetTokens` when chunked,
   * no limit when whole (the lab's behaviour before this setting existed).
   */
  tokenBudget?: number;
  /** Paged only: share (0..0.5) of KV blocks that must stay free after an admission (vLLM's watermark); default 0.01. */
  watermark?: number;
  /** Paged only: tokens per KV block (vLLM `block_size`); default 16. */
  blockTokens?: number;
  /**
   * Whether decoding requests advance in an iteration that prefills (default
   * true: mixed batches, as TensorRT-LLM's in-flight batching and vLLM V1 run).
   * False runs prompt batches in iterations of their own while decodes wait
   * (vLLM V0 without chunked prefill, SGLang without mixed chunks).
   */
  mixedBatches?: boolean;
}

/**
 * Which requests the metrics count, as benchmark tools choose them.
 * - `all`: every request, from the first send to the last token (vLLM `bench serve`).
 * - `steady`: requests sent after the load has filled and finished before it
 *   began to drain, like GenAI-Perf's stable measurement window. Closed loop:
 *   filled once every user has sent its second request; open loop: once the
 *   first request has finished. Draining starts at the run's last send.
 * `warmup` leaves out the first N requests sent (AIPerf's warm-up requests) in either case.
 */
export interface MeasurementWindow {
  kind: 'all' | 'steady';
  /** Requests left out at the start (the earliest sends), ≥ 0 and below the run's request count. */
  warmup: number;
}
