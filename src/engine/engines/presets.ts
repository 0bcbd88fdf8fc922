/**
 * Serving engines as data: each one's scheduler and memory defaults, with the
 * engine version they belong to and where each default comes from. A preset
 * fills in what a scenario leaves unset; anything set explicitly wins.
 * Nothing here is fitted except where `efficiency.fitted` says so.
 */
import type { AdmissionPolicy } from '../types';

/** Engines the lab has presets for, as links and the CLI spell them. */
export const ENGINE_IDS = ['vllm', 'trtllm', 'sglang', 'llamacpp'] as const;
/** One of `ENGINE_IDS`. */
export type EngineId = (typeof ENGINE_IDS)[number];

/** A default and the place it comes from. */
export interface Sourced<T> {
  value: T;
  /** File, option or page the value is read from, with the version. */
  source: string;
}

/**
 * A default that depends on the GPU: `value` on most, `bigGpu` on GPUs with
 * at least 70 GiB that are not A100s (vLLM's own rule for its defaults).
 */
export interface GpuSourced<T> extends Sourced<T> {
  bigGpu?: T;
}

/** How an engine sizes its KV cache. */
export interface MemoryRule {
  /**
   * `total`: weights + activations + KV may use `share` of device memory
   * (vLLM `gpu_memory_utilization`, SGLang `mem_fraction_static`).
   * `free`: after weights and activations, `share` of the memory left becomes
   * KV (TensorRT-LLM `free_gpu_memory_fraction`).
   */
  rule: 'total' | 'free';
  /** The share, 0..1. */
  share: number;
}

/** Everything a preset sets. */
export interface EnginePreset {
  id: EngineId;
  /** Human label, e.g. "vLLM". */
  label: string;
  /** The version the defaults were read from. */
  version: string;
  /** One sentence on how it schedules, for the settings column. */
  summary: string;
  /** Most sequences running at once. */
  maxBatch: GpuSourced<number>;
  /** Tokens one iteration may carry. */
  tokenBudget: GpuSourced<number>;
  chunkedPrefill: Sourced<boolean>;
  /** Whether decoding requests advance in a step that prefills (false: prompt batches run alone while decodes wait). */
  mixedBatches: Sourced<boolean>;
  admission: Sourced<AdmissionPolicy>;
  /** Paged: share of KV blocks kept free after an admission. */
  watermark: Sourced<number>;
  /** KV memory, per tensor-parallel degree where the engine varies it (index = log2 tp). */
  memory: Sourced<MemoryRule> & { shareByTp?: readonly number[] };
  /**
   * Per-iteration cost beyond the lab's fitted one, seconds: the engine's own
   * scheduling and launch overhead where it is known to differ.
   */
  stepOverheadS: Sourced<number>;
  /** Whether the roofline factors were fitted to this engine's measurements, and what that means. */
  efficiency: { fitted: boolean; note: string };
}

const NOT_FITTED =
  'Not fitted: data/calibration holds no measurements of this engine, so its step costs use the factors fitted to TensorRT-LLM runs. ' +
  'Real differences in kernels and per-step overhead are not in these numbers.';

