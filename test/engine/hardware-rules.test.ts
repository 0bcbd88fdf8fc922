import { describe, expect, it } from 'vitest';
import { ENGINE_HARDWARE, defaultEngineOn, engineHardwareRefusal, engineRunsOn, enginesOn } from '../../src/engine/engines/hardware';
import { ENGINE_IDS } from '../../src/engine/engines/presets';
import {
  DEFAULT_SERVING, FITTED_FACTORS, GPUS, costModel, datasheetGbBytes, gpuById, hardwareProfile, interconnectFor, macosGpuWiredLimitBytes, planMemory,
  resolveSpec, validTpDegreesOn, type GpuSpec, type ResolvedSpec,
} from '../../src/engine/profiles/index';

const GIB = 2 ** 30;
const MIB = 2 ** 20;
const gpu = (id: string): GpuSpec => {
  const g = gpuById(id);
  if (!g) throw new Error(`no GPU ${id}`);
  return g;
};
const resolved = (spec: Parameters<typeof resolveSpec>[0]): ResolvedSpec => {
  const r = resolveSpec(spec);
  if (!r.ok) throw new Error(r.reason);
  return r.resolved;
};

describe('which engine runs on which hardware', () => {
  const runs: Record<string, readonly string[]> = { vllm: ['nvidia', 'amd'], trtllm: ['nvidia'], sglang: ['nvidia', 'amd'], llamacpp: ['nvidia', 'amd', 'apple'] };

  it.each(ENGINE_IDS.flatMap((e) => GPUS.map((g) => [e, g.id] as const)))('%s on %s is refused exactly when its maker is not supported', (engine, id) => {
    const g = gpu(id);
    const refusal = engineHardwareRefusal(engine, g);
    expect(engineRunsOn(engine, g)).toBe(runs[engine].includes(g.vendor));
    expect(refusal === null).toBe(runs[engine].includes(g.vendor));
  });

  it('refuses TensorRT-LLM on an MI300X and vLLM or SGLang on an M4 Max, with the reason and what would run', () => {
    const trt = engineHardwareRefusal('trtllm', gpu('mi300x'))!;
    expect(trt.reason).toMatch(/TensorRT-LLM cannot serve on the MI300X, an AMD GPU/);
    expect(trt.reason).toMatch(/NVIDIA GPUs only/);
    expect(trt.suggestion).toMatch(/vLLM, SGLang or llama\.cpp/);
    const vllm = engineHardwareRefusal('vllm', gpu('m4-max'))!;
    expect(vllm.reason).toMatch(/only on the CPU/);
    expect(vllm.suggestion).toMatch(/use llama\.cpp \(--engine llamacpp\)/);
    expect(engineHardwareRefusal('sglang', gpu('m2-ultra'))!.reason).toMatch(/no Apple-GPU backend/);
  });

  it('lists only llama.cpp on Apple silicon, and runs it when no engine is chosen there', () => {
    for (const id of ['m2-ultra', 'm3-max', 'm4-max']) {
      expect(enginesOn(gpu(id))).toEqual(['llamacpp']);
      expect(defaultEngineOn(gpu(id))).toBe('llamacpp');
    }
    expect(defaultEngineOn(gpu('h100-sxm'))).toBeNull();
    expect(defaultEngineOn(gpu('mi325x'))).toBeNull();
    expect(defaultEngineOn(null)).toBeNull();
  });

  it('gives a source for every rule', () => {
    for (const id of ENGINE_IDS) expect(ENGINE_HARDWARE[id].source.length).toBeGreaterThan(30);
  });
});

