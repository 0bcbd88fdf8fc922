/**
 * The models of issue 19 by hand: latent attention's KV bytes, sliding-window
 * KV at short and long contexts, parameter counts against published sizes,
 * MoE decode bytes that grow with the batch and then saturate, MXFP4 storage
 * and its compute path, and the refusals.
 */
import { describe, expect, it } from 'vitest';
import {
  MODELS, gpuById, PUBLISHED_ACTIVE_PARAMS, expectedExpertsTouched, hardwareProfile, iterationBreakdown, kvLayout, layerTokensAt,
  modelById, modelParams, planMemory, resolveSpec, validTpDegrees, DEFAULT_SERVING, type HardwareSpec, type ResolvedSpec,
} from '../../src/engine/profiles/index';
import type { IterationWork } from '../../src/engine/types';

const resolved = (spec: HardwareSpec): ResolvedSpec => {
  const r = resolveSpec(spec);
  if (!r.ok) throw new Error(`${r.reason} ${r.suggestion}`);
  return r.resolved;
};
const profile = (spec: HardwareSpec) => {
  const r = hardwareProfile(spec);
  if (!r.ok) throw new Error(`${r.reason} ${r.suggestion}`);
  return r;
};
const refusal = (spec: HardwareSpec) => {
  const r = hardwareProfile(spec);
  if (r.ok) throw new Error(`expected a refusal for ${JSON.stringify(spec)}`);
  return r;
};
const EMPTY: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0 };

describe('multi-head latent attention (DeepSeek-V3/R1)', () => {
  it('caches (kv_lora_rank + qk_rope_head_dim) per token per layer: 61 × (512 + 64) × 1 B = 35,136 B in fp8', () => {
    const plan = planMemory(resolved({ model: 'deepseek-v3', gpu: 'h200', precision: 'fp8', tp: 8 }), DEFAULT_SERVING);
    expect(plan.kvBytesPerToken).toBe(61 * 576 * 1);
    expect(plan.kvBytesPerToken).toBe(35_136);
    // Replicated on every GPU of the TP group (vLLM/SGLang without DP attention): no per-head split.
    expect(plan.kvBytesPerTokenPerGpu).toBe(35_136);
    const bf16 = planMemory(resolved({ model: 'deepseek-r1', gpu: 'h200', precision: 'fp8', tp: 8, kvPrecision: 'bf16' }), DEFAULT_SERVING);
    expect(bf16.kvBytesPerToken).toBe(61 * 576 * 2);
  });

  it('is far smaller than grouped-query attention would be with its 128 heads of 128 + 128', () => {
    const m = modelById('deepseek-v3')!;
    const asGqa = kvLayout({ ...m, attention: undefined }, 1, 1).bytesPerTokenPerLayer;
    expect(asGqa).toBe(2 * 128 * 128);
    expect(asGqa / kvLayout(m, 1, 1).bytesPerTokenPerLayer).toBeCloseTo(32768 / 576, 6);
  });

  it('prices attention per (query, key) pair: prefill 2·(128 + 64) + 2·128, absorbed decode 2·(512 + 64) + 2·512, per head per layer', () => {
    const { details } = profile({ model: 'deepseek-v3', gpu: 'h200', precision: 'fp8', tp: 8 });
    expect(details.cost.attentionFlopsPerPair).toBe((61 * 128 * 640) / 8);
    expect(details.cost.decodeAttentionFlopsPerPair).toBe((61 * 128 * 2176) / 8);
    expect(details.cost.decodeAttentionOnTensorCores).toBe(true);
  });
});

