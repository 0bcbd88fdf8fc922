/**
 * Core types of the Latency Lab engine. Units are in the names: `S` seconds,
 * `Ms` milliseconds, `Tokens` tokens, `PerSec` per second. The engine is pure:
 * no DOM, no React, no I/O.
 */
import type { InstanceRun, KvLink, Levers } from './levers/types';

export type * from './levers/types';


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
  | { kind: 'closed'; users: number; thinkMs: number }
  | { kind: 'open'; ratePerSec: number; burstiness: number }
  /** Replays given send times (seconds from the start, one per request, ascending). */
  | { kind: 'trace'; sendTimesS: readonly number[] };

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

/** One request's life. Times are seconds from the start of the run (first send = 0). */
export interface RequestRecord {
  id: number;
  /** Closed-loop user that sent it, or -1 in open loop. */
  userId: number;
  promptTokens: number;
  outputTokens: number;
  /** Client sends the request. */
  sendS: number;
  /** One-way delay from server to client for this request's stream, seconds. */
  networkOutS: number;
  /** Request reaches the server (send + half the round trip). */
  serverArrivalS: number;
  /** Leaves the server's front end for the scheduler; present only when the scenario gives the front end a cost (`frontendMs`). */
  frontendDoneS?: number;
  /** Scheduler admits it (KV reserved); admit − arrival is the queue wait. */
  admitS: number;
  /** Start of the first iteration that prefilled part of its prompt. */
  prefillStartS: number;
  /** End of the iteration that emitted its first token, at the server. */
  firstTokenServerS: number;
  /** Emission of its last token, at the server. */
  lastTokenServerS: number;
  /** False when the request could never fit in KV memory and was rejected. */
  completed: boolean;
  /** Send to first token at the client, ms. */
  ttftMs: number;
  /** (E2E − TTFT) / (output − 1) in ms; 0 when output ≤ 1 (as vLLM does for goodput). */
  tpotMs: number;
  /** Send to last token at the client, ms. */
  e2eMs: number;
  /** Wait between arriving at the server and the start of its prefill (front end, admission, scheduling), ms. */
  queueMs: number;
  /** Times it was preempted (paged admission only; 0 otherwise). */
  preemptions: number;
  /** KV tokens computed and then thrown away by its preemptions (recomputed later). */
  recomputedTokens: number;
  /**
   * Stalls of its token stream caused by preemption, seconds at the server,
   * as flat pairs [last token before, next token after, …]; null when none.
   * No token is emitted strictly inside a pair; the second time of each pair
   * is the end of the iteration that finished its recompute and emitted.
   */
  pausesS: number[] | null;
  /** Prefix caching on: prompt tokens found in the cache, not prefilled. Absent when the lever is off. */
  cachedTokens?: number;
  /**
   * Prefix caching on: what prefilling the cached tokens too would have cost,
   * seconds: the profile's cost of its first prefill iteration with them,
   * minus without them, at that iteration's batch. Absent when the lever is off.
   */
  prefillSavedS?: number;
  /** Multi-instance runs: index in `RunResult.instances` of the instance that decoded it (its replica when colocated). */
  instance?: number;
  /** Disaggregated: index of the prefill instance that computed its prompt and first token. */
  prefillInstance?: number;
  /** Disaggregated: the KV cache leaves the prefill instance (its link may be busy with earlier ones), seconds. */
  kvSendStartS?: number;
  /** Disaggregated: the KV cache has arrived at the decode instance, seconds; the transfer took arrival − send start. */
  kvArrivalS?: number;
  /** Disaggregated: the decode instance admits it (start of its first decode step there), seconds. */
  decodeAdmitS?: number;
}

