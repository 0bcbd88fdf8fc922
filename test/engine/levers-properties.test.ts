/** Properties of the levers over random scenarios (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSplit } from '../../src/engine/decodeSplit';
import { specDecoding, specIterationSeconds } from '../../src/engine/levers/speculative';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import type { IterationWork, Levers, Scenario } from '../../src/engine/types';
import { customWorkload } from '../../src/engine/workloads';
import { loadArb as sharedLoadArb } from './arbitraries';

const loadArb = sharedLoadArb({ maxUsers: 120, maxThinkMs: 3000, minRatePerSec: 0.1, maxRatePerSec: 30, minBurstiness: 0.2, maxBurstiness: 3 });

const leversArb: fc.Arbitrary<Levers> = fc.record({
  prefixCacheShare: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  speculative: fc.option(fc.record({ tokens: fc.integer({ min: 0, max: 8 }), acceptance: fc.double({ min: 0, max: 1, noNaN: true }), draftCost: fc.double({ min: 0, max: 0.5, noNaN: true }) }), { nil: undefined }),
  layout: fc.oneof(
    fc.constant({}),
    fc.record({ replicas: fc.integer({ min: 1, max: 4 }) }),
    fc.record({ disaggregated: fc.record({ prefillInstances: fc.integer({ min: 1, max: 3 }), decodeInstances: fc.integer({ min: 1, max: 3 }) }) }),
  ),
}).map(({ layout, ...rest }) => ({ ...rest, ...layout }));

/** Lesson-server scenarios with levers, a small KV cache sometimes, paged or reserve. */
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  prompt: fc.integer({ min: 1, max: 6000 }),
  output: fc.integer({ min: 1, max: 600 }),
  spread: fc.double({ min: 0, max: 0.9, noNaN: true }),
  load: loadArb,
  requests: fc.integer({ min: 1, max: 120 }),
  seed: fc.integer({ min: 0, max: 0xffffffff }),
  chunked: fc.boolean(),
  kv: fc.oneof(fc.constant(120_000), fc.integer({ min: 3_000, max: 40_000 })),
  maxBatch: fc.integer({ min: 1, max: 64 }),
  paged: fc.boolean(),
  mixed: fc.boolean(),
  levers: leversArb,
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
  scheduler: r.paged || !r.mixed ? { admission: r.paged ? ('paged' as const) : ('reserve' as const), mixedBatches: r.mixed } : undefined,
  levers: r.levers,
}));

const json = (s: Scenario): string => {
  const r = simulate(s);
  return JSON.stringify({ requests: r.requests, metrics: r.metrics, window: r.window, log: r.log, limits: r.limits, peakBatch: r.peakBatch, instances: r.instances });
};

describe('levers over random scenarios', () => {
  it('every request gets exactly the tokens it asked for, in time order, whatever the levers', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const result = simulate(s);
      for (const q of result.requests) {
        if (!q.completed) continue;
        const times = tokenTimesS(result, q.id);
        if (times.length !== q.outputTokens) return false;
        for (let i = 1; i < times.length; i++) if (times[i] < times[i - 1] - 1e-9) return false;
        // The last token the log gives back is the one the engine recorded.
        if (Math.abs(times[times.length - 1] - (q.lastTokenServerS + q.networkOutS)) > 1e-6) return false;
      }
      return true;
    }), { numRuns: 200 });
  });

  it('no request is lost, goodput ≤ throughput, E2E = TTFT + TPOT × (N − 1), and nothing is NaN', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const r = simulate(s);
      const m = r.metrics;
      if (r.requests.length !== s.requests) return false;
      if (!(m.goodputReqPerSec <= m.requestsPerSec + 1e-12)) return false;
      for (const q of r.requests) {
        if (!q.completed) continue;
        if (![q.ttftMs, q.tpotMs, q.e2eMs, q.queueMs].every(Number.isFinite)) return false;
        if (q.outputTokens > 1 && Math.abs(q.ttftMs + q.tpotMs * (q.outputTokens - 1) - q.e2eMs) > 1e-6 * Math.max(1, q.e2eMs)) return false;
      }
      if (r.instances && r.instances.reduce((n, i) => n + (i.role === 'decode' ? 0 : i.routed), 0) !== s.requests) return false;
      return [m.ttftMs.mean, m.tpotMs.mean, m.itlMs.mean, m.outputTokPerSec].every(Number.isFinite);
    }), { numRuns: 200 });
  });

  it('the decode split of every request adds up to E2E − TTFT, no part negative', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const r = simulate(s);
      for (const q of r.requests) {
        if (!q.completed) continue;
        const d = decodeSplit(r, q.id)!;
        const parts = [d.paceMs, d.prefillInterferenceMs, d.preemptionStallMs, d.handoffMs];
        if (parts.some((x) => !(x >= -1e-9))) return false;
        if (Math.abs(parts.reduce((a, b) => a + b, 0) - (q.e2eMs - q.ttftMs)) > 1e-6 * Math.max(1, q.e2eMs)) return false;
      }
      return true;
    }), { numRuns: 120 });
  });

  it('every lever set to its off value gives the same run as no levers at all', () => {
    const off: Levers = { prefixCacheShare: 0, speculative: { tokens: 0, acceptance: 0.7, draftCost: 0.13 }, replicas: 1 };
    fc.assert(fc.property(scenarioArb, (s) => json({ ...s, levers: undefined }) === json({ ...s, levers: off })), { numRuns: 80 });
  });

  it('a prefix share of 0 caches nothing: no request records a cached token', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const r = simulate({ ...s, levers: { ...s.levers, prefixCacheShare: 0 } });
      return r.requests.every((q) => q.cachedTokens === undefined && q.prefillSavedS === undefined);
    }), { numRuns: 60 });
  });
});

