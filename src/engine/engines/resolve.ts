/**
 * Turns a scenario's serving choices (an engine preset, plus any setting given
 * explicitly) into the concrete scheduler and memory settings, and says where
 * each came from. Pure: the settings layer calls it for links, the store and the CLI.
 */
import type { GpuSpec } from '../profiles/gpus';
import type { AdmissionPolicy } from '../types';
import { defaultEngineOn } from './hardware';
import type { ServingOptions } from '../profiles/memory';
import { enginePreset, type EngineId, type EnginePreset, type GpuSourced } from './presets';

/** What the scenario asks for: null means "not given" (the preset's, else the server's default). */
export interface ServingChoice {
  engine: EngineId | null;
  maxBatch: number | null;
  tokenBudget: number | null;
  chunkedPrefill: boolean | null;
  admission: AdmissionPolicy | null;
  /** Share of GPU memory (vLLM semantics), or TensorRT-LLM's share of free memory when the engine is TensorRT-LLM. */
  gpuMemoryUtilization: number | null;
}

/** Where a resolved value came from. */
export type Origin = 'explicit' | 'engine' | 'server';

/** The server's own scheduler defaults (the lesson server's, or the lab's hardware defaults). */
export interface ServerDefaults {
  maxBatch: number;
  /** Token budget used when prefill is chunked and nothing else sets one. */
  chunkBudgetTokens: number;
}

/** Concrete serving settings with their origins. */
export interface ResolvedServing {
  engine: EnginePreset | null;
  /** True when no engine was chosen and the hardware implies one (llama.cpp on Apple silicon, see `defaultEngineOn`). */
  engineImplied: boolean;
  maxBatch: number;
  /** Tokens per iteration, or null for the lab's default (the chunk budget when chunked, none when whole). */
  tokenBudget: number | null;
  /** The budget the server profile carries for chunks (and sizes activations with). */
  chunkBudgetTokens: number;
  chunkedPrefill: boolean;
  /** Decodes advance in steps that prefill (the engine's behaviour; true without an engine). */
  mixedBatches: boolean;
  admission: AdmissionPolicy;
  /** Paged watermark, or undefined for the engine's default. */
  watermark: number | undefined;
  /**
   * Memory rule for hardware servers, or null to keep the lab's default (90%
   * of memory, vLLM-like). With an engine it also carries what the engine
   * keeps before the KV cache (runtime, where activations go, CUDA graphs).
   */
  memory: (Pick<ServingOptions, 'memoryUtilization' | 'kvShareOfFree'> & Partial<Pick<ServingOptions, 'runtimeBytes' | 'activationsOutsideShare' | 'cudaGraphBytes'>>) | null;
  /** Extra per-iteration cost of the engine, seconds. */
  stepOverheadS: number;
  from: { maxBatch: Origin; tokenBudget: Origin; chunkedPrefill: Origin; admission: Origin; memory: Origin };
}

const GIB = 2 ** 30;

/** vLLM's test for its larger defaults: at least 70 GiB and not an A100. */
export function isBigGpu(gpu: GpuSpec | null): boolean {
  return gpu !== null && gpu.memoryBytes >= 70 * GIB && !gpu.id.startsWith('a100');
}

/** A preset value for a GPU (the lesson server has none, so it gets the general value). */
export function presetValue<T>(v: GpuSourced<T>, gpu: GpuSpec | null): T {
  return isBigGpu(gpu) && v.bigGpu !== undefined ? v.bigGpu : v.value;
}

/** The engine's memory share at a tensor-parallel degree. */
function memoryShare(p: EnginePreset, tp: number): number {
  const i = Math.round(Math.log2(Math.max(1, tp)));
  return p.memory.shareByTp?.[Math.min(i, p.memory.shareByTp.length - 1)] ?? p.memory.value.share;
}

/**
 * Resolves `choice` for a server: each setting is the explicit value if
 * given, else the engine's default, else the server's (the lab's original
 * scheduler). `gpu` is null for the lesson server, which keeps its own
 * memory and costs whatever the engine.
 */
export function resolveServing(choice: ServingChoice, server: ServerDefaults, gpu: GpuSpec | null, tp = 1): ResolvedServing {
  // With no engine chosen, Apple silicon runs llama.cpp: the lab's own scheduler stands for a GPU server that does not run there.
  const implied = choice.engine === null ? defaultEngineOn(gpu) : null;
  const engineId = choice.engine ?? implied;
  const preset = engineId ? (enginePreset(engineId) ?? null) : null;
  const pick = <T>(explicit: T | null, fromPreset: T | undefined, fallback: T): [T, Origin] =>
    explicit !== null ? [explicit, 'explicit'] : fromPreset !== undefined ? [fromPreset, 'engine'] : [fallback, 'server'];
  const [maxBatch, maxBatchFrom] = pick(choice.maxBatch, preset ? presetValue(preset.maxBatch, gpu) : undefined, server.maxBatch);
  const [tokenBudget, tokenBudgetFrom] = pick<number | null>(choice.tokenBudget, preset ? presetValue(preset.tokenBudget, gpu) : undefined, null);
  const [chunkedPrefill, chunkedFrom] = pick(choice.chunkedPrefill, preset?.chunkedPrefill.value, false);
  const [admission, admissionFrom] = pick<AdmissionPolicy>(choice.admission, preset?.admission.value, 'reserve');
  let memory: ResolvedServing['memory'] = null;
  let memoryFrom: Origin = 'server';
  if (gpu !== null) {
    const rule = preset?.memory.value.rule ?? 'total';
    const share = choice.gpuMemoryUtilization ?? (preset ? memoryShare(preset, tp) : null);
    if (share !== null) {
      memory = rule === 'free' ? { memoryUtilization: 1, kvShareOfFree: share } : { memoryUtilization: share, kvShareOfFree: 1 };
      if (preset) {
        memory = {
          ...memory,
          runtimeBytes: preset.budget.runtimeBytes.value,
          activationsOutsideShare: preset.budget.activations.value === 'outside-share',
          cudaGraphBytes: preset.budget.cudaGraphBytes.value,
        };
      }
      memoryFrom = choice.gpuMemoryUtilization !== null ? 'explicit' : 'engine';
    }
  }
  return {
    engine: preset,
    engineImplied: implied !== null && preset !== null,
    maxBatch,
    tokenBudget,
    chunkBudgetTokens: tokenBudget ?? server.chunkBudgetTokens,
    chunkedPrefill,
    mixedBatches: preset?.mixedBatches.value ?? true,
    admission,
    watermark: preset && admission === 'paged' ? preset.watermark.value : undefined,
    memory,
    stepOverheadS: gpu !== null && preset ? preset.stepOverheadS.value : 0,
    from: { maxBatch: maxBatchFrom, tokenBudget: tokenBudgetFrom, chunkedPrefill: chunkedFrom, admission: admissionFrom, memory: memoryFrom },
  };
}