describe('tensor parallelism on consumer and Apple hardware', () => {
  it('refuses TP above 1 on every Apple chip, saying it is one GPU', () => {
    for (const id of ['m2-ultra', 'm3-max', 'm4-max']) {
      const r = resolveSpec({ model: 'llama-3.1-8b', gpu: id, precision: 'fp16', tp: 2 });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.reason).toMatch(/single GPU/);
        expect(r.suggestion).toMatch(/--tp 1/);
      }
      expect(resolveSpec({ model: 'llama-3.1-8b', gpu: id, precision: 'fp16', tp: 1 }).ok).toBe(true);
      expect(validTpDegreesOn(resolved({ model: 'llama-3.1-8b', gpu: id, precision: 'fp16', tp: 1 }).model, gpu(id))).toEqual([1]);
    }
  });

  it('still refuses TP 16 on a data-centre GPU as more than one server', () => {
    const r = resolveSpec({ model: 'llama-3.1-405b', gpu: 'gb200', precision: 'fp8', tp: 16 });
    expect(!r.ok && r.reason).toMatch(/more than one 8-GPU server/);
  });

  it('all-reduces over the 3090 NVLink bridge at TP 2 (56.25 GB/s each way) and over PCIe 4.0 beyond two cards', () => {
    const g = gpu('rtx-3090');
    expect(interconnectFor(g, 2).bytesPerSecPerDirection).toBe(56.25e9);
    expect(interconnectFor(g, 4).bytesPerSecPerDirection).toBe(32e9);
    expect(interconnectFor(gpu('rtx-4090'), 2).kind).toBe('pcie');
    const at = (tp: number) => {
      const r = resolved({ model: 'llama-3.1-8b', gpu: 'rtx-3090', precision: 'fp16', tp });
      return costModel(r, planMemory(r, DEFAULT_SERVING), FITTED_FACTORS).interconnectBytesPerSec;
    };
    expect(at(2)).toBe(56.25e9);
    expect(at(4)).toBe(32e9);
  });

  it('warns of PCIe all-reduces on two 4090s but not on two bridged 3090s', () => {
    const warn = (id: string) => {
      const p = hardwareProfile({ model: 'llama-3.1-8b', gpu: id, precision: 'fp16', tp: 2 });
      if (!p.ok) throw new Error(p.reason);
      return p.details.warnings.join(' ');
    };
    expect(warn('rtx-4090')).toMatch(/PCIe 4\.0/);
    expect(warn('rtx-3090')).not.toMatch(/PCIe/);
  });

  it('moves KV between machines over the GPU\'s own link, not the 3090\'s bridge', () => {
    const p = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'rtx-3090', precision: 'fp16', tp: 2 });
    expect(p.ok && p.profile.kvLink?.bytesPerSecPerGpu).toBe(32e9);
  });
});

