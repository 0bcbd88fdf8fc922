import { simulate } from './simulate';
import type { LoadSpec, MeasurementWindow, RunMetrics, Scenario } from './types';

/** Default concurrency points of a sweep: 1 to 256 users, doubling (9 points). */
export const DEFAULT_SWEEP_USERS: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/** Which limit held the queue back most at one point of the curve. */
export type LimitingFactor = 'none' | 'batch' | 'memory';

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
  /** The limit that held requests back for at least 5% of the run, if any. */
  limitingFactor: LimitingFactor;
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
    const limitingFactor: LimitingFactor =
      Math.max(batchLimitedShare, memoryLimitedShare) < 0.05 ? 'none' : batchLimitedShare >= memoryLimitedShare ? 'batch' : 'memory';
    return {
      users: axis.kind === 'users' ? value : null,
      ratePerSec: axis.kind === 'rate' ? value : null,
      metrics: result.metrics,
      peakBatch: result.peakBatch,
      batchLimitedShare,
      memoryLimitedShare,
      limitingFactor,
      window: { kind: result.window.kind, counted: result.window.counted, fallback: result.window.fallback },
    };
  });
}
