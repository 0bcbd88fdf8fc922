// Expert parallelism: hand-worked costs of one step, refusals, off = the engine
// as it was (hashes taken before the lever existed), and seeded properties.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run as cli } from '../../src/cli/main';
import { iterationBreakdown, expectedExpertsTouched, type RooflineFactors } from '../../src/engine/profiles/cost';
import { allToAllBytesPerGpu, expectedMaxLocalExperts, routedLoadImbalance } from '../../src/engine/profiles/expertParallel';
import { MODELS } from '../../src/engine/profiles/models';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import { ACTIVATION_BYTES } from '../../src/engine/profiles/precisions';
import { simulate } from '../../src/engine/simulate';
import type { IterationWork, Scenario } from '../../src/engine/types';
import { workloadById } from '../../src/engine/workloads';

/** Fixed factors (levers-off.test.ts's), so a refit of the calibration moves nothing here. */
const FACTORS: RooflineFactors = {
  mfuPrefill: 0.6, mfuDecode: 0.5, lowPrecisionMfuScale: 0.8, lowPrecisionDecodeMfuScale: 0.95, mbu: 0.8, attentionFlopsPerByte: 18, lowPrecisionKvScale: 0.98, rooflineSharpness: 1.4,
  iterationOverheadS: 0.002, layerOverheadS: 0.00001, allReduceLatencyS: 0.00003, interconnectEfficiency: 0.45,
};

function profile(model: string, gpu: string, precision: string, tp: number, expertParallel?: boolean) {
  const r = hardwareProfile({ model, gpu, precision, tp, ...(expertParallel === undefined ? {} : { expertParallel }) }, FACTORS);
  if (!r.ok) throw new Error(r.reason);
  return r;
}
const decode = (seqs: number, kvTokens = 0): IterationWork => ({ prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: seqs, decodeKvTokens: kvTokens });

function scenario(server: Scenario['server'], users: number, seed = 7, requests = 200): Scenario {
  return { workload: { ...workloadById('chat')!, spread: 0.2 }, server, load: { kind: 'closed', users, thinkMs: 0 }, slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests, seed, chunkedPrefill: true, networkRttMs: 50 };
}

describe('expert parallelism, hand-worked', () => {
  it('one step of Mixtral-8x7B on 2 × H100, 64 sequences: each all-to-all sends 64 · 2 · 4096 · 2 B · (2 − 1)/2² = 262,144 B per GPU, and the MoE layers swap their all-reduce for a dispatch and a combine', () => {
    expect(allToAllBytesPerGpu(64, 2, 4096, 2, 2)).toBe(262_144);
    const tp = profile('mixtral-8x7b', 'h100-sxm', 'bf16', 2);
    const ep = profile('mixtral-8x7b', 'h100-sxm', 'bf16', 2, true);
    const c = tp.details.cost;
    expect([c.layers, c.moeLayers, c.hiddenSize, ACTIVATION_BYTES]).toEqual([32, 32, 4096, 2]);
    const bw = c.interconnectBytesPerSec * FACTORS.interconnectEfficiency;
    // Ring all-reduce: 2(N − 1)/N of the 64 tokens' activations, 2 per layer (attention and MLP).
    const allReduceS = FACTORS.allReduceLatencyS + (((2 * 1) / 2) * 64 * 4096 * 2) / bw;
    expect(iterationBreakdown(c, decode(64)).commS).toBeCloseTo(2 * 32 * allReduceS, 12);
    // EP: attention keeps its all-reduce (32 layers), each MoE layer one dispatch and one combine.
    const a2aS = FACTORS.allReduceLatencyS + 262_144 / bw;
    expect(iterationBreakdown(ep.details.cost, decode(64)).commS).toBeCloseTo(32 * allReduceS + 2 * 32 * a2aS, 12);
  });

  it('batch 1 on Mixtral, 2 GPUs: TP reads half of each of the 2 routed experts; EP reads its own whole, and the busier GPU 1.4616 on average (Binomial(4, 1/4), max of two)', () => {
    // P(X ≤ m) for X ~ Binomial(4, 0.25): 0.31640625, 0.73828125, 0.94921875, 0.99609375; E[max of 2] = Σ (1 − F(m − 1)²).
    const F = [0.31640625, 0.73828125, 0.94921875, 0.99609375];
    const handMax = F.reduce((sum, f) => sum + (1 - f * f), 0);
    expect(handMax).toBeCloseTo(1.4616, 4);
    expect(expectedMaxLocalExperts(8, 2, 2, 1)).toBeCloseTo(handMax, 12);
    const tp = profile('mixtral-8x7b', 'h100-sxm', 'bf16', 2);
    const ep = profile('mixtral-8x7b', 'h100-sxm', 'bf16', 2, true);
    const whole = tp.details.memory.expertBytes;
    const expertsRead = (p: typeof tp) => (iterationBreakdown(p.details.cost, decode(1)).weightBytes - p.details.cost.nonExpertBytes) / (32 * whole);
    expect(expertsRead(tp)).toBeCloseTo(1, 12); // 2 experts × 1/2 each
    expect(expertsRead(ep)).toBeCloseTo(handMax, 12);
  });

  it('a large batch touches every expert: 256 sequences on 2 GPUs read all 4 local experts whole under EP, the same bytes as TP reading half of all 8', () => {
    expect(expectedMaxLocalExperts(8, 2, 2, 256)).toBeCloseTo(4, 9);
    const tp = profile('mixtral-8x7b', 'h100-sxm', 'bf16', 2);
    const ep = profile('mixtral-8x7b', 'h100-sxm', 'bf16', 2, true);
    const bytes = (p: typeof tp) => iterationBreakdown(p.details.cost, decode(256)).weightBytes;
    expect(bytes(ep) / bytes(tp)).toBeCloseTo(1, 9);
    expect(bytes(tp) - tp.details.cost.nonExpertBytes).toBeCloseTo(32 * 4 * tp.details.memory.expertBytes, 0);
  });

  it('the busiest GPU\'s compute: 1 token, top-2 over 2 GPUs has mean 1 pair and sd √(2 · ½ · ½) = 0.707, so 1 + 0.707 · 0.5642 = 1.399× the mean', () => {
    expect(routedLoadImbalance(8, 2, 2, 1)).toBeCloseTo(1 + Math.sqrt(0.5) * 0.5642, 9);
    expect(routedLoadImbalance(8, 2, 1, 50)).toBe(1);
  });
});