describe('Apple silicon: the GPU gets the wired share of unified memory', () => {
  it('reproduces the defaults Metal logs: 2/3 of RAM up to 32 GiB, 3/4 above', () => {
    // ggml_metal_init printed recommendedMaxWorkingSetSize = 10922.67 MB (16 GB Mac) and 21845.34 MB (32 GB Mac), in MiB.
    expect(macosGpuWiredLimitBytes(16 * GIB) / MIB).toBeCloseTo(10922.67, 2);
    expect(macosGpuWiredLimitBytes(32 * GIB) / MIB).toBeCloseTo(21845.33, 2);
    // …and 73728.00 MB on a 96 GB M2 Max.
    expect(macosGpuWiredLimitBytes(96 * GIB) / MIB).toBe(73728);
    expect(macosGpuWiredLimitBytes(64 * GIB)).toBe(48 * GIB);
    expect(gpu('m4-max').memoryBytes).toBe(96 * GIB);
    expect(gpu('m3-max').memoryBytes).toBe(96 * GIB);
    expect(gpu('m2-ultra').memoryBytes).toBe(144 * GIB);
    expect(gpu('m4-max').unifiedMemoryBytes).toBe(128 * GIB);
    // The datasheet "GB" stays the unified memory's: 128 GB printed over 128 GiB.
    expect(datasheetGbBytes(gpu('m4-max'))).toBe(GIB);
  });

  /**
   * Llama-3.1-8B in fp16 with llama.cpp's defaults (90% of the memory, 4 slots, 2,048-token batches):
   *   usable U           = 3/4 × 128 GiB                              = 103,079,215,104 B
   *   headroom           = (1 − 0.9) × U                              =  10,307,921,510.4 B
   *   runtime            = 1 GB                                       =   1,000,000,000 B
   *   activations        = 2,048 × (6 × 4,096 + 3 × 14,336) × 2 B
   *                        + 4 slots × 128,256 vocab × 4 B (logits)   =     278,876,160 B
   *   weights            = 8,030,261,248 params × 2 B                 =  16,060,522,496 B
   *   KV cache           = U − headroom − runtime − activations − weights = 75,431,894,937.6 B
   *   KV per token       = 2 × 32 layers × 8 KV heads × 128 × 2 B     =         131,072 B
   *   capacity           = floor(75,431,894,937.6 / 131,072)          =         575,499 tokens
   */
  it('a 128 GB M4 Max holds 575,499 tokens of Llama-3.1-8B fp16 KV with llama.cpp\'s defaults', () => {
    const U = 0.75 * 128 * GIB;
    const activations = 2048 * (6 * 4096 + 3 * 14336) * 2 + 4 * 128256 * 4;
    const kv = U - 0.1 * U - 1e9 - activations - 8_030_261_248 * 2;
    expect(U).toBe(103_079_215_104);
    expect(activations).toBe(278_876_160);
    expect(Math.floor(kv / 131_072)).toBe(575_499);
    const serving = { ...DEFAULT_SERVING, memoryUtilization: 0.9, kvShareOfFree: 1, maxBatch: 4, chunkBudgetTokens: 2048 };
    const plan = planMemory(resolved({ model: 'llama-3.1-8b', gpu: 'm4-max', precision: 'fp16', tp: 1 }), serving);
    expect(plan.kvCapacityTokens).toBe(575_499);
    expect(plan.kvCacheBytesPerGpu).toBeCloseTo(kv, 0);
  });

  /** The same on a 64 GB M4 Max: U = 3/4 × 64 GiB = 51,539,607,552 B, KV = 29,046,248,140.8 B, floor(/131,072) = 221,605 tokens. */
  it('a 64 GB M4 Max (same chip, half the memory) holds 221,605 tokens', () => {
    const U = 0.75 * 64 * GIB;
    const kv = U - 0.1 * U - 1e9 - 278_876_160 - 16_060_522_496;
    expect(Math.floor(kv / 131_072)).toBe(221_605);
    const m4 = gpu('m4-max');
    const m4With64: GpuSpec = { ...m4, unifiedMemoryBytes: 64 * GIB, memoryBytes: macosGpuWiredLimitBytes(64 * GIB), memoryAsPrintedGb: 64 };
    const r = { ...resolved({ model: 'llama-3.1-8b', gpu: 'm4-max', precision: 'fp16', tp: 1 }), gpu: m4With64 };
    expect(planMemory(r, { ...DEFAULT_SERVING, maxBatch: 4, chunkBudgetTokens: 2048 }).kvCapacityTokens).toBe(221_605);
  });

  it('refuses a model that needs more than the wired share, naming both figures', () => {
    const r = hardwareProfile({ model: 'llama-3.1-70b', gpu: 'm4-max', precision: 'fp16', tp: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      // 70.55 B params × 2 B = 141.1e9 B = 131 GiB of weights (the Mac's GB are GiB) against 96 GiB usable of 128.
      expect(r.reason).toMatch(/needs 131 GB of weights; macOS lets the M4 Max's GPU use 96 GB of its 128 GB of unified memory/);
      expect(r.suggestion).toMatch(/int4/);
    }
    const q = hardwareProfile({ model: 'llama-3.1-70b', gpu: 'm4-max', precision: 'int4', tp: 1 });
    expect(q.ok).toBe(true);
  });

  it('says in the profile\'s cautions that macOS limits the GPU\'s share', () => {
    const p = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'm2-ultra', precision: 'fp16', tp: 1 });
    expect(p.ok && p.details.warnings.join(' ')).toMatch(/192 GB of unified memory.*144 GB by default.*iogpu\.wired_limit_mb/);
  });
});

