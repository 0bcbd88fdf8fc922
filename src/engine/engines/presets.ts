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

/**
 * What an engine keeps on each GPU before it sizes the KV cache, besides the
 * weights, and where each figure comes from.
 */
export interface MemoryBudget {
  /** CUDA context and the NCCL and cuBLAS workspaces outside the engine's tensors, bytes per GPU. */
  runtimeBytes: Sourced<number>;
  /**
   * `before-kv`: the peak activations of a profiling step at the token budget
   * are taken out before the KV cache is sized. `outside-share`: they live in
   * the memory the engine's share leaves out (SGLang's 1 − mem_fraction_static).
   */
  activations: Sourced<'before-kv' | 'outside-share'>;
  /** CUDA-graph pools counted before the KV cache is sized, bytes per GPU (0 when the graphs are captured afterwards, out of the headroom). */
  cudaGraphBytes: Sourced<number>;
}

/**
 * How the engine stores the KV cache when the scenario does not say:
 * `model-dtype` keeps it in the model's 16-bit activation type even when the
 * weights are quantized (an FP8 KV cache must be asked for); `fp16` keeps
 * it in FP16 whatever the model.
 */
export type KvCacheRule = 'model-dtype' | 'fp16';

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
  /** What is kept before the KV cache. */
  budget: MemoryBudget;
  /** The KV cache's precision when `kvPrecision` is auto. */
  kvCache: Sourced<KvCacheRule>;
  /**
   * Per-iteration cost beyond the lab's fitted one, seconds: the engine's own
   * scheduling and launch overhead where it is known to differ.
   */
  stepOverheadS: Sourced<number>;
  /** Whether the roofline factors were fitted to this engine's measurements, and what that means. */
  efficiency: { fitted: boolean; note: string };
}

const RUNTIME_LAB =
  'about 1 GB per GPU for the CUDA context and the NCCL and cuBLAS workspaces: the lab\'s round figure (vLLM logs it as non-torch memory), not a measurement of this engine';

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
    memory: {
      value: { rule: 'total', share: 0.9 },
      source: '--gpu-memory-utilization 0.9 of total device memory; weights, the profiled peak activations and non-torch memory come out of it and the rest is KV (vllm/v1/worker/gpu_worker.py, Worker.determine_available_memory: requested_memory − non_kv_cache_memory)',
    },
    budget: {
      runtimeBytes: { value: 1e9, source: `counted in non_kv_cache_memory as non-torch memory; ${RUNTIME_LAB}` },
      activations: { value: 'before-kv', source: 'profile_run runs a dummy step of max_num_batched_tokens and a sampler pass of max_num_seqs; its peak is part of non_kv_cache_memory (vllm/v1/worker/gpu_model_runner.py, GPUModelRunner.profile_run)' },
      cudaGraphBytes: { value: 0, source: 'V1 captures CUDA graphs after the KV cache is allocated (Worker.compile_or_warm_up_model), so their pool comes out of the 1 − gpu_memory_utilization headroom, not out of the KV cache' },
    },
    kvCache: { value: 'model-dtype', source: '--kv-cache-dtype auto stores the cache in the model\'s data type (vllm/config/cache.py, CacheConfig.cache_dtype); an FP8 cache needs --kv-cache-dtype fp8' },
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
    memory: {
      value: { rule: 'free', share: 0.9 },
      source: 'KvCacheConfig.free_gpu_memory_fraction 0.9 of the memory left free after a profiling step: (total − peak) × fraction (tensorrt_llm/_torch/pyexecutor/_util.py, KvCacheCreator._cal_max_memory; docs: how to change KV cache behavior)',
    },
    budget: {
      runtimeBytes: { value: 1e9, source: `the profiled peak counts torch and non-torch memory (KvCacheCreator._cal_max_memory); ${RUNTIME_LAB}` },
      activations: { value: 'before-kv', source: 'the profiling step runs dummy context requests adding up to max_num_tokens (KvCacheCreator._create_dummy_context_requests); the lab adds fp32 logits for max_batch_size sequences' },
      cudaGraphBytes: { value: 0, source: 'CUDA-graph warm-up runs inside the estimation (KvCacheCreator._get_token_num_for_estimation sizes the temporary cache for it), so the graphs are in the profiled peak; the lab has no sourced size for them and counts none' },
    },
    kvCache: { value: 'model-dtype', source: 'FP8 weights keep a 16-bit KV cache unless the checkpoint or build names a KV quantization (QuantConfig.kv_cache_quant_algo defaults to None; examples/quantization/quantize.py --kv_cache_dtype fp8, convert_checkpoint.py --fp8_kv_cache)' },
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
    memory: {
      value: { rule: 'total', share: 0.88 },
      shareByTp: [0.88, 0.87, 0.85, 0.81],
      source: 'mem_fraction_static: 0.88 at TP 1, 0.87 at TP 2, 0.85 at TP 4, 0.81 at TP 8 (server_args.py) of the memory free at start-up holds the weights and the KV pool: rest = free after weights − start-up free × (1 − mem_fraction_static) (python/sglang/srt/model_executor/model_runner.py, profile_max_num_token)',
    },
    budget: {
      runtimeBytes: { value: 1e9, source: `the CUDA context and NCCL exist before the start-up snapshot (ModelRunner.init_torch_distributed), so the share applies to what they leave; ${RUNTIME_LAB}` },
      activations: { value: 'outside-share', source: 'activations and CUDA graphs use the 1 − mem_fraction_static left out of the share (server_args.py: GPU memory = weights + KV cache pool + activations + CUDA graph buffers)' },
      cudaGraphBytes: { value: 0, source: 'CUDA graphs live in the share left out, not before the KV pool' },
    },
    kvCache: { value: 'model-dtype', source: '--kv-cache-dtype auto uses the model data type (python/sglang/srt/server_args.py); fp8_e4m3 or fp8_e5m2 must be asked for' },
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
    budget: {
      runtimeBytes: { value: 1e9, source: RUNTIME_LAB },
      activations: { value: 'before-kv', source: 'compute buffers sized for the batch (--batch-size, --ubatch-size) are allocated next to the cache; the lab counts activations at the token budget, as for vLLM' },
      cudaGraphBytes: { value: 0, source: 'not counted: llama.cpp\'s CUDA graphs (single-sequence decode) are small and not sized by the lab' },
    },
    kvCache: { value: 'fp16', source: '--cache-type-k and --cache-type-v default to f16 whatever the weights\' quantization (common/common.h, common_params.cache_type_k)' },
    stepOverheadS: { value: 0, source: NOT_FITTED },
    efficiency: { fitted: false, note: NOT_FITTED },
  },
];

/** The preset of `id`, or undefined. */
export function enginePreset(id: string): EnginePreset | undefined {
  return ENGINE_PRESETS.find((e) => e.id === id);
}