describe('expert parallelism, refusals', () => {
  const lab = (...argv: string[]) => {
    const err: string[] = [];
    const status = cli(['predict', '--requests', '20', ...argv], () => {}, (s) => err.push(s));
    return { status, err: err.join('\n') };
  };
  it.each([
    [['--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--tp', '2', '--expert-parallel', 'on'], 'is a dense model'],
    [['--model', 'mixtral-8x7b', '--gpu', 'h100-sxm', '--tp', '1', '--expert-parallel', 'on'], 'with --tp 1 there is one GPU'],
    [['--model', 'mixtral-8x7b', '--gpu', 'h100-sxm', '--tp', '2', '--expert-parallel', 'on', '--engine', 'llamacpp'], 'has no expert parallelism'],
    [['--expert-parallel', 'on'], 'the lesson server has none'],
    [['--expert-parallel', 'maybe'], '--expert-parallel'],
  ])('%j exits 2 with the reason (%s)', (argv, reason) => {
    const r = lab(...argv);
    expect(r.status).toBe(2);
    expect(r.err).toContain('--expert-parallel');
    expect(r.err).toContain(reason);
  });
});

describe('expert parallelism off is the engine as it was', () => {
  // Digests of these runs taken with the engine before expert parallelism existed (same code, same factors).
  const BEFORE: [string, string, number, number, string][] = [
    ['mixtral-8x7b', 'bf16', 2, 32, '4fc1ab5a49dff1b6ca8aa4bceaf38cdf4e52a6810107412703c1ae0d83f66843'],
    ['qwen3-30b-a3b', 'bf16', 4, 16, '4f676847df6f3ca020d1e9616c362fbd3b9eda01401fea7e9574250d6288b79c'],
    ['gpt-oss-120b', 'mxfp4', 8, 64, '26237b1d8d9a9484014d5c0957a814414bc8c27f44b58ff986a545463a10a83b'],
  ];
  it.each(BEFORE)('%s %s TP %i, %i users: the same bytes, with the lever absent or off', (model, precision, tp, users, hash) => {
    for (const ep of [undefined, false]) {
      const res = simulate(scenario(profile(model, 'h100-sxm', precision, tp, ep).profile, users));
      expect(createHash('sha256').update(JSON.stringify({ requests: res.requests, metrics: res.metrics, log: res.log })).digest('hex')).toBe(hash);
    }
  });
});

describe('expert parallelism, properties (seeded)', () => {
  const MOE = MODELS.filter((m) => m.experts > 1);
  const moeArb = fc.constantFrom(...MOE);

  it('the mean per-GPU expert bytes equal TP\'s at every batch, so at batch 1 EP reads no more than TP on average; the busiest GPU reads at least that', () => {
    fc.assert(
      fc.property(moeArb, fc.constantFrom(2, 4, 8), fc.integer({ min: 1, max: 4096 }), (m, gpus, tokens) => {
        const k = m.expertsPerToken;
        const tpShare = expectedExpertsTouched(m.experts, k, tokens) / gpus; // whole experts' worth per GPU
        const n = m.experts / gpus;
        const epMean = n * (1 - Math.pow(1 - k / m.experts, tokens));
        expect(epMean).toBeCloseTo(tpShare, 9);
        const max = expectedMaxLocalExperts(m.experts, k, gpus, tokens);
        expect(max).toBeGreaterThanOrEqual(epMean - 1e-9);
        expect(max).toBeLessThanOrEqual(n + 1e-9);
        expect(routedLoadImbalance(m.experts, k, gpus, tokens)).toBeGreaterThanOrEqual(1);
      }),
      { seed: 1919, numRuns: 300 },
    );
  });

  it('expert parallelism never changes the tokens produced: the same requests, prompts and outputs, only the times move', () => {
    const cases = [
      ['mixtral-8x7b', 'bf16', 2], ['mixtral-8x7b', 'bf16', 4], ['qwen3-30b-a3b', 'bf16', 2], ['gpt-oss-20b', 'mxfp4', 2], ['gpt-oss-120b', 'mxfp4', 4],
    ] as const;
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.integer({ min: 1, max: 96 }), fc.integer({ min: 0, max: 2 ** 31 }), ([model, precision, tp], users, seed) => {
        const off = simulate(scenario(profile(model, 'h100-sxm', precision, tp).profile, users, seed, 60));
        const on = simulate(scenario(profile(model, 'h100-sxm', precision, tp, true).profile, users, seed, 60));
        const tokens = (r: typeof off) => r.requests.map((q) => [q.id, q.promptTokens, q.outputTokens, q.completed]);
        expect(tokens(on)).toEqual(tokens(off));
      }),
      { seed: 419, numRuns: 25 },
    );
  });
});
