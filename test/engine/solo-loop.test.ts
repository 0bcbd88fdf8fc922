/**
 * The one-instance loop (src/engine/cluster/soloLoop.ts) is a second driver
 * of the scheduler, kept for a cold page's first run. It must make every
 * decision the general cluster driver makes: these tests run each scenario
 * both ways and ask for the very same result, field by field (numbers by
 * Object.is), over the configurations the loop takes on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import { FITTED_FACTORS } from '../../src/engine/profiles/fitted';
import { simulate } from '../../src/engine/simulate';
import { soloLoopTakes } from '../../src/engine/cluster/soloDriver';
import type { Scenario, ServerProfile } from '../../src/engine/types';
import { customWorkload, workloadById } from '../../src/engine/workloads';
import { loadArb } from './arbitraries';


function h100(): ServerProfile {
  const r = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 }, FITTED_FACTORS);
  if (!r.ok) throw new Error(r.reason);
  return r.profile;
}

/** Runs `s` on both drivers: the one-instance loop takes it, and gives the general driver's result. */
function expectSameBothWays(s: Scenario): void {
  expect(soloLoopTakes(s)).toBe(true);
  const fast = simulate(s, { driver: 'solo' });
  const general = simulate(s, { driver: 'cluster' });
  expect(fast).toStrictEqual(general);
}

const lengthsFor = (n: number, seed: number, max: number): number[] => Array.from({ length: n }, (_, i) => 1 + ((seed + i * 7919) % max));

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    prompt: fc.integer({ min: 1, max: 6_000 }),
    output: fc.integer({ min: 1, max: 600 }),
    spread: fc.double({ min: 0, max: 0.9, noNaN: true }),
    load: fc.oneof(
      loadArb({ maxUsers: 80, maxThinkMs: 2000, minRatePerSec: 0.2, maxRatePerSec: 60, minBurstiness: 0.2, maxBurstiness: 3 }),
      fc.record({ count: fc.integer({ min: 1, max: 60 }), gapS: fc.double({ min: 0, max: 0.5, noNaN: true }), lengths: fc.boolean() }),
    ),
    requests: fc.integer({ min: 1, max: 120 }),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    chunked: fc.boolean(),
    // Small caches reject long requests and hold the queue back on memory.
    kv: fc.integer({ min: 500, max: 100_000 }),
    maxBatch: fc.integer({ min: 1, max: 48 }),
    budget: fc.option(fc.integer({ min: 16, max: 6_000 }), { nil: undefined }),
    window: fc.constantFrom('all', 'steady', 'warmup'),
    frontendMs: fc.option(fc.double({ min: 0, max: 40, noNaN: true }), { nil: undefined }),
    jitter: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    rttMs: fc.constantFrom(0, 1, 50, 200),
    hardware: fc.boolean(),
  })
  .map((r): Scenario => {
    const load: Scenario['load'] =
      'kind' in r.load
        ? r.load
        : {
            kind: 'trace' as const,
            sendTimesS: Array.from({ length: r.load.count }, (_, i) => i * (r.load as { gapS: number }).gapS),
            ...(r.load.lengths ? { promptTokens: lengthsFor(r.load.count, r.seed, r.prompt), outputTokens: lengthsFor(r.load.count, r.seed + 1, r.output) } : {}),
          };
    const base = r.hardware ? h100() : lessonProfile();
    const requests = load.kind === 'trace' ? load.sendTimesS.length : r.requests;
    return {
      workload: customWorkload(r.prompt, r.output, r.spread),
      server: { ...base, kvCapacityTokens: r.hardware ? Math.max(r.kv, base.kvCapacityTokens / 50) : r.kv, maxBatch: r.maxBatch },
      load,
      slo: { ttftMs: 800, tpotMs: 60, e2eMs: 20_000 },
      requests,
      seed: r.seed,
      chunkedPrefill: r.chunked,
      networkRttMs: r.rttMs,
      ...(r.jitter !== undefined ? { networkJitter: r.jitter } : {}),
      ...(r.frontendMs !== undefined ? { frontendMs: r.frontendMs } : {}),
      ...(r.budget !== undefined ? { scheduler: { admission: 'reserve' as const, tokenBudget: r.budget } } : {}),
      ...(r.window === 'steady' ? { window: { kind: 'steady' as const, warmup: 0 } } : r.window === 'warmup' && requests > 3 ? { window: { kind: 'all' as const, warmup: 3 } } : {}),
    };
  });

