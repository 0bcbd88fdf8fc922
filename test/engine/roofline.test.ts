import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FITTED_FACTORS, expectedExpertsTouched, hardwareProfile, iterationBreakdown, operatingPoints, rooflineTime,
  type HardwareSpec, type RooflineFactors,
} from '../../src/engine/profiles/index';
import { simulate } from '../../src/engine/simulate';
import type { IterationWork } from '../../src/engine/types';
import { customWorkload } from '../../src/engine/workloads';

/** Peak hardware: no efficiency loss, no overhead, a hard-max roofline. Hand-worked numbers use it. */
const IDEAL: RooflineFactors = {
  mfuPrefill: 1, mfuDecode: 1, lowPrecisionMfuScale: 1, lowPrecisionDecodeMfuScale: 1, mbu: 1, attentionFlopsPerByte: Infinity, lowPrecisionKvScale: 1, rooflineSharpness: Infinity,
  iterationOverheadS: 0, layerOverheadS: 0, allReduceLatencyS: 0, interconnectEfficiency: 1,
};

const EMPTY: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0 };
const decode = (seqs: number, kvTokens: number): IterationWork => ({ ...EMPTY, decodeSeqs: seqs, decodeKvTokens: kvTokens });
const prefill = (n: number): IterationWork => ({ ...EMPTY, prefillTokens: n, prefillAttentionPairs: (n * (n + 1)) / 2, prefillSeqs: 1 });

function make(spec: HardwareSpec, factors: RooflineFactors = FITTED_FACTORS) {
  const r = hardwareProfile(spec, factors);
  if (!r.ok) throw new Error(`${r.reason} ${r.suggestion}`);
  return r;
}

const L8_H100: HardwareSpec = { model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 };
// Llama-3.1-8B by hand: 8,030,261,248 weights; embedding and LM head 128,256 × 4,096 each.
const L8_PARAMS = 8_030_261_248;
const L8_EMBED = 128_256 * 4_096;
const H100_BW = 3.35e12;
const H100_BF16 = 989.4e12;