describe('acceptance 0 never speeds decode', () => {
  const workArb: fc.Arbitrary<IterationWork> = fc.record({
    prefillTokens: fc.integer({ min: 0, max: 8000 }),
    decodeSeqs: fc.integer({ min: 1, max: 512 }),
    ctx: fc.integer({ min: 1, max: 20_000 }),
  }).map((r) => ({
    prefillTokens: r.prefillTokens, prefillAttentionPairs: (r.prefillTokens * (r.prefillTokens + 1)) / 2, prefillContextTokens: 0,
    prefillSeqs: r.prefillTokens > 0 ? 1 : 0, decodeSeqs: r.decodeSeqs, decodeKvTokens: r.decodeSeqs * r.ctx,
  }));
  const hw = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
  if (!hw.ok) throw new Error(hw.reason);

  it('a speculative iteration never costs less than a plain one, on either kind of profile', () => {
    fc.assert(fc.property(workArb, fc.integer({ min: 1, max: 16 }), fc.double({ min: 0, max: 2, noNaN: true }), (w, k, c) => {
      const spec = specDecoding({ tokens: k, acceptance: 0, draftCost: c })!;
      return [lessonProfile(), hw.profile].every((p) => specIterationSeconds(p, w, spec) >= p.iterationSeconds(w));
    }), { numRuns: 300 });
  });

  it('with A = 0 one user\'s every request streams no faster than without the lever', () => {
    fc.assert(fc.property(scenarioArb, fc.integer({ min: 1, max: 8 }), fc.double({ min: 0, max: 0.5, noNaN: true }), (s0, k, c) => {
      const s = { ...s0, load: { kind: 'closed' as const, users: 1, thinkMs: 0 }, levers: undefined };
      const plain = simulate(s);
      const spec = simulate({ ...s, levers: { speculative: { tokens: k, acceptance: 0, draftCost: c } } });
      return plain.requests.every((q, i) => !q.completed || spec.requests[i].tpotMs >= q.tpotMs - 1e-9);
    }), { numRuns: 100 });
  });

  it('with A = 0 the median TPOT never drops, at any load', () => {
    fc.assert(fc.property(scenarioArb, fc.integer({ min: 1, max: 8 }), (s0, k) => {
      const s = { ...s0, levers: undefined };
      const plain = simulate(s).metrics.tpotMs.p50;
      const spec = simulate({ ...s, levers: { speculative: { tokens: k, acceptance: 0, draftCost: 0.13 } } }).metrics.tpotMs.p50;
      return spec >= plain - 1e-9;
    }), { numRuns: 100 });
  });
});

describe('replicas', () => {
  it('never lower saturated throughput', () => {
    fc.assert(fc.property(scenarioArb, fc.integer({ min: 2, max: 4 }), (s0, n) => {
      const s = { ...s0, load: { kind: 'open' as const, ratePerSec: Infinity, burstiness: 1 }, levers: undefined, requests: Math.max(s0.requests, 40) };
      const one = simulate(s).metrics.outputTokPerSec;
      const many = simulate({ ...s, levers: { replicas: n } }).metrics.outputTokPerSec;
      expect(many).toBeGreaterThanOrEqual(one * 0.999);
    }), { numRuns: 60 });
  });
});
