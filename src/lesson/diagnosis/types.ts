import type { Settings } from '../../settings/schema';

/** The two clocks a user feels. */
export type Clock = 'ttft' | 'tpot';

/** Where a TTFT goes: the trip both ways, the wait before prefill starts, prefill itself. */
export type TtftCause = 'network' | 'queue' | 'prefill';

/**
 * Where a TPOT goes, per token: the decode steps at their own pace (set by the
 * hardware and by how many sequences share each step), other requests'
 * prefills stretching those steps, preemption stalls (paged KV), and the KV
 * hand-off of a disaggregated cluster (link wait, transfer, decode queue).
 */
export type TpotCause = 'pace' | 'interference' | 'preemption' | 'handoff';

export type ClockCause = TtftCause | TpotCause;

/** One part of a clock, ms (TPOT parts in ms per token, so they add up to the TPOT). */
export interface ClockPart {
  id: ClockCause;
  ms: number;
  /** The run's median of this part over completed requests, ms; null when the lab does not compute it per request. */
  medianMs: number | null;
}

/** One clock of the drawn request against its target, with the run's statistics and where its time went. */
export interface ClockReading {
  clock: Clock;
  /** The drawn request's value, ms (what the verdict and the card show). */
  valueMs: number;
  /** The target, ms, or null when none is set. */
  targetMs: number | null;
  /** Met its target (inclusive, as the verdict counts), or true when there is none. */
  met: boolean;
  /** value − target, ms: positive is the miss, negative the headroom; 0 without a target. */
  overMs: number;
  /** (target − value) / target: the share of the target left over; negative when missed, null without a target. */
  headroomShare: number | null;
  /** The run's median and p95, ms (over the counted requests, as the cards show them). */
  p50Ms: number;
  p95Ms: number;
  /** Share 0..1 of completed requests that missed this clock's target (0 without one). */
  missShare: number;
  /** The parts, adding up to `valueMs`. */
  parts: ClockPart[];
  /** The part the diagnosis blames (see `blamedPart`). */
  cause: ClockCause;
}

/** What the run looks like around the drawn request: enough to say which levers are plausible. */
export interface DiagnosisContext {
  promptTokens: number;
  outputTokens: number;
  /** Prompt tokens of the drawn request found in the prefix cache. */
  cachedTokens: number;
  /** Sequences running on its instance, time-weighted over its decode (itself included). */
  decodeBatch: number;
  /** The batch limit in force. */
  maxBatch: number;
  /** Largest batch of the run. */
  peakBatch: number;
  /** Seconds the run spent unable to admit because of the batch limit, and because of KV memory. */
  batchLimitedS: number;
  memoryLimitedS: number;
  /** The run's measured span, seconds. */
  durationS: number;
  /** Closed-loop users, or null for open loop. */
  users: number | null;
  /** Open-loop rate, req/s, or null. */
  ratePerSec: number | null;
  /** GPUs in the cluster, and per instance. */
  gpus: number;
  gpusPerInstance: number;
}

/** The levers the diagnosis can offer. */
export type LeverId =
  | 'prefix-cache'
  | 'token-budget'
  | 'replicas'
  | 'split'
  | 'more-decode'
  | 'spec'
  | 'batch-down'
  | 'batch-up'
  | 'chunked'
  | 'reserve'
  | 'network';

/** One lever, with the settings it changes for this scenario. */
export interface LeverOffer {
  id: LeverId;
  /** The clock it is meant to move. */
  clock: Clock;
  /** The button's text: what it does, with its number ("Cache 80% of each prompt"). */
  label: string;
  /** The settings it applies, on top of the current ones. */
  patch: Partial<Settings>;
  /** How it moves the clock, in a sentence with this run's numbers. */
  how: string;
  /** What it costs or risks. */
  tradeoff: string;
}

/**
 * - `miss`: the drawn request misses a target (what the verdict says);
 * - `tail`: the drawn request is in time but some of the run is not;
 * - `met`: every completed request met every target;
 * - `no-targets`: no TTFT or TPOT target is set;
 * - `no-result`: nothing completed.
 */
export type DiagnosisState = 'miss' | 'tail' | 'met' | 'no-targets' | 'no-result';

/** Which clock is broken, by how much, why, and what would move it. */
export interface Diagnosis {
  state: DiagnosisState;
  /** The clock to fix first (the larger miss relative to its target), or null. */
  broken: Clock | null;
  /** True when only the E2E target missed, and `broken` is the larger of the clocks it is made of. */
  viaE2e: boolean;
  ttft: ClockReading;
  /** Null when the drawn request has a single output token (no TPOT). */
  tpot: ClockReading | null;
  /** E2E against its target, when one is set. */
  e2e: { valueMs: number; targetMs: number; met: boolean } | null;
  /** When nothing is broken: the clock with the least headroom, or null. */
  tightest: Clock | null;
  /** Share 0..1 of completed requests that met every target. */
  runMetShare: number;
  /** Completed requests meeting every target per second. */
  goodputReqPerSec: number;
  context: DiagnosisContext;
  /** The part the levers act on: the broken clock's blamed part (the tail's, in state `tail`; the tightest clock's largest, in `met`). */
  cause: ClockCause | null;
  /** Levers for the broken clock (or, when all is met, for the tightest), most plausible first. */
  levers: LeverOffer[];
}
