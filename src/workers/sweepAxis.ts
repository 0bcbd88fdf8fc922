import { DEFAULT_SWEEP_USERS, type SweepAxis } from '../engine/sweep';
import type { LoadSpec, RunMetrics } from '../engine/types';

/** Rate multipliers around the current rate: 1/16× to 16×, doubling (9 points). */
const RATE_FACTORS = [1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4, 8, 16];
/** With every request sent at t = 0 the run measures capacity; sweep from far below it to past it. */
const CAPACITY_FACTORS = [1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4];

const tidy = (x: number): number => Number(x.toPrecision(3));

/**
 * The load axis of the throughput curve. Closed loop: users 1 to 256 (9 points).
 * Open loop: 9 rates around the current rate, or around the measured capacity
 * when the rate is infinite (all requests at once).
 */
export function sweepAxisFor(load: LoadSpec, metrics: RunMetrics): SweepAxis {
  if (load.kind !== 'open') return { kind: 'users', values: DEFAULT_SWEEP_USERS };
  const centre = Number.isFinite(load.ratePerSec) ? load.ratePerSec : metrics.requestsPerSec > 0 ? metrics.requestsPerSec : 1;
  const factors = Number.isFinite(load.ratePerSec) ? RATE_FACTORS : CAPACITY_FACTORS;
  const values = factors.map((f) => Math.max(0.001, tidy(centre * f)));
  return { kind: 'rate', values: [...new Set(values)] };
}
