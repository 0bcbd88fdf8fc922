/**
 * How the benchmarks behind measurements.csv configured their engines, so the
 * lab simulates the same setup. These are properties of each benchmark tool,
 * applied to every row of a kind alike, never tuned per row.
 */
import { modelParams, type ModelConfig } from '../profiles/models';
import type { ServingOptions } from '../profiles/memory';
import type { GpuSpec } from '../profiles/gpus';

/**
 * Every source here ran TensorRT-LLM (or its FasterTransformer predecessor),
 * which loads the weights, then gives 90% of the remaining free memory to the
 * KV cache (`kv_cache_free_gpu_mem_fraction`, default 0.9 in trtllm-bench)
 * instead of capping total use like vLLM's `gpu_memory_utilization`.
 */
export const TRTLLM_MEMORY: Pick<ServingOptions, 'memoryUtilization' | 'kvShareOfFree' | 'runtimeBytes'> = {
  memoryUtilization: 1,
  kvShareOfFree: 0.9,
  runtimeBytes: 1e9,
};

/**
 * Requests per run of the TensorRT-LLM v0.14 perf overview, by "input/output"
 * length, from the table "$num_requests" in its docs/source/performance/perf-overview.md.
 */
export const TRTLLM_V014_REQUESTS: Readonly<Record<string, number>> = {
  '128/128': 30000, '128/2048': 3000, '128/4096': 1500, '2048/128': 3000, '2048/2048': 1500,
  '5000/500': 1500, '1000/1000': 3000, '500/2000': 3000, '20000/2000': 1000,
};

/** Requests simulated for a saturated run whose length pair the table lacks. */
export const DEFAULT_SATURATED_REQUESTS = 1500;

const roundUp = (x: number, step: number): number => step * Math.ceil(x / step);

/**
 * The batch limit and token budget `trtllm-bench build` picks for a dataset,
 * restated from its tuning heuristic (tensorrt_llm/bench/build/tuning.py):
 * estimate how many requests of input + output tokens fit in 95% of the
 * memory left after the weights (counting at least one KV head per GPU),
 * cap at 4,096, round up in steps of 32/128/256; the token budget is that
 * batch × (1 + input/output), capped at 32,768, at least 2,048, rounded up.
 * It counts 1 byte per weight for FP8 and 2 otherwise, as the tool does.
 */
export function trtllmBenchSettings(
  model: ModelConfig,
  gpu: GpuSpec,
  tp: number,
  fp8: boolean,
  inputTokens: number,
  outputTokens: number,
): { maxBatch: number; chunkBudgetTokens: number } {
  const bytesPerWeight = fp8 ? 1 : 2;
  const kvHeads = Math.max(tp, model.kvHeads);
  const kvBytesPerToken = 2 * model.layers * kvHeads * model.headDim * bytesPerWeight;
  const free = gpu.memoryBytes * tp - modelParams(model).total * bytesPerWeight;
  const requests = Math.max(0, (0.95 * free) / kvBytesPerToken / (inputTokens + outputTokens));
  const rawBatch = Math.min(requests, 4096);
  const rawTokens = Math.min(rawBatch * (1 + inputTokens / outputTokens), 32768);
  const maxBatch = rawBatch < 256 ? Math.max(64, roundUp(rawBatch, 32)) : rawBatch < 1024 ? roundUp(rawBatch, 128) : roundUp(rawBatch, 256);
  const chunkBudgetTokens =
    rawTokens < 4096 ? Math.max(2048, roundUp(rawTokens, 256)) : rawTokens < 8192 ? roundUp(rawTokens, 512) : roundUp(rawTokens, 1024);
  return { maxBatch, chunkBudgetTokens };
}
