import { describe, expect, it } from 'vitest';
import {
  GPUS, MODELS, PRECISIONS, PUBLISHED_ACTIVE_PARAMS, gpuById, modelById, modelParams, precisionById, precisionsFor, resolveSpec,
  tpSplitsHeads, validTpDegrees,
} from '../../src/engine/profiles/index';

describe('GPU catalog', () => {
  it('lists every GPU the issue asks for, with unique lower-case ids', () => {
    const ids = GPUS.map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9.-]+$/);
    expect(ids.sort()).toEqual(
      [
        'a10', 'a10g', 'a100-40gb', 'a100-80gb-pcie', 'a100-80gb-sxm', 'b200', 'gb200', 'h100-pcie', 'h100-sxm', 'h20', 'h200', 'l4', 'l40s',
        'm2-ultra', 'm3-max', 'm4-max', 'mi300x', 'mi325x', 'rtx-3090', 'rtx-4090',
      ].sort(),
    );
  });

  it.each(GPUS.map((g) => [g.id, g] as const))('%s has bandwidth, memory, 16-bit peaks, an interconnect and a source', (_, g) => {
    expect(g.bandwidthBytesPerSec).toBeGreaterThan(1e11);
    expect(g.memoryBytes).toBeGreaterThanOrEqual(20e9);
    // Apple GPUs have no tensor cores: their FP16 ALU rate is an order of magnitude below any tensor peak.
    expect(g.peakFlopsPerSec.bf16).toBeGreaterThan(g.vendor === 'apple' ? 1e13 : 5e13);
    expect(g.peakFlopsPerSec.fp16).toBe(g.peakFlopsPerSec.bf16);
    // Between Macs the link is Thunderbolt (5–10 GB/s each way); inside a server at least PCIe 4.0.
    expect(g.interconnect.bytesPerSecPerDirection).toBeGreaterThan(g.vendor === 'apple' ? 1e9 : 1e10);
    expect(g.interconnect.source.length).toBeGreaterThan(10);
    expect(g.source.length).toBeGreaterThan(10);
    // Low-precision paths double the 16-bit peak on every part that has them.
    if (g.peakFlopsPerSec.fp8) expect(g.peakFlopsPerSec.fp8 / g.peakFlopsPerSec.bf16).toBeCloseTo(2, 1);
    if (g.peakFlopsPerSec.fp4) expect(g.peakFlopsPerSec.fp4 / g.peakFlopsPerSec.bf16).toBeCloseTo(4, 1);
  });

  it('uses dense datasheet peaks (half the sparse figure)', () => {
    expect(gpuById('h100-sxm')?.peakFlopsPerSec.bf16).toBeCloseTo(989.4e12, -10);
    expect(gpuById('a100-80gb-sxm')?.peakFlopsPerSec.bf16).toBe(312e12);
    expect(gpuById('l40s')?.peakFlopsPerSec.fp8).toBe(733e12);
    expect(gpuById('h200')?.bandwidthBytesPerSec).toBe(4.8e12);
  });

  it('has FP8 only on Hopper, Ada, Blackwell and CDNA 3, and FP4 only on Blackwell', () => {
    const fp8 = GPUS.filter((g) => g.peakFlopsPerSec.fp8).map((g) => g.id).sort();
    expect(fp8).toEqual(['b200', 'gb200', 'h100-pcie', 'h100-sxm', 'h20', 'h200', 'l4', 'l40s', 'mi300x', 'mi325x', 'rtx-4090']);
    expect(GPUS.filter((g) => g.peakFlopsPerSec.fp4).map((g) => g.id)).toEqual(['b200', 'gb200']);
    expect(precisionsFor(gpuById('a100-80gb-sxm')!)).toEqual(['bf16', 'fp16', 'int4']);
    expect(precisionsFor(gpuById('b200')!)).toContain('fp4');
  });

  it('counts HBM in GiB and GDDR in GB', () => {
    expect(gpuById('h100-sxm')?.memoryBytes).toBe(80 * 2 ** 30);
    expect(gpuById('l40s')?.memoryBytes).toBe(48e9);
  });

  it('takes a conservative A10G tensor peak, below the A10', () => {
    expect(gpuById('a10g')!.peakFlopsPerSec.bf16).toBeLessThan(gpuById('a10')!.peakFlopsPerSec.bf16);
    expect(gpuById('a10g')!.bandwidthBytesPerSec).toBe(gpuById('a10')!.bandwidthBytesPerSec);
  });
});

