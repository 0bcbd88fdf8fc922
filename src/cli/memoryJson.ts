/** The CLI's `memory` field: each instance's per-GPU memory budget as its engine sizes it. */
import type { ResolvedServing } from '../engine/engines/resolve';
import type { RunResult } from '../engine/types';
import type { Settings } from '../settings/schema';
import { resolveHardwareServer } from '../settings/server';

const GIB = 2 ** 30;
const gib = (bytes: number): number => Math.round((bytes / GIB) * 1000) / 1000;

/** One instance's budget, per GPU in GiB; `kvTokens` is what the whole instance holds. */
export interface MemoryJson {
  instance: number;
  role: string;
  kvPrecision: string;
  gpuGiB: number;
  weightsGiB: number;
  activationsGiB: number;
  otherGiB: number;
  kvGiB: number;
  kvTokens: number;
  kvBytesPerToken: number;
  /** A speculative draft's weights (a draft model or EAGLE head; 0 without one). */
  draftWeightsGiB: number;
  /** The part of `kvGiB` that holds the draft's KV when the cache is full (0 without a draft). */
  draftKvGiB: number;
}

/**
 * `memory` of `predict --json`: one entry per instance (every instance of a
 * run is the same model on the same GPUs, so the budgets agree), or null
 * when the server is not hardware (the lesson and custom servers have no
 * memory budget, only a KV capacity). `otherGiB` is everything that is
 * neither weights, activations nor KV: runtime, CUDA graphs, headroom and
 * the share of free memory an engine leaves unused.
 */
export function memoryJson(settings: Settings, serving: ResolvedServing, result: RunResult): MemoryJson[] | null {
  if (settings.server !== 'hardware') return null;
  const hw = resolveHardwareServer(settings, serving);
  if (!hw.ok) return null;
  const m = hw.details.memory;
  const gpu = hw.details.memoryBytesPerGpu;
  const kv = Math.max(0, m.kvCacheBytesPerGpu);
  const entry = (instance: number, role: string): MemoryJson => ({
    instance,
    role,
    kvPrecision: hw.details.kvPrecision,
    gpuGiB: gib(gpu),
    weightsGiB: gib(m.weightBytesPerGpu),
    activationsGiB: gib(m.activationBytesPerGpu),
    otherGiB: gib(Math.max(0, gpu - m.weightBytesPerGpu - m.draftWeightBytesPerGpu - m.activationBytesPerGpu - kv)),
    kvGiB: gib(kv),
    kvTokens: m.kvCapacityTokens,
    kvBytesPerToken: m.kvBytesPerTokenPerGpu,
    draftWeightsGiB: gib(m.draftWeightBytesPerGpu),
    draftKvGiB: gib(m.draftKvBytesPerGpu),
  });
  return result.instances ? result.instances.map((i, index) => entry(index, i.role)) : [entry(0, 'colocated')];
}
