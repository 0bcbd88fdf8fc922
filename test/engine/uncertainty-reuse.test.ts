/**
 * The ranges reuse a run for an edge that only moves the KV capacity when the
 * run's `kvBounds` say no KV decision would change there. These tests run
 * such edges anyway and check that the reuse gives what the run gives, byte
 * for byte, over random scenarios (admission, chunking, budgets, windows,
 * loads, prefix caching, replicas, disaggregation, speculative decoding).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { sameKvDecisionsAt } from '../../src/engine/scheduler/kvBounds';
import { simulate } from '../../src/engine/simulate';
import type { Levers, RunResult, Scenario } from '../../src/engine/types';
import { EdgeRunner, PREDICTION_SPREADS, predictionRanges, predictionSensitivity, type EdgeRun } from '../../src/engine/uncertainty';
import { customWorkload } from '../../src/engine/workloads';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { loadArb as sharedLoadArb } from './arbitraries';

/** Everything a run produced but its scenario (which names the capacity) and its bounds. */
const outcome = (r: RunResult): string =>
  JSON.stringify({ requests: r.requests, metrics: r.metrics, window: r.window, log: r.log, limits: r.limits, representativeId: r.representativeId, peakBatch: r.peakBatch, peakKv: r.peakKvReservedTokens, instances: r.instances });

const withCapacity = (s: Scenario, kvCapacityTokens: number): Scenario => ({ ...s, server: { ...s.server, kvCapacityTokens } });

const loadArb = sharedLoadArb({ maxUsers: 96, maxThinkMs: 2000, minRatePerSec: 0.2, maxRatePerSec: 30, minBurstiness: 0.3, maxBurstiness: 3 });

const leversArb: fc.Arbitrary<Levers | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  fc.record({ prefixCacheShare: fc.double({ min: 0.1, max: 0.8, noNaN: true }) }),
  fc.record({ replicas: fc.integer({ min: 2, max: 3 }) }),
  fc.record({ disaggregated: fc.record({ prefillInstances: fc.integer({ min: 1, max: 2 }), decodeInstances: fc.integer({ min: 1, max: 2 }) }) }),
  fc.record({ speculative: fc.record({ tokens: fc.integer({ min: 1, max: 4 }), acceptance: fc.double({ min: 0.3, max: 0.9, noNaN: true }), draftCost: fc.constant(0.1) }) }),
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  prompt: fc.integer({ min: 1, max: 6000 }),
  output: fc.integer({ min: 1, max: 600 }),
  spread: fc.double({ min: 0, max: 0.8, noNaN: true }),
  load: loadArb,
  requests: fc.integer({ min: 1, max: 80 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  chunked: fc.boolean(),
  kv: fc.integer({ min: 6_000, max: 150_000 }),
  maxBatch: fc.integer({ min: 1, max: 48 }),
  paged: fc.boolean(),
  watermark: fc.constantFrom(undefined, 0, 0.01, 0.1),
  budget: fc.option(fc.integer({ min: 64, max: 8_000 }), { nil: undefined }),
  window: fc.constantFrom('all' as const, 'steady' as const),
  levers: leversArb,
}).map((r) => ({
  workload: customWorkload(r.prompt, r.output, r.spread),
  server: { ...lessonProfile(), kvCapacityTokens: r.kv, maxBatch: r.maxBatch },
  load: r.load,
  slo: { ttftMs: 800, tpotMs: 60, e2eMs: null },
  requests: r.requests,
  seed: r.seed,
  chunkedPrefill: r.chunked,
  networkRttMs: 50,
  scheduler: { admission: r.paged ? ('paged' as const) : ('reserve' as const), tokenBudget: r.budget, ...(r.watermark === undefined ? {} : { watermark: r.watermark }) },
  ...(r.window === 'steady' ? { window: { kind: 'steady' as const, warmup: 0 } } : {}),
  ...(r.levers ? { levers: r.levers } : {}),
}));

/** The KV multipliers the ranges use, and others around and far from them. */
const MULTIPLIERS = [0.2, 0.45, PREDICTION_SPREADS.kvCapacity[0], 0.75, 0.97, 1.03, PREDICTION_SPREADS.kvCapacity[1], 1.6, 4];