describe('model catalog', () => {
  it('has the models of the issue with lower-case ids', () => {
    expect(MODELS.map((m) => m.id)).toEqual([
      'llama-3.1-8b', 'llama-3.1-70b', 'llama-3.3-70b', 'llama-3.1-405b', 'llama-2-7b', 'llama-2-13b', 'llama-2-70b',
      'mistral-7b', 'mixtral-8x7b', 'qwen2.5-7b', 'qwen2.5-72b',
      'llama-3.2-1b', 'llama-3.2-3b', 'qwen3-8b', 'qwen3-14b', 'qwen3-32b', 'qwen3-30b-a3b', 'gpt-oss-20b', 'gpt-oss-120b',
      'deepseek-v3', 'deepseek-r1', 'gemma-3-27b',
    ]);
  });

  it.each(MODELS.map((m) => [m.id, m] as const))('%s: derived parameters within 2%% of the published size', (_, m) => {
    const p = modelParams(m);
    expect(Math.abs(p.total / m.publishedParams - 1)).toBeLessThan(0.02);
    expect(p.active).toBeLessThanOrEqual(p.total);
    expect(m.heads % m.kvHeads).toBe(0);
  });

  it('reproduces exact Hugging Face parameter counts', () => {
    expect(modelParams(modelById('llama-3.1-8b')!).total).toBe(8_030_261_248);
    expect(modelParams(modelById('llama-2-7b')!).total).toBe(6_738_415_616);
    expect(modelParams(modelById('mistral-7b')!).total).toBe(7_241_732_096);
    expect(modelParams(modelById('mixtral-8x7b')!).total).toBe(46_702_792_704);
  });

  it('counts only the routed experts as active for Mixtral', () => {
    const m = modelById('mixtral-8x7b')!;
    const p = modelParams(m);
    expect(Math.abs(p.active / PUBLISHED_ACTIVE_PARAMS['mixtral-8x7b'].params - 1)).toBeLessThan(0.02);
    // Six unused experts per layer: 6 · 32 layers · 3 · 4096 · 14336.
    expect(p.total - p.active).toBe(6 * 32 * 3 * 4096 * 14336);
  });

  it('adds Qwen2 QKV biases and keeps Llama-3.3-70B identical to 3.1-70B', () => {
    const q = modelById('qwen2.5-7b')!;
    const noBias = modelParams({ ...q, qkvBias: false }).total;
    expect(modelParams(q).total - noBias).toBe(28 * (28 * 128 + 2 * 4 * 128));
    expect(modelParams(modelById('llama-3.3-70b')!).total).toBe(modelParams(modelById('llama-3.1-70b')!).total);
  });
});

describe('combination rules', () => {
  const refusal = (spec: Parameters<typeof resolveSpec>[0]) => {
    const r = resolveSpec(spec);
    if (r.ok) throw new Error(`expected a refusal for ${JSON.stringify(spec)}`);
    return r;
  };

  it('accepts a plain combination and fills in the KV precision', () => {
    const r = resolveSpec({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'fp8', tp: 1 });
    expect(r.ok && r.resolved.kvPrecision).toBe('fp8');
    const b = resolveSpec({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, kvPrecision: 'fp8' });
    expect(b.ok && b.resolved.kvPrecision).toBe('fp8');
  });

  it('refuses FP8 on an A100 and FP4 on an H100, naming GPUs that have it', () => {
    const a = refusal({ model: 'llama-3.1-8b', gpu: 'a100-80gb-sxm', precision: 'fp8', tp: 1 });
    expect(a.reason).toMatch(/no FP8/);
    expect(a.suggestion).toMatch(/h100-sxm/);
    const h = refusal({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'fp4', tp: 1 });
    expect(h.reason).toMatch(/no FP4/);
    expect(h.suggestion).toMatch(/b200/);
  });

  it('refuses TP above 8, TP that is not a power of two, and TP that does not split the heads', () => {
    expect(refusal({ model: 'llama-3.1-405b', gpu: 'h100-sxm', precision: 'fp8', tp: 16 }).reason).toMatch(/more than one 8-GPU server/);
    expect(refusal({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 3 }).reason).toMatch(/TP 3/);
    const q = refusal({ model: 'qwen2.5-7b', gpu: 'h100-sxm', precision: 'bf16', tp: 8 });
    expect(q.reason).toMatch(/28 attention heads/);
    expect(q.suggestion).toMatch(/1, 2, 4/);
    expect(validTpDegrees(modelById('llama-2-13b')!)).toEqual([1, 2, 4, 8]);
    expect(tpSplitsHeads(modelById('llama-3.1-8b')!, 8)).toBe(true);
  });

  it('refuses unknown ids with the list of valid ones', () => {
    expect(refusal({ model: 'gpt-5', gpu: 'h100-sxm', precision: 'bf16', tp: 1 }).suggestion).toMatch(/llama-3.1-8b/);
    expect(refusal({ model: 'llama-3.1-8b', gpu: 'tpu', precision: 'bf16', tp: 1 }).suggestion).toMatch(/h100-sxm/);
    expect(refusal({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'int3', tp: 1 }).suggestion).toMatch(/int4/);
    expect(refusal({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, kvPrecision: 'int8' }).reason).toMatch(/KV/);
  });

  it('prices weights per precision: int4 and fp4 carry their block scales', () => {
    expect(precisionById('bf16')?.weightBytesPerParam).toBe(2);
    expect(precisionById('fp8')?.weightBytesPerParam).toBe(1);
    expect(precisionById('int4')?.weightBytesPerParam).toBeCloseTo(0.5 + 2 / 128, 10);
    expect(precisionById('int4')?.computePrecision).toBe('fp16');
    expect(PRECISIONS.map((p) => p.id).sort()).toEqual(['bf16', 'fp16', 'fp4', 'fp8', 'int4', 'mxfp4']);
  });
});