describe('the one-instance loop', () => {
  it('gives the general driver’s result on the lesson’s own runs', () => {
    for (const id of ['chat', 'summarize', 'report', 'autocomplete']) {
      for (const users of [1, 16, 64]) {
        expectSameBothWays({ workload: workloadById(id)!, server: lessonProfile(), load: { kind: 'closed', users, thinkMs: 0 }, slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests: 300, seed: 42, chunkedPrefill: users === 64, networkRttMs: 50 });
      }
    }
  });

  it('gives the general driver’s result over random reserve runs (loads, traces, caches, budgets, windows, a front end)', () => {
    fc.assert(fc.property(scenarioArb, (s) => expectSameBothWays(s)), { numRuns: 250, seed: 20261203 });
  });

  it('cuts a run of decode steps short where the general driver does (a rejected request sent again)', () => {
    // Some footprints exceed the cache: rejected at admission while the others decode, and sent
    // again by their users, they arrive in the middle of a run that nobody knew of when it started.
    for (const seed of [1, 2, 3, 4, 5]) {
      expectSameBothWays({ workload: customWorkload(300, 200, 0.9), server: { ...lessonProfile(), kvCapacityTokens: 600 }, load: { kind: 'closed', users: 3, thinkMs: 0 }, slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests: 200, seed, chunkedPrefill: seed % 2 === 0, networkRttMs: 50 });
    }
  });

  it('breaks ties as the general driver does (an arrival at the very end of an iteration)', () => {
    // Times in 64ths of a second are exact in floating point, so arrivals land on step ends.
    const dyadic: ServerProfile = {
      ...lessonProfile(),
      id: 'dyadic',
      iterationSeconds: (w) => w.prefillTokens / 1024 + (w.decodeSeqs > 0 ? 1 / 64 : 0),
    };
    const arb = fc.record({
      ticks: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 40 }),
      prompt: fc.integer({ min: 1, max: 256 }),
      spread: fc.constantFrom(0, 0.5),
      output: fc.integer({ min: 1, max: 40 }),
      maxBatch: fc.integer({ min: 1, max: 8 }),
      // Small enough that some requests can never fit (rejected, and sent again by their user).
      kv: fc.integer({ min: 40, max: 2_000 }),
      chunked: fc.boolean(),
      frontendTicks: fc.integer({ min: 0, max: 2 }),
      closedUsers: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      rttTicks: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(arb, (r) => {
        const sendTimesS = r.ticks.slice().sort((a, b) => a - b).map((t) => t / 64);
        expectSameBothWays({
          workload: customWorkload(r.prompt, r.output, r.spread),
          server: { ...dyadic, maxBatch: r.maxBatch, kvCapacityTokens: r.kv },
          load: r.closedUsers ? { kind: 'closed', users: r.closedUsers, thinkMs: 0 } : { kind: 'trace', sendTimesS },
          slo: { ttftMs: 500, tpotMs: 50, e2eMs: null },
          requests: sendTimesS.length,
          seed: 7,
          chunkedPrefill: r.chunked,
          // A one-way trip of rttTicks 64ths of a second.
          networkRttMs: r.rttTicks * 31.25,
          networkJitter: 0,
          frontendMs: (r.frontendTicks * 1000) / 128,
        });
      }),
      { numRuns: 300, seed: 20261204 },
    );
  });

  it('leaves paged admission, unmixed batches and levers to the general driver', () => {
    const base: Scenario = { workload: workloadById('chat')!, server: lessonProfile(), load: { kind: 'closed', users: 8, thinkMs: 0 }, slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests: 40, seed: 1, chunkedPrefill: false, networkRttMs: 50 };
    expect(soloLoopTakes(base)).toBe(true);
    for (const s of [
      { ...base, scheduler: { admission: 'paged' as const } },
      { ...base, scheduler: { mixedBatches: false } },
      { ...base, levers: { replicas: 2 } },
      { ...base, levers: { prefixCacheShare: 0.5 } },
    ]) {
      expect(soloLoopTakes(s)).toBe(false);
      expect(() => simulate(s, { driver: 'solo' })).toThrow(/does not take/);
      expect(simulate(s)).toStrictEqual(simulate(s, { driver: 'cluster' }));
    }
  });
});
