import fc from 'fast-check';
import { describe, it } from 'vitest';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import type { Scenario } from '../../src/engine/types';
import { customWorkload } from '../../src/engine/workloads';
import { loadArb as sharedLoadArb } from './arbitraries';

const loadArb = sharedLoadArb({ maxUsers: 200, maxThinkMs: 3000, minRatePerSec: 0.1, maxRatePerSec: 40, minBurstiness: 0.2, maxBurstiness: 3 });

/** Scenarios on a lesson server with a small KV cache, so paged admission preempts often. */
const pagedArb: fc.Arbitrary<Scenario> = fc.record({
  prompt: fc.integer({ min: 1, max: 3000 }),
  output: fc.integer({ min: 1, max: 800 }),
  spread: fc.double({ min: 0, max: 0.9, noNaN: true }),
  load: loadArb,
  requests: fc.integer({ min: 1, max: 150 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  chunked: fc.boolean(),
  kv: fc.integer({ min: 2_000, max: 40_000 }),
  maxBatch: fc.integer({ min: 1, max: 64 }),
  budget: fc.option(fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: 20_000 })), { nil: undefined }),
  watermark: fc.constantFrom(0, 0.01, 0.1),
  blockTokens: fc.constantFrom(1, 16),
  window: fc.constantFrom('all' as const, 'steady' as const),
  mixed: fc.boolean(),
  ttft: fc.option(fc.double({ min: 0, max: 5000, noNaN: true })),
  tpot: fc.option(fc.double({ min: 0, max: 200, noNaN: true })),
}).map((r) => ({
  workload: customWorkload(r.prompt, r.output, r.spread),
  server: { ...lessonProfile(), kvCapacityTokens: r.kv, maxBatch: r.maxBatch },
  load: r.load,
  slo: { ttftMs: r.ttft, tpotMs: r.tpot, e2eMs: null },
  requests: r.requests,
  seed: r.seed,
  chunkedPrefill: r.chunked,
  networkRttMs: 50,
  scheduler: { admission: 'paged' as const, tokenBudget: r.budget, watermark: r.watermark, blockTokens: r.blockTokens, mixedBatches: r.mixed },
  window: { kind: r.window, warmup: 0 },
}));

describe('paged admission and the token budget, over random scenarios', () => {
  it('no request is lost: each completes, or is rejected only because it could never fit alone', () => {
    fc.assert(fc.property(pagedArb, (s) => {
      const r = simulate(s);
      const blocks = (t: number) => Math.ceil(t / (s.scheduler?.blockTokens ?? 16));
      return r.requests.length === s.requests && r.requests.every((q) => q.completed || blocks(q.promptTokens + q.outputTokens) > Math.floor(s.server.kvCapacityTokens / (s.scheduler?.blockTokens ?? 16)));
    }), { numRuns: 150 });
  });

  it('with preemption every request still gets exactly the tokens it asked for, in time order', () => {
    fc.assert(fc.property(pagedArb, (s) => {
      const result = simulate(s);
      for (const q of result.requests) {
        if (!q.completed) continue;
        const times = tokenTimesS(result, q.id);
        if (times.length !== q.outputTokens) return false;
        for (let i = 1; i < times.length; i++) if (times[i] < times[i - 1] - 1e-9) return false;
        if (Math.abs(times[times.length - 1] - (q.lastTokenServerS + q.networkOutS)) > 1e-6) return false;
        if (Math.abs(times[0] - q.sendS - q.ttftMs / 1000) > 1e-6) return false;
        if ((q.pausesS?.length ?? 0) > 2 * q.preemptions) return false;
      }
      return true;
    }), { numRuns: 150 });
  });

  it('E2E = TTFT + TPOT × (N − 1) for every request, preempted or not', () => {
    fc.assert(fc.property(pagedArb, (s) => simulate(s).requests.every((q) => !q.completed || Math.abs(q.ttftMs + q.tpotMs * (q.outputTokens - 1) - q.e2eMs) <= 1e-6 * Math.max(1, q.e2eMs))), { numRuns: 150 });
  });

  it('goodput ≤ throughput and the window counts no more than the run, in every window', () => {
    fc.assert(fc.property(pagedArb, (s) => {
      const r = simulate(s);
      const m = r.metrics;
      return m.goodputReqPerSec <= m.requestsPerSec + 1e-12 && r.window.counted <= s.requests && m.completed <= r.window.counted && (m.preemptions ?? 0) >= 0;
    }), { numRuns: 150 });
  });

  it('preemptions cost events, not tokens: a few log entries per request and preemption, plus one per budget-full of prefill', () => {
    fc.assert(fc.property(pagedArb, (s) => {
      const r = simulate(s);
      const preemptions = r.requests.reduce((n, q) => n + q.preemptions, 0);
      // Each prefill iteration carries at least (budget − decodes) prompt tokens; a tiny budget takes many.
      const budget = Math.max(s.scheduler?.tokenBudget ?? (s.chunkedPrefill ? s.server.chunkBudgetTokens : Infinity), s.server.maxBatch + 1);
      const prefillTokens = r.requests.reduce((n, q) => n + q.promptTokens + q.recomputedTokens, 0);
      const prefillIterations = Number.isFinite(budget) ? prefillTokens / Math.max(1, budget - s.server.maxBatch) : 0;
      return r.log.endS.length <= 6 * (s.requests + preemptions) + prefillIterations + 8;
    }), { numRuns: 150 });
  });
});

