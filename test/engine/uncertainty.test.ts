import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { sweep } from '../../src/engine/sweep';
import type { RunMetrics, Scenario } from '../../src/engine/types';
import {
  AS_GIVEN, EdgeRunner, FRONTEND_FLOOR_MS, PREDICTION_SPREADS, cornerEdges, edgeScenario, foldRanges, inputEnds, kneeRegion, predictionRanges,
  predictionSensitivity, spanRatio, sweepBands, type MetricRanges, type SweepBand,
} from '../../src/engine/uncertainty';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';

function hardware(over: Partial<Settings>): Scenario {
  const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', ...over });
  if (!built.ok) throw new Error(`${built.param}: ${built.message}`);
  return built.scenario;
}

/** Every (point, [lo, hi]) pair of a prediction's ranges. */
function pairs(m: RunMetrics, r: MetricRanges): [string, number, [number, number]][] {
  const out: [string, number, [number, number]][] = [];
  for (const metric of ['ttftMs', 'tpotMs', 'e2eMs'] as const) {
    for (const stat of ['mean', 'p50', 'p90', 'p99'] as const) out.push([`${metric}.${stat}`, m[metric][stat], r[metric][stat]]);
  }
  out.push(['outputTokPerSec', m.outputTokPerSec, r.outputTokPerSec]);
  return out;
}

describe('edge scenarios', () => {
  const s = hardware({ users: 4, requests: 20, replicas: 2 });

  it('scale KV capacity and every iteration through the profile, and add a front end only above none', () => {
    const e = edgeScenario(s, { kvCapacity: 0.5, stepCost: 1.25, prefillCost: 1, frontend: 2 });
    expect(e.server.kvCapacityTokens).toBe(Math.floor(s.server.kvCapacityTokens * 0.5));
    const work = { prefillTokens: 512, prefillAttentionPairs: 512 * 256, prefillContextTokens: 0, prefillSeqs: 1, decodeSeqs: 3, decodeKvTokens: 3000 };
    expect(e.server.iterationSeconds(work)).toBeCloseTo(1.25 * s.server.iterationSeconds(work), 12);
    expect(e.frontendMs).toBe(2 * FRONTEND_FLOOR_MS);
    expect(edgeScenario(s, { ...AS_GIVEN, frontend: 0 }).frontendMs).toBeUndefined();
    expect(edgeScenario({ ...s, frontendMs: 3 }, { ...AS_GIVEN, frontend: 0.5 }).frontendMs).toBe(1.5);
    expect(edgeScenario(s, AS_GIVEN)).toBe(s);
    // The scenario itself is untouched, and the replicas run the edge profile (one profile per scenario).
    expect(s.frontendMs).toBeUndefined();
    expect(e.levers).toEqual(s.levers);
  });

  it('scale a draft model\'s own step cost with the step cost (speculative decoding, draft and EAGLE)', () => {
    for (const specMethod of ['draft', 'eagle'] as const) {
      const sp = hardware({ users: 1, requests: 4, specMethod, specTokens: 3 });
      const own = sp.levers?.speculative?.draftStepSeconds;
      expect(own, specMethod).toBeTypeOf('function');
      const e = edgeScenario(sp, { ...AS_GIVEN, stepCost: 1.25 });
      const scaled = e.levers?.speculative?.draftStepSeconds;
      expect(scaled?.(3, 3000)).toBeCloseTo(1.25 * (own?.(3, 3000) ?? 0), 15);
      // The scenario's own draft is untouched, and a KV-only edge keeps it as it is.
      expect(sp.levers?.speculative?.draftStepSeconds).toBe(own);
      expect(edgeScenario(sp, { ...AS_GIVEN, kvCapacity: 0.5 }).levers?.speculative?.draftStepSeconds).toBe(own);
      // One user never waits for another: every step, the draft's included, costs 1.25×, so TPOT does too.
      const tpot = simulate(sp).metrics.tpotMs.mean;
      expect(simulate(e).metrics.tpotMs.mean / tpot, specMethod).toBeCloseTo(1.25, 2);
    }
  });

  it('put the corners at the ends that make TTFT lowest and highest', () => {
    const { low, high } = cornerEdges(PREDICTION_SPREADS);
    expect(low.kvCapacity).toBeGreaterThan(1);
    expect(high.kvCapacity).toBeLessThan(1);
    expect(low.stepCost).toBeLessThan(high.stepCost);
    expect(inputEnds(PREDICTION_SPREADS, 'kvCapacity')[0].kvCapacity).toBe(PREDICTION_SPREADS.kvCapacity[1]);
  });
});

