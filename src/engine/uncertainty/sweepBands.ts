/**
 * The throughput-versus-load curve's band: each sweep point run again at the
 * two joint corners of what the lab is unsure of, and the knee as a region of
 * load rather than one point.
 */
import { loadFor, sweepWindow, type SweepAxis, type SweepPoint } from '../sweep';
import type { MeasurementWindow, Scenario } from '../types';
import { EdgeRunner, predictionRanges } from './predict';
import type { Span, StatRange } from './fold';
import type { PredictionSpreads } from './spreads';

/** One sweep point's band. */
export interface SweepBand {
  /** Output tokens per second, [lo, hi]. */
  outputTokPerSec: Span;
  /** Completed requests per second, [lo, hi]. */
  requestsPerSec: Span;
  /** TTFT statistics, [lo, hi] each, ms. */
  ttftMs: StatRange;
  /** TPOT statistics, [lo, hi] each, ms. */
  tpotMs: StatRange;
}

/**
 * The band of every point of `points` (the result of `sweep(base, axis, window)`),
 * each point's scenario run at the two corners with the sweep's window. 2 runs per point.
 */
export function sweepBands(base: Scenario, axis: SweepAxis, points: readonly SweepPoint[], spreads: PredictionSpreads, window?: MeasurementWindow): SweepBand[] {
  const w = sweepWindow(base, window);
  return points.map((p, i) => {
    const s: Scenario = { ...base, load: loadFor(base, axis, axis.values[i]), window: w };
    const { ranges } = predictionRanges(s, p.metrics, spreads, new EdgeRunner(s, p.metrics));
    return { outputTokPerSec: ranges.outputTokPerSec, requestsPerSec: ranges.requestsPerSec, ttftMs: ranges.ttftMs, tpotMs: ranges.tpotMs };
  });
}

/** Multiple of the light-load TTFT at which TTFT has taken off (the calibration report's 3× knee). */
export const KNEE_TTFT_MULTIPLE = 3;

/**
 * Where TTFT takes off, as a region of load. The light-load TTFT is the
 * point's median TTFT at the sweep's first (lowest) load; TTFT has taken off
 * where it is `KNEE_TTFT_MULTIPLE` times that. The region runs from the last
 * load whose whole range is below the takeoff to the first load whose whole
 * range is above it: the knee lies between, and the points inside are those
 * where the range's two ends fall on different sides.
 */
export interface KneeRegion {
  /** Index of the last point surely before the takeoff (its hi median TTFT below the line), or null when even the first may have taken off. */
  fromIndex: number | null;
  /** Index of the first point surely past it (its lo median TTFT at or above the line), or null when none in the sweep is. */
  toIndex: number | null;
  /** The line, ms: KNEE_TTFT_MULTIPLE × the light-load median TTFT. */
  takeoffTtftMs: number;
}

/** The knee region of a sweep and its bands (in load order), or null when TTFT never may reach the takeoff line. */
export function kneeRegion(points: readonly SweepPoint[], bands: readonly SweepBand[]): KneeRegion | null {
  if (points.length === 0 || bands.length !== points.length) return null;
  const takeoffTtftMs = KNEE_TTFT_MULTIPLE * points[0].metrics.ttftMs.p50;
  const firstMaybe = bands.findIndex((b) => b.ttftMs.p50[1] >= takeoffTtftMs);
  if (firstMaybe < 0) return null;
  const firstSure = bands.findIndex((b, i) => i >= firstMaybe && b.ttftMs.p50[0] >= takeoffTtftMs);
  return { fromIndex: firstMaybe > 0 ? firstMaybe - 1 : null, toIndex: firstSure < 0 ? null : firstSure, takeoffTtftMs };
}