describe('scheduler trends', () => {
  it('a bigger batch limit never lowers saturated throughput', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 128 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom('chat', 'autocomplete', 'report'), fc.constantFrom('reserve' as const, 'paged' as const), fc.boolean(), fc.integer({ min: 0, max: 1000 }), (b1, doublings, kind, admission, chunked, seed) => {
      const b2 = b1 * 2 ** doublings;
      const lengths = { chat: [1000, 250], autocomplete: [400, 12], report: [800, 300] }[kind];
      const run = (maxBatch: number) => simulate({
        workload: customWorkload(lengths[0], lengths[1], 0.2), server: { ...lessonProfile(), maxBatch, kvCapacityTokens: 1_000_000 },
        load: { kind: 'open', ratePerSec: Infinity, burstiness: 1 }, slo: { ttftMs: null, tpotMs: null, e2eMs: null },
        requests: 400, seed, chunkedPrefill: chunked, networkRttMs: 50, scheduler: { admission },
      }).metrics.outputTokPerSec;
      return run(b2) >= run(b1) * 0.999;
    }), { numRuns: 40 });
  });

  it('paged never queues longer than reserve on the same run (same block granularity, no watermark)', () => {
    // Queue = arrival to the start of the first prefill, over every request. Paged admits as soon as
    // the prompt fits, reserve only once prompt + output fit, so without preemption paged is never later.
    // With preemption it can be later: a victim goes back to the front of the line and its recompute
    // takes iterations the requests behind it would have had (fast-check finds such runs, a few in a
    // hundred), so the claim is made for the runs that did not preempt.
    fc.assert(fc.property(pagedArb, (s) => {
      const exact: Scenario = { ...s, scheduler: { ...s.scheduler, watermark: 0, blockTokens: 1 }, window: { kind: 'all', warmup: 0 } };
      const paged = simulate(exact);
      const reserve = simulate({ ...exact, scheduler: { ...exact.scheduler, admission: 'reserve' } });
      const p = paged.metrics.queueMs;
      const r = reserve.metrics.queueMs;
      if (p.count === 0 || r.count === 0) return true;
      fc.pre((paged.metrics.preemptions ?? 0) === 0);
      // Within 1%: a request admitted earlier can make the iteration others wait behind a little longer
      // (fast-check found a run 0.01% worse); in 2,000 sampled runs none was worse than that.
      return p.mean <= r.mean * 1.01 + 1e-6;
    }), { numRuns: 200 });
  });
});