describe('ranges', () => {
  const settingsArb = fc.record({
    users: fc.integer({ min: 1, max: 200 }),
    prompt: fc.integer({ min: 16, max: 8000 }),
    output: fc.integer({ min: 2, max: 800 }),
    seed: fc.integer({ min: 0, max: 1000 }),
    engine: fc.constantFrom('none' as const, 'vllm' as const, 'trtllm' as const, 'sglang' as const),
    model: fc.constantFrom('llama-3.1-8b', 'llama-3.1-70b'),
    tp: fc.constantFrom(2, 4),
  });

  it('lo ≤ point ≤ hi for every metric and statistic (property)', () => {
    fc.assert(
      fc.property(settingsArb, (o) => {
        const s = hardware({ ...o, precision: 'fp8', requests: 60, workload: 'custom' });
        const point = simulate(s).metrics;
        const { ranges } = predictionRanges(s, point, PREDICTION_SPREADS);
        for (const [name, p, [lo, hi]] of pairs(point, ranges)) {
          if (!(lo <= p && p <= hi)) throw new Error(`${name}: ${lo} ≤ ${p} ≤ ${hi} fails`);
        }
      }),
      { numRuns: 25, seed: 17 },
    );
  });

  it('are deterministic for the seed: every edge run uses the scenario seed', () => {
    const s = hardware({ users: 32, requests: 200 });
    const a = predictionRanges(s, simulate(s).metrics, PREDICTION_SPREADS);
    const b = predictionRanges(s, simulate(s).metrics, PREDICTION_SPREADS);
    expect(a).toEqual(b);
    const other = hardware({ users: 32, requests: 200, seed: 7 });
    expect(predictionRanges(other, simulate(other).metrics, PREDICTION_SPREADS).ranges).not.toEqual(a.ranges);
  });

  it('fold the point in: with no edges the range is the point itself', () => {
    const m = simulate(hardware({ users: 2, requests: 10 })).metrics;
    const r = foldRanges(m, []);
    expect(r.ttftMs.p90).toEqual([m.ttftMs.p90, m.ttftMs.p90]);
    expect(r.outputTokPerSec).toEqual([m.outputTokPerSec, m.outputTokPerSec]);
  });

  // 70B fp8 on 2 × H100 with 4,000-token prompts: the KV cache fills at about a hundred users.
  const knee = (users: number) => hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 2, prompt: 4000, output: 500, workload: 'custom', engine: 'vllm', users, requests: 400, window: 'steady' });

  it('a TTFT range is relatively wider at the knee than at one user on the same server', () => {
    const width = (s: Scenario) => spanRatio(predictionRanges(s, simulate(s).metrics, PREDICTION_SPREADS).ranges.ttftMs.mean);
    const one = width(knee(1));
    const atKnee = width(knee(128));
    expect(one).toBeGreaterThan(1);
    expect(atKnee).toBeGreaterThan(1.5 * one);
  });

  it('sensitivity names KV capacity first at the knee and step cost first at one user', () => {
    for (const [users, first] of [[1, 'stepCost'], [128, 'kvCapacity']] as const) {
      const s = knee(users);
      const point = simulate(s).metrics;
      const sens = predictionSensitivity(s, point, PREDICTION_SPREADS);
      expect(sens.map((x) => x.input).sort()).toEqual(['frontend', 'kvCapacity', 'prefillCost', 'stepCost']);
      expect(sens[0].input).toBe(first);
      for (let i = 1; i < sens.length; i++) expect(sens[i - 1].swingMs).toBeGreaterThanOrEqual(sens[i].swingMs);
    }
  });

  it('reuse the point for an edge that is the scenario itself (no front end below none)', () => {
    const s = knee(1);
    const point = simulate(s).metrics;
    // Without the point's KV bounds only the edge equal to it is spared.
    const runner = new EdgeRunner(s, point);
    predictionRanges(s, point, PREDICTION_SPREADS, runner);
    expect(runner.edgeRuns).toBe(2);
    predictionSensitivity(s, point, PREDICTION_SPREADS, runner);
    // Eight ends: front end 0 × none is the point; the less-KV end is the more-KV end (one user never fills
    // either); the step-cost, prefill-cost and other front-end ends run: six more runs.
    expect(runner.edgeRuns).toBe(8);
    expect(runner.reusedRuns).toBe(1);
  });
});

describe('sweep bands and the knee region', () => {
  it('band every point around its own value and mark where TTFT takes off', () => {
    const base = hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 2, prompt: 4000, output: 500, workload: 'custom', engine: 'vllm', requests: 300 });
    const axis = { kind: 'users' as const, values: [1, 16, 64, 128, 256] };
    const points = sweep(base, axis);
    const bands = sweepBands(base, axis, points, PREDICTION_SPREADS);
    points.forEach((p, i) => {
      expect(bands[i].outputTokPerSec[0]).toBeLessThanOrEqual(p.metrics.outputTokPerSec);
      expect(bands[i].outputTokPerSec[1]).toBeGreaterThanOrEqual(p.metrics.outputTokPerSec);
      expect(bands[i].ttftMs.p50[0]).toBeLessThanOrEqual(p.metrics.ttftMs.p50);
    });
    const k = kneeRegion(points, bands)!;
    expect(k.takeoffTtftMs).toBeCloseTo(3 * points[0].metrics.ttftMs.p50, 9);
    expect(k.fromIndex).not.toBeNull();
    expect(bands[k.fromIndex!].ttftMs.p50[1]).toBeLessThan(k.takeoffTtftMs);
    expect(bands[k.fromIndex! + 1].ttftMs.p50[1]).toBeGreaterThanOrEqual(k.takeoffTtftMs);
  });

  it('the region spans the points whose range straddles the takeoff line', () => {
    const pt = (p50: number) => ({ metrics: { ttftMs: { p50 } } }) as never;
    const band = (lo: number, hi: number): SweepBand => ({ outputTokPerSec: [0, 0], requestsPerSec: [0, 0], ttftMs: { mean: [lo, hi], p50: [lo, hi], p90: [lo, hi], p99: [lo, hi] }, tpotMs: { mean: [0, 0], p50: [0, 0], p90: [0, 0], p99: [0, 0] } });
    const points = [pt(100), pt(110), pt(200), pt(400), pt(900)];
    const bands = [band(90, 110), band(100, 200), band(150, 320), band(250, 600), band(800, 1000)];
    expect(kneeRegion(points, bands)).toEqual({ fromIndex: 1, toIndex: 4, takeoffTtftMs: 300 });
    expect(kneeRegion(points.slice(0, 2), bands.slice(0, 2))).toBeNull();
    expect(kneeRegion(points.slice(0, 4), bands.slice(0, 4))).toEqual({ fromIndex: 1, toIndex: null, takeoffTtftMs: 300 });
  });
});