/** Summary statistics of a sample. Percentiles interpolate linearly (numpy's default). */
export interface Stats {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

/** Metrics of a run, defined as `vllm bench serve` defines them. */
export interface RunMetrics {
  /** Requests that completed. */
  completed: number;
  /** Requests rejected because prompt + output exceed KV capacity. */
  rejected: number;
  /** First send to last token received, seconds. */
  durationS: number;
  ttftMs: Stats;
  /** Per-request TPOT, over requests with more than one output token. */
  tpotMs: Stats;
  /** Every inter-token gap of every request, pooled (token-weighted). */
  itlMs: Stats;
  e2eMs: Stats;
  queueMs: Stats;
  /** Output tokens of completed requests / duration. */
  outputTokPerSec: number;
  /** Completed requests / duration. */
  requestsPerSec: number;
  /** Completed requests meeting every SLO target / duration. */
  goodputReqPerSec: number;
  /** Share (0..1) of completed requests that met every SLO target. */
  sloMetShare: number;
  /** Streaming pace of a typical user: 1000 / median TPOT, tok/s. */
  userTokPerSec: number;
  /** Preemptions suffered by the counted requests (paged admission; 0 with reserve). Absent for runs measured elsewhere. */
  preemptions?: number;
  /** KV tokens the counted requests had computed and lost to preemption, so computed twice. Absent for runs measured elsewhere. */
  recomputedTokens?: number;
}

/**
 * Scheduler iterations, run-length encoded: entry i is `count[i]` identical
 * iterations of `gapS[i]` seconds ending at `endS[i]`. Parallel arrays keep it compact.
 */
export interface IterationLog {
  endS: number[];
  count: number[];
  gapS: number[];
  /** Sequences running (prefilling or decoding). */
  batch: number[];
  /** KV tokens actually held at the end of the entry. */
  kvUsedTokens: number[];
  /** KV tokens reserved by admitted requests (prompt + output). */
  kvReservedTokens: number[];
  /** Requests waiting for admission. */
  waiting: number[];
  /** Prompt tokens prefilled in the entry (0 for a pure decode run). */
  prefillTokens: number[];
  /** Requests preempted at the start of the entry (paged admission). */
  preempted: number[];
  /** Sequences that decoded one token per iteration of the entry (0 for a prefill-only iteration). */
  decodeSeqs: number[];
}

/** What held the queue back, in seconds of the run with requests waiting. */
export interface LimitTime {
  /** Waiting because the batch was at `maxBatch`. */
  batchS: number;
  /** Waiting because the KV cache could not hold the next request. */
  memoryS: number;
}

/** Which requests a run's metrics counted, and why the others were left out. */
export interface WindowReport {
  kind: 'all' | 'steady';
  /** Warm-up requests asked to be left out. */
  warmup: number;
  /** Requests the metrics counted. */
  counted: number;
  /** Left out as warm-up (the earliest sends). */
  excludedWarmup: number;
  /** Left out because they were sent before the load filled (steady only). */
  excludedRamp: number;
  /** Left out because they finished after the load began to drain (steady only). */
  excludedDrain: number;
  /** Steady only: sends from this time on count, seconds; null for `all`. */
  fillS: number | null;
  /** Steady only: requests finishing after this time (the last send) do not count, seconds; null for `all`. */
  drainS: number | null;
  /** The span the metrics cover, seconds: duration = toS − fromS. */
  fromS: number;
  toS: number;
  /** Why a steady window fell back to every request (too few requests for a steady state), or null. */
  fallback: string | null;
  /** Ids of the counted requests as inclusive [first, last] ranges. */
  idRanges: [number, number][];
}

/** The full outcome of one simulation. */
export interface RunResult {
  scenario: Scenario;
  requests: RequestRecord[];
  metrics: RunMetrics;
  /** Which requests `metrics` counted. */
  window: WindowReport;
  log: IterationLog;
  limits: LimitTime;
  /** Id of the representative request (see `pickRepresentative`), or -1 if none completed. */
  representativeId: number;
  /** Largest batch seen. */
  peakBatch: number;
  /** Largest KV reservation seen, tokens. */
  peakKvReservedTokens: number;
  /**
   * Multi-instance runs (replicas or disaggregated): every instance, prefill
   * instances first. `log` is then instance 0's, `limits` the mean over
   * instances, the peaks the largest. Absent for one instance.
   */
  instances?: InstanceRun[];
}