describe('hand-worked roofline: Llama-3.1-8B bf16 on one H100 SXM', () => {
  const { profile, details } = make(L8_H100, IDEAL);

  it('a decode step at batch 1 costs the weight stream: 16.06 GB / 3.35 TB/s ≈ 4.8 ms', () => {
    expect(details.memory.weightBytesPerGpu).toBe(2 * L8_PARAMS);
    const kvWrite = 2 * 32 * 8 * 128 * 2; // one new token's K and V, all layers
    const t = profile.iterationSeconds(decode(1, 0));
    expect(t).toBeCloseTo((2 * L8_PARAMS + kvWrite) / H100_BW, 9);
    expect(t * 1000).toBeCloseTo(4.79, 2);
  });

  it('decode attention takes the longer of its KV reads and its arithmetic, not both', () => {
    // 64 sequences × 2,000 tokens of context: 128,000 KV tokens of 128 KiB (32 layers × 8 KV heads × 128 × 2 × 2 bytes).
    const kv = 128_000;
    const kvS = (kv * 2 * 32 * 8 * 128 * 2) / H100_BW;
    const flops = 4 * 32 * 32 * 128 * kv; // 32 query heads per token per layer
    const weightsAndWriteS = (2 * L8_PARAMS + 64 * 2 * 32 * 8 * 128 * 2) / H100_BW;
    const at = (flopsPerByte: number) => {
      const r = make(L8_H100, { ...IDEAL, attentionFlopsPerByte: flopsPerByte });
      return r.details.cost ? iterationBreakdown(r.details.cost, decode(64, kv)).memoryS : NaN;
    };
    // A fast attention kernel is bound by its bytes: the arithmetic adds nothing.
    expect(at(1e6)).toBeCloseTo(weightsAndWriteS + kvS, 9);
    // A slow one (1 FLOP per byte of bandwidth) is bound by its arithmetic: the KV reads hide under it.
    const slowS = flops / (H100_BW * 1);
    expect(slowS).toBeGreaterThan(kvS);
    expect(at(1)).toBeCloseTo(weightsAndWriteS + slowS, 9);
  });

  it('has its ridge at 989.4 TFLOP/s / 3.35 TB/s ≈ 295 FLOP/byte', () => {
    expect(details.ridgeFlopsPerByte).toBeCloseTo(H100_BF16 / H100_BW, 6);
    expect(details.peakFlopsPerSec).toBe(H100_BF16);
  });

  it('a long prefill is compute-bound: 8,192 tokens take their FLOPs / 989.4 TFLOP/s', () => {
    const n = 8192;
    const linear = 2 * (L8_PARAMS - 2 * L8_EMBED) * n; // embedding lookups do no math
    const lmHead = 2 * L8_EMBED; // logits only for the last position
    const attention = 4 * 32 * 32 * 128 * ((n * (n + 1)) / 2);
    const b = iterationBreakdown(details.cost, prefill(n));
    expect(b.prefillFlops).toBeCloseTo(linear + lmHead + attention, -3);
    expect(b.bound).toBe('compute');
    expect(b.totalS).toBeCloseTo((linear + lmHead + attention) / H100_BF16, 9);
    expect(b.totalS * 1000).toBeGreaterThan(130);
    expect(b.totalS * 1000).toBeLessThan(137);
  });

  it('a short prefill is memory-bound: 32 tokens cost about one weight stream', () => {
    const b = iterationBreakdown(details.cost, prefill(32));
    expect(b.bound).toBe('memory');
    expect(b.computeS).toBeLessThan(b.memoryS / 5);
    expect(b.totalS).toBeCloseTo(b.memoryS, 12);
  });

  it('places prefill and decode on the right side of the ridge', () => {
    const short = operatingPoints(details, { prefillTokens: 32, batch: 1, contextTokens: 1000 });
    const long = operatingPoints(details, { prefillTokens: 4096, batch: 1, contextTokens: 1000 });
    expect(short.prefill.bound).toBe('memory');
    expect(long.prefill.bound).toBe('compute');
    expect(short.decode.bound).toBe('memory');
    // A bf16 matmul does 2 FLOPs per 2-byte weight: batch-1 decode sits near 1 FLOP/byte.
    expect(short.decode.intensityFlopsPerByte).toBeGreaterThan(0.8);
    expect(short.decode.intensityFlopsPerByte).toBeLessThan(1.2);
    for (const p of [short.prefill, long.prefill, short.decode]) {
      expect(p.attainableFlopsPerSec).toBeLessThanOrEqual(details.peakFlopsPerSec);
      expect(p.achievedFlopsPerSec).toBeLessThanOrEqual(p.attainableFlopsPerSec * (1 + 1e-9));
    }
  });
});

