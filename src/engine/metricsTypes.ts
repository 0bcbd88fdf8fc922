/** The statistics a run reports, as benchmark tools define them. Import these through `./types`. */

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
  /**
   * Prefix caching on: cached prompt tokens / prompt tokens over the counted
   * requests that completed (0..1), each request's cache hit at its first
   * admission. Absent when no prefix lever is on.
   */
  prefixHitRate?: number;
}