describe('sliding-window KV (Gemma 3 27B, gpt-oss)', () => {
  it('Gemma 3 27B: 10 global and 52 local layers of 1,024 tokens; 2 · 16 KV heads · 128 · 2 B = 8,192 B per token per layer', () => {
    const l = kvLayout(modelById('gemma-3-27b')!, 1, 2);
    expect([l.globalLayers, l.localLayers, l.windowTokens, l.bytesPerTokenPerLayer]).toEqual([10, 52, 1024, 8192]);
    // Short request (≤ window): every layer keeps every token.
    expect(layerTokensAt(l, 512) * l.bytesPerTokenPerLayer).toBe(62 * 512 * 8192);
    // Long request: 10 layers keep 32,768 tokens, 52 keep their 1,024.
    expect(layerTokensAt(l, 32768) * l.bytesPerTokenPerLayer).toBe((10 * 32768 + 52 * 1024) * 8192);
  });

  it('gpt-oss-120b: 18 global and 18 local layers of 128 tokens; 2 · 8 · 64 · 2 B = 2,048 B per token per layer', () => {
    const l = kvLayout(modelById('gpt-oss-120b')!, 1, 2);
    expect([l.globalLayers, l.localLayers, l.windowTokens, l.bytesPerTokenPerLayer]).toEqual([18, 18, 128, 2048]);
    expect(layerTokensAt(l, 100) * 2048).toBe(36 * 100 * 2048);
    expect(layerTokensAt(l, 8192) * 2048).toBe((18 * 8192 + 18 * 128) * 2048);
  });

  it('counts KV capacity at the request length given, and charges every layer in full without one', () => {
    const base: HardwareSpec = { model: 'gemma-3-27b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 };
    const full = profile(base).details.memory;
    const long = profile({ ...base, contextTokens: 32768 }).details.memory;
    expect(full.kvReferenceContextTokens).toBeNull();
    expect(full.kvBytesPerTokenPerGpu).toBe(62 * 8192);
    expect(long.kvBytesPerTokenPerGpu).toBeCloseTo(((10 * 32768 + 52 * 1024) / 32768) * 8192, 6);
    // Same free memory, about 62 / 11.6 ≈ 5.3× the tokens at 32K.
    expect(long.kvCacheBytesPerGpu).toBe(full.kvCacheBytesPerGpu);
    expect(long.kvCapacityTokens / full.kvCapacityTokens).toBeCloseTo(62 / (10 + 52 / 32), 2);
    // A request no longer than the window prices tokens as if there were no window.
    expect(profile({ ...base, contextTokens: 1000 }).details.memory.kvCapacityTokens).toBe(full.kvCapacityTokens);
    expect(profile({ ...base, contextTokens: 32768 }).profile.id).toMatch(/\/ctx32768$/);
  });

  it('ignores the request length for a model without a window', () => {
    const a = profile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
    const b = profile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, contextTokens: 32768 });
    expect(b.details.memory).toEqual(a.details.memory);
    expect(b.profile.id).toBe(a.profile.id);
  });

  it('a decode step reads the local layers only up to their window', () => {
    const { details } = profile({ model: 'gemma-3-27b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
    const perToken = 62 * 8192;
    const short = iterationBreakdown(details.cost, { ...EMPTY, decodeSeqs: 4, decodeKvTokens: 4 * 800 });
    const long = iterationBreakdown(details.cost, { ...EMPTY, decodeSeqs: 4, decodeKvTokens: 4 * 20_000 });
    // Reads + the 4 new tokens' writes to every layer.
    expect(short.kvBytes).toBeCloseTo((4 * 800 + 4) * perToken, 0);
    expect(long.kvBytes).toBeCloseTo(((10 / 62) * 80_000 + (52 / 62) * 4 * 1024 + 4) * perToken, 0);
  });
});

describe('parameter counts against published sizes', () => {
  it.each(Object.keys(PUBLISHED_ACTIVE_PARAMS))('%s: derived active parameters within 2%% of the published figure', (id) => {
    const pub = PUBLISHED_ACTIVE_PARAMS[id];
    const p = modelParams(modelById(id)!);
    const active = pub.countsInputEmbedding ? p.active : p.active - p.embedding;
    expect(Math.abs(active / pub.params - 1)).toBeLessThan(0.02);
  });

  it('reproduces exact counts: gpt-oss as OpenAI prints them, Gemma 3 27B text as keras-hub does', () => {
    expect(Math.round(modelParams(modelById('gpt-oss-120b')!).total / 1e7) / 100).toBe(116.83);
    expect(Math.round(modelParams(modelById('gpt-oss-20b')!).total / 1e7) / 100).toBe(20.91);
    // keras-hub counts the 262,144-token vocabulary; the HF config pads it to 262,208.
    expect(modelParams({ ...modelById('gemma-3-27b')!, vocabSize: 262144 }).total).toBe(27_009_002_240);
  });

  it('DeepSeek-V3: 58 MoE layers of 256 routed + 1 shared expert, 3 dense layers of 18,432', () => {
    const m = modelById('deepseek-v3')!;
    const p = modelParams(m);
    expect(p.moeLayers).toBe(58);
    expect(p.expertPerLayer).toBe(3 * 7168 * 2048);
    expect(p.total - p.active).toBe(58 * (256 - 8) * 3 * 7168 * 2048);
    expect(Math.abs(p.total / 671e9 - 1)).toBeLessThan(0.002);
    expect(modelParams(modelById('deepseek-r1')!)).toEqual(p);
  });

  it('Qwen3 has head_dim 128 with q/k norms and no QKV bias; Llama 3.2 ties its embeddings', () => {
    const q = modelById('qwen3-8b')!;
    expect(modelParams(q).total - modelParams({ ...q, qkNorm: false }).total).toBe(36 * 2 * 128);
    expect(q.qkvBias).toBe(false);
    const l = modelById('llama-3.2-1b')!;
    expect(modelParams({ ...l, tiedEmbeddings: false }).total - modelParams(l).total).toBe(128256 * 2048);
  });
});

describe('mixture-of-experts decode', () => {
  it('reads more experts as the batch grows, then saturates at all of them (Qwen3-30B-A3B)', () => {
    const { details } = profile({ model: 'qwen3-30b-a3b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
    const c = details.cost;
    const bytes = [1, 4, 16, 64, 256, 1024].map((b) => iterationBreakdown(c, { ...EMPTY, decodeSeqs: b, decodeKvTokens: b * 1000 }).weightBytes);
    for (let i = 1; i < bytes.length; i++) expect(bytes[i]).toBeGreaterThan(bytes[i - 1]);
    const all = c.nonExpertBytes + 48 * 128 * c.expertBytes;
    expect(bytes[0]).toBeCloseTo(c.nonExpertBytes + 48 * 8 * c.expertBytes, 0);
    expect(bytes.at(-1)! / all).toBeGreaterThan(0.999);
    expect(bytes.at(-1)!).toBeLessThanOrEqual(all + 1);
  });

  it('always reads the shared expert (DeepSeek-V3 at batch 1: 8 routed + 1 shared per MoE layer)', () => {
    const { details } = profile({ model: 'deepseek-v3', gpu: 'h200', precision: 'fp8', tp: 8 });
    const c = details.cost;
    const one = iterationBreakdown(c, { ...EMPTY, decodeSeqs: 1, decodeKvTokens: 1000 });
    expect(expectedExpertsTouched(256, 8, 1)).toBe(8);
    expect(one.weightBytes).toBeCloseTo(c.nonExpertBytes + 58 * c.expertBytes * 9, 0);
  });
});

describe('MXFP4 (gpt-oss checkpoints)', () => {
  it('stores experts at 4.25 bits and everything else in BF16', () => {
    const m = modelById('gpt-oss-120b')!;
    const p = modelParams(m);
    const plan = planMemory(resolved({ model: m.id, gpu: 'h100-sxm', precision: 'mxfp4', tp: 1 }), DEFAULT_SERVING);
    expect(plan.weightBytesTotal).toBeCloseTo(p.nonExpert * 2 + 36 * 128 * p.expertPerLayer * (4.25 / 8), 0);
    // About 65 GB: the model card's "fits on a single 80GB GPU".
    expect(plan.weightBytesTotal / 1e9).toBeGreaterThan(60);
    expect(plan.weightBytesTotal / 1e9).toBeLessThan(70);
  });

  it('computes on FP4 tensor cores where the GPU has them, in BF16 elsewhere', () => {
    const h100 = profile({ model: 'gpt-oss-20b', gpu: 'h100-sxm', precision: 'mxfp4', tp: 1 }).details.cost;
    const b200 = profile({ model: 'gpt-oss-20b', gpu: 'b200', precision: 'mxfp4', tp: 1 }).details.cost;
    expect(h100.lowPrecisionCompute).toBe(false);
    expect(h100.peakFlopsPerSec).toBeCloseTo(989.4e12, -10);
    expect(b200.lowPrecisionCompute).toBe(true);
    expect(b200.peakFlopsPerSec).toBe(gpuById('b200')!.peakFlopsPerSec.fp4);
  });
});

describe('refusals', () => {
  it('refuses gpt-oss in any precision but its checkpoint\'s, naming it', () => {
    for (const precision of ['bf16', 'fp8', 'int4']) {
      const r = refusal({ model: 'gpt-oss-120b', gpu: 'h100-sxm', precision, tp: 1 });
      expect(r.reason).toMatch(/published in mxfp4 only/);
      expect(r.suggestion).toMatch(/--precision mxfp4/);
    }
  });

  it('refuses MXFP4 for a model that has no MXFP4 checkpoint, naming those that do', () => {
    const r = refusal({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'mxfp4', tp: 1 });
    expect(r.reason).toMatch(/has none in it/);
    expect(r.suggestion).toMatch(/gpt-oss-20b, gpt-oss-120b/);
  });

  it('fits DeepSeek-V3 in FP8 across 8 H200, B200 or MI300X but not 8 H100, and says where it fits', () => {
    for (const gpu of ['h200', 'b200', 'mi300x']) expect(hardwareProfile({ model: 'deepseek-v3', gpu, precision: 'fp8', tp: 8 }).ok).toBe(true);
    const r = refusal({ model: 'deepseek-v3', gpu: 'h100-sxm', precision: 'fp8', tp: 8 });
    expect(r.reason).toMatch(/DeepSeek-V3 in fp8/);
    expect(r.suggestion).toMatch(/At fp8 it fits only on .*h200/);
    expect(r.suggestion).toMatch(/b200/);
    expect(r.suggestion).toMatch(/mi300x/);
    // And an A100 has no FP8 at all.
    expect(refusal({ model: 'deepseek-v3', gpu: 'a100-80gb-sxm', precision: 'fp8', tp: 8 }).reason).toMatch(/no FP8/);
  });

  it('every new model runs somewhere in the catalog at its checkpoint\'s (or a common) precision', () => {
    for (const m of MODELS) {
      const precisions = m.checkpoint?.precisions ?? ['bf16', 'fp8'];
      const runs = ['h100-sxm', 'h200', 'b200', 'mi300x'].some((gpu) =>
        precisions.some((precision) => validTpDegrees(m).some((tp) => hardwareProfile({ model: m.id, gpu, precision, tp }).ok)));
      expect(runs, m.id).toBe(true);
    }
  });
});