describe('roofline mechanics', () => {
  it('the fitted factors never beat the ideal machine', () => {
    const ideal = make(L8_H100, IDEAL).profile;
    const fitted = make(L8_H100).profile;
    for (const w of [decode(1, 0), decode(64, 64_000), prefill(128), prefill(8192)]) {
      expect(fitted.iterationSeconds(w)).toBeGreaterThan(ideal.iterationSeconds(w));
    }
  });

  it('a rounded corner is never faster than the hard max and equals it far from the ridge', () => {
    expect(rooflineTime(2, 1, Infinity)).toBe(2);
    expect(rooflineTime(2, 1, 1.5)).toBeGreaterThan(2);
    expect(rooflineTime(100, 1, 1.5)).toBeCloseTo(100, 0);
    expect(rooflineTime(0, 0, 1.5)).toBe(0);
  });

  it('tensor parallelism halves the weight shard and adds all-reduce time', () => {
    const tp1 = make({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'fp8', tp: 2 });
    const tp4 = make({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'fp8', tp: 4 });
    expect(tp4.details.memory.weightBytesPerGpu).toBeCloseTo(tp1.details.memory.weightBytesPerGpu / 2, 0);
    expect(iterationBreakdown(tp4.details.cost, decode(8, 8000)).commS).toBeGreaterThan(0);
    expect(iterationBreakdown(make(L8_H100).details.cost, decode(8, 8000)).commS).toBe(0);
    // All-reduces over PCIe cost more than over NVLink for the same tokens.
    const pcie = make({ model: 'llama-3.1-8b', gpu: 'l40s', precision: 'fp8', tp: 4 });
    const nvl = make({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'fp8', tp: 4 });
    expect(iterationBreakdown(pcie.details.cost, prefill(4096)).commS).toBeGreaterThan(iterationBreakdown(nvl.details.cost, prefill(4096)).commS);
    expect(pcie.details.warnings.join(' ')).toMatch(/PCIe/);
  });

  it('a MoE decode step reads only the experts it touches; a prefill reads them all', () => {
    expect(expectedExpertsTouched(8, 2, 1)).toBeCloseTo(2, 12);
    expect(expectedExpertsTouched(8, 2, 2)).toBeCloseTo(8 * (1 - 0.75 ** 2), 12);
    expect(expectedExpertsTouched(8, 2, 1000)).toBeCloseTo(8, 6);
    expect(expectedExpertsTouched(1, 1, 5)).toBe(1);
    const { details } = make({ model: 'mixtral-8x7b', gpu: 'h100-sxm', precision: 'bf16', tp: 2 });
    const one = iterationBreakdown(details.cost, decode(1, 0)).weightBytes;
    const all = iterationBreakdown(details.cost, prefill(1024)).weightBytes;
    expect(all).toBeCloseTo(details.memory.weightBytesPerGpu, -6);
    expect(one).toBeLessThan(0.4 * all);
    // Compute follows active (top-2) parameters: about 12.9 B, not 46.7 B.
    expect(iterationBreakdown(details.cost, decode(1, 0)).decodeFlops * 2).toBeLessThan(2 * 13e9);
  });

  it('costs nothing for an empty iteration and stays finite and monotone for any work', () => {
    const { profile } = make({ model: 'qwen2.5-72b', gpu: 'h200', precision: 'fp8', tp: 4 });
    expect(profile.iterationSeconds(EMPTY)).toBe(0);
    fc.assert(fc.property(fc.nat(8192), fc.nat(512), fc.nat(2_000_000), (n, seqs, kv) => {
      const w = { ...prefill(n), decodeSeqs: seqs, decodeKvTokens: kv };
      const t = profile.iterationSeconds(w);
      expect(Number.isFinite(t)).toBe(true);
      expect(t).toBeGreaterThanOrEqual(0);
      expect(profile.iterationSeconds({ ...w, decodeKvTokens: kv + 1000 })).toBeGreaterThanOrEqual(t);
      expect(profile.iterationSeconds({ ...w, decodeSeqs: seqs + 1 })).toBeGreaterThanOrEqual(t);
    }), { numRuns: 200 });
  });
});

describe('memory plan and KV capacity', () => {
  it('fills what is left after weights and the reserve, in whole tokens', () => {
    const { details, profile } = make(L8_H100);
    const m = details.memory;
    expect(m.kvBytesPerToken).toBe(2 * 32 * 8 * 128 * 2); // 128 KiB per token
    expect(profile.kvCapacityTokens).toBe(Math.floor(m.kvCacheBytesPerGpu / m.kvBytesPerTokenPerGpu));
    expect(m.weightBytesPerGpu + m.reserveBytesPerGpu + m.kvCacheBytesPerGpu).toBeCloseTo(details.memoryBytesPerGpu, -3);
    // vLLM keeps 10% of the GPU back (gpu_memory_utilization 0.9).
    expect(m.reserveBytesPerGpu).toBeGreaterThan(0.1 * details.memoryBytesPerGpu);
    expect(profile.kvCapacityTokens).toBeGreaterThan(300_000);
    expect(profile.kvCapacityTokens).toBeLessThan(600_000);
    expect(profile.maxBatch).toBe(256);
  });

  it('doubles with an FP8 KV cache and more than doubles with twice the GPUs', () => {
    const base = make(L8_H100).profile.kvCapacityTokens;
    const fp8 = make({ ...L8_H100, kvPrecision: 'fp8' }).profile.kvCapacityTokens;
    const tp2 = make({ ...L8_H100, tp: 2 }).profile.kvCapacityTokens;
    expect(Math.abs(fp8 - 2 * base)).toBeLessThanOrEqual(2);
    expect(tp2).toBeGreaterThan(2 * base);
  });

  it('splits KV heads across tensor-parallel GPUs', () => {
    const { details } = make({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'fp8', tp: 8 });
    expect(details.memory.kvBytesPerToken).toBe(2 * 80 * 8 * 128); // fp8: 1 byte per element
    expect(details.memory.kvBytesPerTokenPerGpu).toBe(2 * 80 * 1 * 128);
  });
});

