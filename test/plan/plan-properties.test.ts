import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judge, sustainedRate, type Counter } from '../../src/plan/evaluate';
import { plan, planShapes } from '../../src/plan/search';
import type { PlanConfig, PlanRequest } from '../../src/plan/types';

// The planner properties, over drawn cases (seeded in test/setup.ts): more replicas never sustain less,
// and pruning never drops the cheapest feasible deployment (against an exhaustive search of replica counts).

const BASE: PlanRequest = {
  models: ['llama-3.1-8b'], promptTokens: 1000, outputTokens: 200, spread: 0.2, ratePerSec: 8, ttftSloMs: 600, tpotSloMs: 60, inTimeShare: 0.95,
  gpus: ['l40s', 'a100-80gb-sxm'], precisions: ['bf16'], engines: ['vllm'], maxGpus: 4, pricePerGpuHour: {}, requests: 120, seed: 7,
};

describe('planner properties', { timeout: 120_000 }, () => {
  it('a deployment with more replicas never sustains less', () => {
    fc.assert(
      fc.property(fc.constantFrom('l40s', 'a100-80gb-sxm'), fc.constantFrom(1, 2), fc.double({ min: 2, max: 40, noNaN: true }), (gpu, tp, ratePerSec) => {
        const req = { ...BASE, ratePerSec };
        const shape: PlanConfig = { model: 'llama-3.1-8b', gpu, precision: 'bf16', tp, replicas: 1, engine: 'vllm' };
        const counter: Counter = { evaluated: 0 };
        const rates = [1, 2, 3].map((r) => sustainedRate(req, { ...shape, replicas: r }, ratePerSec, counter));
        expect(rates[1]).toBeGreaterThanOrEqual(rates[0]);
        expect(rates[2]).toBeGreaterThanOrEqual(rates[1]);
      }),
      { numRuns: 4 },
    );
  });

  it('pruning never drops the cheapest feasible deployment', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 60, noNaN: true }), fc.constantFrom(300, 600, 1200), fc.constantFrom(30, 60), (ratePerSec, ttftSloMs, tpotSloMs) => {
        const req = { ...BASE, ratePerSec, ttftSloMs, tpotSloMs };
        const counter: Counter = { evaluated: 0 };
        let cheapest = Infinity;
        for (const shape of planShapes(req)) {
          for (let r = 1; r * shape.tp <= req.maxGpus; r++) {
            if (judge(req, { ...shape, replicas: r }, req.ratePerSec, counter).meets) {
              cheapest = Math.min(cheapest, r * shape.tp);
              break;
            }
          }
        }
        expect(plan(req).configs[0]?.gpus ?? Infinity).toBe(cheapest);
      }),
      { numRuns: 4 },
    );
  });
});

describe('the counterexample FC_SEED=1 found, pinned', () => {
  it('57.6 req/s within p90 TTFT 600 ms, TPOT 30 ms: 4 × A100 meets it though one A100 sustains 5.3 req/s, and the plan finds it', () => {
    const req = { ...BASE, ratePerSec: 57.572029169133216, ttftSloMs: 600, tpotSloMs: 30 };
    const shape: PlanConfig = { model: 'llama-3.1-8b', gpu: 'a100-80gb-sxm', precision: 'bf16', tp: 1, replicas: 1, engine: 'vllm' };
    const counter: Counter = { evaluated: 0 };
    // The bound would prune it: ⌈57.6 / (2 × s₁)⌉ replicas is more than the 4 allowed.
    expect(Math.ceil(req.ratePerSec / (2 * sustainedRate(req, shape, req.ratePerSec, counter)))).toBeGreaterThan(4);
    expect(judge(req, { ...shape, replicas: 4 }, req.ratePerSec, counter).meets).toBe(true);
    expect(plan(req).configs[0]).toMatchObject({ gpu: 'a100-80gb-sxm', tp: 1, replicas: 4, gpus: 4 });
  });
});
