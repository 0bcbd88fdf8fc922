/**
 * The prefill-cost multiplier that would have explained one held-out TTFT:
 * the evidence behind the `prefillCost` spread. The multiplier is the one
 * the ranges apply (`uncertainty/edges.ts`, the prefill part of each step's
 * cost only), found on the simulation itself rather than on a stand-in, so
 * the spread is read in the same unit the edge uses.
 */
import { simulate } from '../simulate';
import type { Scenario } from '../types';
import { AS_GIVEN, edgeScenario } from '../uncertainty/edges';
import type { CalibrationFactors } from './factors';
import { loadScenario, loadServer } from './load';
import type { CaseResult } from './report';

/** Prefill multipliers searched; a row needing more is clamped to the end. */
export const PREFILL_RANGE: readonly [number, number] = [0.25, 4];
/** The search stops when the simulated TTFT is within this share of the measured one (log-ratio). */
const TTFT_TOLERANCE = 0.005;

/** The multiplier found, and whether it sits at an end of `PREFILL_RANGE`. */
export interface PrefillMultiplier {
  k: number;
  clamped: boolean;
}

/** Mean TTFT of `s` with the prefill part of every step's cost scaled by `k`, ms (NaN when nothing completed). */
export function prefillEdgeTtftMs(s: Scenario, k: number): number {
  const m = simulate(edgeScenario(s, { ...AS_GIVEN, prefillCost: k })).metrics;
  return m.completed > 0 ? m.ttftMs.mean : NaN;
}

/**
 * The prefill multiplier at which `s` gives `measuredTtftMs`, by regula falsi
 * (Illinois) on the log of both, clamped to `PREFILL_RANGE`; null when the
 * TTFT cannot be simulated at an end. `ttftAt` defaults to the simulation;
 * a test passes its own curve.
 */
export function prefillMultiplierFor(
  s: Scenario,
  measuredTtftMs: number,
  ttftAt: (s: Scenario, k: number) => number = prefillEdgeTtftMs,
): PrefillMultiplier | null {
  if (!(measuredTtftMs > 0)) return null;
  const g = (lk: number): number => Math.log(ttftAt(s, Math.exp(lk)) / measuredTtftMs);
  let lo = Math.log(PREFILL_RANGE[0]);
  let hi = Math.log(PREFILL_RANGE[1]);
  let glo = g(lo);
  let ghi = g(hi);
  if (!Number.isFinite(glo) || !Number.isFinite(ghi)) return null;
  if (glo >= 0) return { k: PREFILL_RANGE[0], clamped: true };
  if (ghi <= 0) return { k: PREFILL_RANGE[1], clamped: true };
  // The simulated TTFT is monotone in k only on the whole: a closed loop's
  // waves can step, so the bracket is kept rather than trusting a slope.
  let side = 0;
  for (let i = 0; i < 40 && hi - lo > 1e-4; i++) {
    const mid = (lo * ghi - hi * glo) / (ghi - glo);
    const gm = g(mid);
    if (!Number.isFinite(gm)) return null;
    if (Math.abs(gm) < TTFT_TOLERANCE) return { k: Math.exp(mid), clamped: false };
    if (gm > 0) {
      hi = mid;
      ghi = gm;
      if (side === -1) glo /= 2;
      side = -1;
    } else {
      lo = mid;
      glo = gm;
      if (side === 1) ghi /= 2;
      side = 1;
    }
  }
  return { k: Math.exp((lo + hi) / 2), clamped: false };
}

// The multipliers do not depend on the percentile, and each costs a handful of simulations.
const memo = new WeakMap<CaseResult, { factors: CalibrationFactors; value: PrefillMultiplier | null }>();

/**
 * The prefill multiplier behind one held-out TTFT result:
 * - batch-1 TTFT: one prompt prefilled alone, nothing decoding beside it, so
 *   its TTFT is the prefill part alone and the multiplier is measured ÷ lab;
 * - TTFT under load: the multiplier at which the row, simulated on its
 *   fold's server, gives the measured TTFT.
 * Null for other kinds, for a row without a prediction, and for a row
 * whose server cannot be built.
 */
export function prefillMultiplierOf(r: CaseResult, factors: CalibrationFactors): PrefillMultiplier | null {
  if (r.predicted === null || !(r.predicted > 0)) return null;
  const c = r.case;
  if (c.kind === 'ttft-batch1') {
    const k = c.measured / r.predicted;
    const clampedK = Math.min(Math.max(k, PREFILL_RANGE[0]), PREFILL_RANGE[1]);
    return { k: clampedK, clamped: clampedK !== k };
  }
  if (c.kind !== 'load-ttft') return null;
  const hit = memo.get(r);
  if (hit && hit.factors === factors) return hit.value;
  const server = loadServer(c, factors);
  const value = typeof server === 'string' ? null : prefillMultiplierFor(loadScenario(c, server), c.measured);
  memo.set(r, { factors, value });
  return value;
}