describe('combinations that cannot run', () => {
  const refused = (spec: HardwareSpec) => {
    const r = hardwareProfile(spec);
    if (r.ok) throw new Error(`expected a refusal for ${JSON.stringify(spec)}`);
    return r;
  };

  it('says how many GB the weights need and what would fit', () => {
    const r = refused({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
    // In the datasheet's GB (an H100's 80 GB are GiB), so the two numbers compare: 141e9 bytes are 131 of them.
    expect(r.reason).toBe('Llama-3.1-70B in bf16 needs 131 GB of weights; one H100 SXM has 80 GB.');
    expect(r.suggestion).toMatch(/--tp 2/);
    expect(r.suggestion).toMatch(/fp8/);
    // Every suggested TP really fits.
    expect(hardwareProfile({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'bf16', tp: 2 }).ok).toBe(true);
  });

  it('refuses when weights fit but leave no room for a KV cache', () => {
    // Qwen2.5-72B in fp8 is about 75 GB: under 80 GiB, but not under 90% of it plus activations.
    const r = refused({ model: 'qwen2.5-72b', gpu: 'h100-sxm', precision: 'fp8', tp: 1 });
    expect(r.reason).toMatch(/nothing is left for the KV cache/);
    expect(r.suggestion).toMatch(/--tp 2/);
    expect(r.suggestion).toMatch(/int4/);
    const tiny = hardwareProfile(L8_H100, FITTED_FACTORS, { minKvTokens: 10_000_000 });
    expect(!tiny.ok && tiny.reason).toMatch(/below the 10000000-token minimum/);
  });

  it('points the 405B at fp8 on 8 × H100, and at bigger GPUs when nothing fits', () => {
    expect(refused({ model: 'llama-3.1-405b', gpu: 'h100-sxm', precision: 'bf16', tp: 8 }).suggestion).toMatch(/fp8/);
    expect(hardwareProfile({ model: 'llama-3.1-405b', gpu: 'h100-sxm', precision: 'fp8', tp: 8 }).ok).toBe(true);
    expect(refused({ model: 'llama-3.1-405b', gpu: 'l4', precision: 'bf16', tp: 8 }).suggestion).toMatch(/h200|b200|mi300x/);
  });

  it('passes precision and TP refusals through unchanged', () => {
    expect(refused({ model: 'llama-3.1-8b', gpu: 'a100-80gb-sxm', precision: 'fp8', tp: 1 }).reason).toMatch(/no FP8/);
    expect(refused({ model: 'llama-3.1-8b', gpu: 'b200', precision: 'fp4', tp: 16 }).reason).toMatch(/TP 16/);
  });
});

describe('a hardware profile in the simulator', () => {
  it('gives plausible idle latencies for a chat turn on Llama-3.1-8B / H100', () => {
    const { profile } = make(L8_H100);
    const run = simulate({
      workload: customWorkload(1000, 250, 0), server: profile, load: { kind: 'closed', users: 1, thinkMs: 0 },
      slo: { ttftMs: null, tpotMs: null, e2eMs: null }, requests: 3, seed: 1, chunkedPrefill: false, networkRttMs: 0,
    });
    // One user: TTFT is one 1,000-token prefill, TPOT one weight stream plus overhead.
    expect(run.metrics.ttftMs.mean).toBeGreaterThan(15);
    expect(run.metrics.ttftMs.mean).toBeLessThan(150);
    expect(run.metrics.tpotMs.mean).toBeGreaterThan(4.8);
    expect(run.metrics.tpotMs.mean).toBeLessThan(15);
  });
});
