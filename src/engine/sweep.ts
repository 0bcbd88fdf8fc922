import { simulate } from './simulate';
import type { LoadSpec, MeasurementWindow, RunMetrics, Scenario } from './types';

/** Default concurrency points of a sweep: 1 to 256 users, doubling (9 points). */
export const DEFAULT_SWEEP_USERS: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/**
 * What held the queue back most at one point of the curve: the batch limit,
 * KV memory, or `compute` when requests queued for seconds with a free batch
 * slot and free memory (every step busy: they wait for the steps ahead, a
 * prefill instance's prompts above all).
 */
export type LimitingFactor = 'none' | 'batch' | 'memory' | 'compute';

/** Share of the run a limit must hold requests back to count. */
const LIMIT_SHARE = 0.05;
/** A median queue this long, and at least half the median TTFT, is compute-bound queueing, ms. */
const QUEUE_HELD_MS = 250;
/** An open loop finishing less than this share of its offered rate is beyond capacity. */
const CAPACITY_SHARE = 0.8;

/** One point of the throughput-versus-load curve: a full simulation. */
export interface SweepPoint {
  /** Concurrent users (closed loop), or null for a rate point. */
  users: number | null;
  /** Offered request rate (open loop) per second, or null for a users point. */
  ratePerSec: number | null;
  metrics: RunMetrics;
  /** Largest batch the server ran. */
  peakBatch: number;
  /** Share (0..1) of the run during which requests waited for a batch slot. */
  batchLimitedShare: number;
  /** Share (0..1) of the run during which requests waited for KV memory. */
  memoryLimitedShare: number;
  /** The limit that held requests back for at least 5% of the run; else `compute` when the point is beyond capacity or the median request queued ≥ 250 ms and half its TTFT; else none. */
  limitingFactor: LimitingFactor;
  /**
   * Open loop only: the server finished less than 80% of the offered rate
   * (or the rate is infinite), so the queue grew for as long as the run sent.
   * Such a point has no steady state: what it measures is a finite run's
   * fill and drain, and it moves with the run's length.
   */
  beyondCapacity: boolean;
  /** The measurement window of the point's metrics: its kind, the requests it counted, and why it fell back to all (or null). */
  window: { kind: 'all' | 'steady'; counted: number; fallback: string | null };
}

/** How a sweep varies the load: a list of user counts or of request rates. */
export type SweepAxis = { kind: 'users'; values: readonly number[] } | { kind: 'rate'; values: readonly number[] };

/** The load of the sweep point at `value` of `axis`, the rest of `base`'s load kept (think time, burstiness). */
export function loadFor(base: Scenario, axis: SweepAxis, value: number): LoadSpec {
  if (axis.kind === 'users') {
    return { kind: 'closed', users: value, thinkMs: base.load.kind === 'closed' ? base.load.thinkMs : 0 };
  }
  return { kind: 'open', ratePerSec: value, burstiness: base.load.kind === 'open' ? base.load.burstiness : 1 };
}

/** The window a sweep measures its points in: `window`, else the steady state with the scenario's warm-up. */
export function sweepWindow(base: Scenario, window?: MeasurementWindow): MeasurementWindow {
  return window ?? { kind: 'steady', warmup: base.window?.warmup ?? 0 };
}

/**
 * Runs `base` once per point of `axis` (same seed), each a full simulation.
 * A curve measures each point in its steady state by default (the load filled,
 * not yet draining), as GenAI-Perf does, so a point is not diluted by the
 * closed loop's start; pass `window` to choose another (the scenario's warm-up is kept).
 */
export function sweep(base: Scenario, axis: SweepAxis = { kind: 'users', values: DEFAULT_SWEEP_USERS }, window?: MeasurementWindow): SweepPoint[] {
  const w = sweepWindow(base, window);
  return axis.values.map((value) => {
    const result = simulate({ ...base, load: loadFor(base, axis, value), window: w });
    const d = result.metrics.durationS;
    const batchLimitedShare = d > 0 ? result.limits.batchS / d : 0;
    const memoryLimitedShare = d > 0 ? result.limits.memoryS / d : 0;
    const q = result.metrics.queueMs.p50;
    const queued = q >= QUEUE_HELD_MS && q >= 0.5 * result.metrics.ttftMs.p50;
    const beyondCapacity = axis.kind === 'rate' && (!Number.isFinite(value) || result.metrics.requestsPerSec < CAPACITY_SHARE * value);
    // Beyond capacity with neither limit binding, the steps themselves are what cannot keep up.
    const limitingFactor: LimitingFactor =
      Math.max(batchLimitedShare, memoryLimitedShare) >= LIMIT_SHARE ? (batchLimitedShare >= memoryLimitedShare ? 'batch' : 'memory') : queued || beyondCapacity ? 'compute' : 'none';
    return {
      users: axis.kind === 'users' ? value : null,
      ratePerSec: axis.kind === 'rate' ? value : null,
      metrics: result.metrics,
      peakBatch: result.peakBatch,
      batchLimitedShare,
      memoryLimitedShare,
      limitingFactor,
      beyondCapacity,
      window: { kind: result.window.kind, counted: result.window.counted, fallback: result.window.fallback },
    };
  });
}
