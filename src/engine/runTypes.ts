/**
 * What a simulation returns: each request's life, the iteration log and the
 * run's summary. Times in seconds from the first send. Import these through `./types`.
 */
import type { InstanceRun } from './levers/types';
import type { RunMetrics } from './metricsTypes';
import type { Scenario } from './scenarioTypes';
import type { KvCapacityBounds } from './scheduler/kvBounds';

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
  /** Prefix cache in KV memory: the conversation it belongs to (send order of its first turn). Absent when off. */
  conversation?: number;
  /** Prefix cache in KV memory: its turn in the conversation, from 1. Absent when off. */
  turn?: number;
  /** Prefix cache in KV memory: the shared prefix group of its conversation, or -1 for none. Absent when off. */
  prefixGroup?: number;
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
  /** The prefix cache in KV memory, over every instance: blocks it evicted and the most tokens it held at once on one instance. Absent when off. */
  prefixCache?: { evictedBlocks: number; peakCachedTokens: number };
  /**
   * The KV capacities (server tokens) at which every KV decision of this run
   * would come out the same, so the run itself would: test one with
   * `sameKvDecisionsAt` (the ranges reuse a run so; see scheduler/kvBounds.ts).
   */
  kvBounds: KvCapacityBounds;
  /**
   * Multi-instance runs (replicas or disaggregated): every instance, prefill
   * instances first. `log` is then instance 0's, `limits` the mean over
   * instances, the peaks the largest. Absent for one instance.
   */
  instances?: InstanceRun[];
}
