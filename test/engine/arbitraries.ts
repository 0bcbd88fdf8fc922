// Arbitraries the engine's property tests share. Each file draws loads over its
// own ranges (what its runs can afford); the shape of a load is the same for all.
import fc from 'fast-check';
import type { LoadSpec } from '../../src/engine/types';

/** The ranges a load is drawn from: users and think time (closed loop), rate and burstiness (open loop). */
export interface LoadRanges {
  maxUsers: number;
  maxThinkMs: number;
  minRatePerSec: number;
  maxRatePerSec: number;
  minBurstiness: number;
  maxBurstiness: number;
}

/** A closed loop (1..maxUsers users, no think time or up to maxThinkMs) or an open loop (an infinite or finite rate). */
export const loadArb = (r: LoadRanges): fc.Arbitrary<LoadSpec> =>
  fc.oneof(
    fc.record({ kind: fc.constant('closed' as const), users: fc.integer({ min: 1, max: r.maxUsers }), thinkMs: fc.oneof(fc.constant(0), fc.double({ min: 0, max: r.maxThinkMs, noNaN: true })) }),
    fc.record({ kind: fc.constant('open' as const), ratePerSec: fc.oneof(fc.constant(Infinity), fc.double({ min: r.minRatePerSec, max: r.maxRatePerSec, noNaN: true })), burstiness: fc.double({ min: r.minBurstiness, max: r.maxBurstiness, noNaN: true }) }),
  );