/** The four presets. */
export const ENGINE_PRESETS: readonly EnginePreset[] = [
  {
    id: 'vllm',
    label: 'vLLM',
    version: 'vLLM 0.10 (V1 engine)',
    summary: 'Paged KV with preemption by recompute, chunked prefill always on; 1,024 sequences and 8,192 tokens per step on big GPUs, 256 and 2,048 elsewhere.',
    maxBatch: { value: 256, bigGpu: 1024, source: 'max_num_seqs for the OpenAI server: vllm/engine/arg_utils.py, EngineArgs.get_batch_defaults (GPUs ≥ 70 GiB other than A100 get 1,024)' },
    tokenBudget: { value: 2048, bigGpu: 8192, source: 'max_num_batched_tokens for the OpenAI server: vllm/engine/arg_utils.py, EngineArgs.get_batch_defaults' },
    chunkedPrefill: { value: true, source: 'V1 always uses chunked prefill: EngineArgs._set_default_args_v1' },
    mixedBatches: { value: true, source: 'V1 schedules running (decoding) requests first, then prompt chunks in the same step: vllm/v1/core/sched/scheduler.py' },
    admission: { value: 'paged', source: 'PagedAttention block manager; V1 preempts the last running request (recompute) when a block cannot be allocated: vllm/v1/core/sched/scheduler.py' },
    watermark: { value: 0, source: 'V1 KVCacheManager.allocate_slots checks free blocks with no watermark (V0 kept 1%); the lab still holds a whole prompt at admission, as V0 did' },
    memory: { value: { rule: 'total', share: 0.9 }, source: '--gpu-memory-utilization 0.9' },
    stepOverheadS: { value: 0, source: NOT_FITTED },
    efficiency: { fitted: false, note: NOT_FITTED },
  },
  {
    id: 'trtllm',
    label: 'TensorRT-LLM',
    version: 'TensorRT-LLM 1.0',
    summary: 'Reserves each request\'s whole KV footprint (never evicts), prompts whole unless chunked context is enabled; 2,048 sequences and 8,192 tokens per step.',
    maxBatch: { value: 2048, source: 'max_batch_size default: tensorrt_llm BuildConfig / LLM API (1.0)' },
    tokenBudget: { value: 8192, source: 'max_num_tokens default: tensorrt_llm BuildConfig / LLM API (1.0)' },
    chunkedPrefill: { value: false, source: 'enable_chunked_prefill defaults to False (LLM API)' },
    mixedBatches: { value: true, source: 'in-flight batching runs context and generation requests in the same step (docs: the TensorRT-LLM scheduler, max batch size and max num tokens)' },
    admission: { value: 'reserve', source: 'CapacitySchedulerPolicy GUARANTEED_NO_EVICT is the default (docs: performance tuning guide, useful runtime flags)' },
    watermark: { value: 0, source: 'not used: reserve admission' },
    memory: { value: { rule: 'free', share: 0.9 }, source: 'KvCacheConfig.free_gpu_memory_fraction 0.9 (docs: how to change KV cache behavior)' },
    stepOverheadS: { value: 0, source: 'The lab\'s per-iteration overhead is fitted to TensorRT-LLM runs (docs/calibration.md)' },
    efficiency: {
      fitted: true,
      note: 'Fitted: every measurement in data/calibration ran TensorRT-LLM (trtllm-bench, its session benchmark, and NIM under GenAI-Perf), so the roofline factors are this engine\'s.',
    },
  },
  {
    id: 'sglang',
    label: 'SGLang',
    version: 'SGLang 0.4',
    summary: 'Paged (radix-cache) KV that retracts the newest decoding requests when memory runs out, chunked prefill of 8,192 tokens run in steps of their own (decodes wait), about 2,048 running requests.',
    maxBatch: { value: 2048, source: 'max_running_requests unset: derived from the request pool, min(max(tokens / context × 512, 2048), 4096), about 2,048 for an 8B model (ModelRunner.init_memory_pool)' },
    tokenBudget: { value: 8192, source: 'chunked_prefill_size: 8,192 on GPUs with 35–160 GB (python/sglang/srt/server_args.py; 2,048 below, 16,384 above)' },
    chunkedPrefill: { value: true, source: 'chunked prefill is on whenever chunked_prefill_size > 0' },
    mixedBatches: { value: false, source: 'enable_mixed_chunk defaults to False: a prefill batch runs on its own and decoding requests wait for the next step (server_args.py)' },
    admission: { value: 'paged', source: 'token-level KV pool; Scheduler.retract_decode evicts the requests with the fewest output tokens first. SGLang admits against an estimate of future tokens (new_token_ratio); the lab admits on the prompt alone' },
    watermark: { value: 0, source: 'no block watermark (its headroom is the new_token_ratio estimate, not modelled)' },
    memory: { value: { rule: 'total', share: 0.88 }, shareByTp: [0.88, 0.87, 0.85, 0.81], source: 'mem_fraction_static: 0.88 at TP 1, 0.87 at TP 2, 0.85 at TP 4, 0.81 at TP 8 (server_args.py)' },
    stepOverheadS: { value: 0, source: NOT_FITTED },
    efficiency: { fitted: false, note: NOT_FITTED },
  },
  {
    id: 'llamacpp',
    label: 'llama.cpp',
    version: 'llama.cpp server (b7000+, late 2025)',
    summary: 'Four slots by default, each request keeping its KV until it ends (no preemption); prompts split into 2,048-token batches shared with decoding slots.',
    maxBatch: { value: 4, source: '--parallel -1 (auto) opens 4 slots with a unified KV cache (llama.cpp PR #16736; tools/server/README.md)' },
    tokenBudget: { value: 2048, source: '--batch-size (logical batch) 2048: common/common.h n_batch' },
    chunkedPrefill: { value: true, source: 'continuous batching (default on): each batch mixes decoding slots with up to n_batch prompt tokens' },
    mixedBatches: { value: true, source: 'tools/server: one llama_batch per step holds every decoding slot\'s token and then prompt tokens' },
    admission: { value: 'reserve', source: 'a slot keeps its KV cells until it finishes; llama.cpp never preempts (a full cache shifts or fails the context instead)' },
    watermark: { value: 0, source: 'not used: reserve admission' },
    memory: { value: { rule: 'total', share: 0.9 }, source: 'llama.cpp sizes its cache with --ctx-size; the lab gives it the same memory as vLLM\'s default so that memory is not the difference shown' },
    stepOverheadS: { value: 0, source: NOT_FITTED },
    efficiency: { fitted: false, note: NOT_FITTED },
  },
];

/** The preset of `id`, or undefined. */
export function enginePreset(id: string): EnginePreset | undefined {
  return ENGINE_PRESETS.find((e) => e.id === id);
}