describe('a run reused at another KV capacity', () => {
  it('is what running at that capacity gives, byte for byte, wherever its bounds allow it (property)', () => {
    let claimed = 0;
    let refused = 0;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const run = simulate(s);
        const base = s.server.kvCapacityTokens;
        for (const m of MULTIPLIERS) {
          const capacity = Math.max(1, Math.floor(base * m));
          if (!sameKvDecisionsAt(run.kvBounds, capacity)) {
            refused++;
            continue;
          }
          claimed++;
          expect(outcome(simulate(withCapacity(s, capacity)))).toBe(outcome(run));
        }
        expect(sameKvDecisionsAt(run.kvBounds, base)).toBe(true);
      }),
      { numRuns: 150, seed: 17 },
    );
    // Not vacuous: the bounds both allow and refuse reuse over these scenarios.
    expect(claimed).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(150);
  });

  it('is refused below the largest reservation the run held (reserve admission)', () => {
    fc.assert(
      fc.property(scenarioArb, (s0) => {
        const s: Scenario = { ...s0, scheduler: { ...s0.scheduler, admission: 'reserve' }, levers: undefined };
        const run = simulate(s);
        if (run.peakKvReservedTokens < 2) return;
        expect(sameKvDecisionsAt(run.kvBounds, run.peakKvReservedTokens)).toBe(true);
        expect(sameKvDecisionsAt(run.kvBounds, run.peakKvReservedTokens - 1)).toBe(false);
      }),
      { numRuns: 60, seed: 5 },
    );
  });

  it('is refused above a capacity at which a request waited for memory', () => {
    // 48 long reports on 40,000 tokens: admission waits on memory, so more memory changes the run.
    const tight: Scenario = {
      workload: customWorkload(1500, 400, 0.2), server: { ...lessonProfile(), kvCapacityTokens: 40_000, maxBatch: 64 }, load: { kind: 'closed', users: 48, thinkMs: 0 },
      slo: { ttftMs: 800, tpotMs: 60, e2eMs: null }, requests: 80, seed: 7, chunkedPrefill: false, networkRttMs: 50,
    };
    const run = simulate(tight);
    expect(run.limits.memoryS).toBeGreaterThan(0);
    expect(sameKvDecisionsAt(run.kvBounds, 40_000)).toBe(true);
    expect(sameKvDecisionsAt(run.kvBounds, 80_000)).toBe(false);
    expect(outcome(simulate(withCapacity(tight, 80_000)))).not.toBe(outcome(run));
  });
});

function hardware(over: Partial<Settings>): Scenario {
  const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', ...over });
  if (!built.ok) throw new Error(`${built.param}: ${built.message}`);
  return built.scenario;
}

/** Ranges and sensitivity of `s`, reusing runs or (no bounds anywhere) running every edge. */
function uncertainty(s: Scenario, reuse: boolean) {
  const run = simulate(s);
  const runOf = (e: Scenario): EdgeRun => (reuse ? simulate(e) : { metrics: simulate(e).metrics });
  const runner = new EdgeRunner(s, run.metrics, reuse ? run.kvBounds : null, runOf);
  const ranged = predictionRanges(s, run.metrics, PREDICTION_SPREADS, runner);
  const sensitivity = predictionSensitivity(s, run.metrics, PREDICTION_SPREADS, runner);
  return { out: { ranged, sensitivity }, runs: runner.edgeRuns, reused: runner.reusedRuns };
}

describe('a paged run that preempts, at capacities close to its own', () => {
  it('is reused only where running there gives the same run', () => {
    let claimed = 0;
    for (const [chunked, watermark, spec] of [[false, 0, 0], [true, 0.01, 0], [true, 0, 3]] as const) {
      const s: Scenario = {
        workload: customWorkload(1500, 600, 0.4), server: { ...lessonProfile(), kvCapacityTokens: 40_000, maxBatch: 64 }, load: { kind: 'closed', users: 64, thinkMs: 0 },
        slo: { ttftMs: 800, tpotMs: 60, e2eMs: null }, requests: 150, seed: 21, chunkedPrefill: chunked, networkRttMs: 50,
        scheduler: { admission: 'paged', watermark }, ...(spec > 0 ? { levers: { speculative: { tokens: spec, acceptance: 0.7, draftCost: 0.1 } } } : {}),
      };
      const run = simulate(s);
      expect(run.metrics.preemptions).toBeGreaterThan(0);
      for (let capacity = 38_000; capacity <= 42_000; capacity += 16) {
        if (!sameKvDecisionsAt(run.kvBounds, capacity)) continue;
        claimed++;
        expect({ capacity, run: outcome(simulate(withCapacity(s, capacity))) }).toEqual({ capacity, run: outcome(run) });
      }
    }
    expect(claimed).toBeGreaterThan(2);
  });
});

describe('ranges with reuse', () => {
  it('equal the ranges and sensitivity of every edge run (property, hardware servers)', () => {
    let saved = 0;
    fc.assert(
      fc.property(
        fc.record({
          users: fc.constantFrom(1, 4, 32, 128, 256),
          prompt: fc.integer({ min: 64, max: 8000 }),
          output: fc.integer({ min: 2, max: 800 }),
          seed: fc.integer({ min: 0, max: 1000 }),
          engine: fc.constantFrom('none' as const, 'vllm' as const, 'trtllm' as const, 'sglang' as const),
          model: fc.constantFrom('llama-3.1-8b', 'llama-3.1-70b'),
          tp: fc.constantFrom(2, 4),
          window: fc.constantFrom('all' as const, 'steady' as const),
        }),
        (o) => {
          const s = hardware({ ...o, precision: 'fp8', requests: 60, workload: 'custom' });
          const withReuse = uncertainty(s, true);
          const without = uncertainty(s, false);
          expect(withReuse.out).toEqual(without.out);
          expect(withReuse.runs + withReuse.reused).toBeLessThanOrEqual(without.runs);
          saved += without.runs - withReuse.runs;
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    expect(saved).toBeGreaterThan(40);
  });

  it('at one user run neither KV end, nor the front end below none', () => {
    const s = hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 2, prompt: 4000, output: 500, workload: 'custom', engine: 'vllm', users: 1, requests: 200 });
    const { runs, reused } = uncertainty(s, true);
    // Two corners, then of eight ends: both KV ends are the point and front end 0 the point; the step-cost and
    // prefill-cost ends each run (the corners move both, so neither end is a corner).
    expect(reused).toBe(2);
    expect(runs).toBe(7);
  });
});