describe('datasheet sanity of the new GPUs', () => {
  it('takes dense peaks: half of the sparse figure NVIDIA prints', () => {
    // Ada whitepaper: FP16/BF16 with FP32 accumulate 165.2 / 330.4 sparse; FP8 with FP32 accumulate 330.3 / 660.6.
    expect(gpu('rtx-4090').peakFlopsPerSec.bf16).toBeCloseTo(330.4e12 / 2, -10);
    expect(gpu('rtx-4090').peakFlopsPerSec.fp8).toBeCloseTo(660.6e12 / 2, -10);
    // GA102 whitepaper: FP16 with FP32 accumulate 71 / 142 sparse; no FP8 on Ampere.
    expect(gpu('rtx-3090').peakFlopsPerSec.bf16).toBe(142e12 / 2);
    expect(gpu('rtx-3090').peakFlopsPerSec.fp8).toBeUndefined();
    // GB200 NVL72 per-GPU column: 5 / 10 / 20 PFLOPS sparse.
    expect(gpu('gb200').peakFlopsPerSec).toEqual({ fp16: 2.5e15, bf16: 2.5e15, fp8: 5e15, fp4: 10e15 });
    expect(gpu('h20').peakFlopsPerSec).toEqual({ fp16: 148e12, bf16: 148e12, fp8: 296e12 });
    expect(gpu('mi325x').peakFlopsPerSec).toEqual(gpu('mi300x').peakFlopsPerSec);
  });

  // The L4 and L40S datasheets round unevenly (121 / 242.5 and 362.05 / 733 dense), hence 2% of slack.
  it('keeps each low-precision peak at most twice the one above it (×2 per halving of bits)', () => {
    for (const g of GPUS) {
      const p = g.peakFlopsPerSec;
      if (p.fp8 !== undefined) expect(p.fp8).toBeLessThanOrEqual(2 * p.bf16 * 1.02);
      if (p.fp4 !== undefined) expect(p.fp4).toBeLessThanOrEqual(2 * (p.fp8 ?? 0) * 1.02);
    }
  });

  it('prints bandwidth in SI bytes per second', () => {
    expect(gpu('rtx-4090').bandwidthBytesPerSec).toBe(1.008e12);
    expect(gpu('rtx-3090').bandwidthBytesPerSec).toBe(936e9);
    expect(gpu('h20').bandwidthBytesPerSec).toBe(4e12);
    expect(gpu('mi325x').bandwidthBytesPerSec).toBe(6e12);
    expect(gpu('gb200').bandwidthBytesPerSec).toBe(8e12);
    expect(gpu('m2-ultra').bandwidthBytesPerSec).toBe(800e9);
    expect(gpu('m3-max').bandwidthBytesPerSec).toBe(400e9);
    expect(gpu('m4-max').bandwidthBytesPerSec).toBe(546e9);
    // Memory is binary on all of them: HBM stacks, GDDR6X chips without ECC, LPDDR5.
    for (const id of ['rtx-4090', 'rtx-3090', 'h20', 'mi325x', 'gb200', 'm2-ultra', 'm3-max', 'm4-max']) expect(datasheetGbBytes(gpu(id))).toBe(GIB);
  });

  it('makes an M4 Max decode slower than an H100 by about their bandwidth ratio', () => {
    const step = (id: string) => {
      const p = hardwareProfile({ model: 'llama-3.1-8b', gpu: id, precision: 'fp16', tp: 1 });
      if (!p.ok) throw new Error(p.reason);
      return p.profile.iterationSeconds({ prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 1, decodeKvTokens: 1000 });
    };
    const ratio = step('m4-max') / step('h100-sxm');
    // 3.35 TB/s ÷ 546 GB/s = 6.1 for the weight stream; the fixed per-step overhead, the same on both, pulls it to about 4.3.
    expect(ratio).toBeGreaterThan(3.5);
    expect(ratio).toBeLessThan(6.2);
  });
});
