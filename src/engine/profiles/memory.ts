/**
 * Where one GPU's memory goes: weight shard, reserve (runtime, activations,
 * the headroom a serving engine keeps) and, in what is left, the KV cache.
 */
import type { ResolvedSpec } from './catalog';
import { kvLayout, layerTokensAt, type KvLayout } from './kvLayout';
import { modelParams } from './models';
import { EMBEDDING_BYTES_PER_PARAM, KV_PRECISIONS } from './precisions';

/** Scheduler and memory settings of the serving engine being modelled. */
export interface ServingOptions {
  /**
   * Share of device memory the engine may use for weights, activations and
   * KV cache (vLLM `gpu_memory_utilization`, default 0.9). TensorRT-LLM uses
   * all memory (1) and instead keeps back part of what is free: see `kvShareOfFree`.
   */
  memoryUtilization: number;
  /** Share of the memory left after weights and activations that becomes KV cache (TensorRT-LLM `kv_cache_free_gpu_mem_fraction`, 0.9; vLLM 1). */
  kvShareOfFree: number;
  /** Per-GPU memory outside the model: CUDA context, cuBLAS/NCCL workspaces, CUDA graphs, bytes. */
  runtimeBytes: number;
  /** Most sequences running at once (vLLM `max_num_seqs`, 256 by default before V1). */
  maxBatch: number;
  /**
   * Tokens one iteration may carry with chunked prefill (vLLM
   * `max_num_batched_tokens`, TensorRT-LLM `max_num_tokens`; both commonly 8192).
   * Also sizes the activation reserve.
   */
  chunkBudgetTokens: number;
  /** A profile whose KV cache holds fewer tokens than this is refused as useless, tokens. */
  minKvTokens: number;
  /**
   * True when `memoryUtilization` covers only weights and KV and the
   * activations live in the rest (SGLang's `mem_fraction_static`, applied to
   * the memory the runtime leaves); false when the activations come out
   * before the KV cache (vLLM, TensorRT-LLM).
   */
  activationsOutsideShare: boolean;
  /** CUDA-graph pools counted before the KV cache is sized, bytes per GPU. */
  cudaGraphBytes: number;
  /**
   * A speculative draft served beside the model (a draft model or an EAGLE
   * head): its weights come out of the memory before the KV cache is sized,
   * and every cached token also holds the draft's KV. Absent: no draft.
   */
  draft?: DraftMemory;
}

/** What a speculative draft takes of one GPU's memory. */
export interface DraftMemory {
  /** The draft's weights on one GPU, bytes. */
  weightBytesPerGpu: number;
  /** The draft's KV cache of one token on one GPU, all its layers, bytes. */
  kvBytesPerTokenPerGpu: number;
}

/** vLLM-like defaults, documented per field. */
export const DEFAULT_SERVING: ServingOptions = {
  memoryUtilization: 0.9,
  kvShareOfFree: 1,
  runtimeBytes: 1e9,
  maxBatch: 256,
  chunkBudgetTokens: 8192,
  minKvTokens: 1024,
  activationsOutsideShare: false,
  cudaGraphBytes: 0,
};

/** One GPU's memory budget for a resolved spec. All sizes in bytes unless named otherwise. */
export interface MemoryPlan {
  /** All weights of the model at this precision (embeddings and LM head in 16-bit). */
  weightBytesTotal: number;
  /** One GPU's shard of the weights. */
  weightBytesPerGpu: number;
  /** Weights of one expert MLP in one layer, whole (before TP sharding). */
  expertBytes: number;
  /** Weights outside the experts, whole: attention, norms, router, embeddings, LM head. */
  nonExpertBytes: number;
  /**
   * KV cache of one token over all layers and all GPUs. For a sliding-window
   * model, averaged over a request of `kvReferenceContextTokens` (see `kvCapacityTokens`).
   */
  kvBytesPerToken: number;
  /** KV cache of one token held by each GPU (KV heads split, or replicated when TP exceeds them; a latent cache replicated), averaged like `kvBytesPerToken`. */
  kvBytesPerTokenPerGpu: number;
  /** What one new token writes to each GPU's cache across every layer, local ones included, bytes. */
  kvBytesPerTokenAllLayersPerGpu: number;
  /** Layers, window and bytes per layer of the KV cache. */
  kv: KvLayout;
  /** Request length the capacity of a sliding-window model is counted at, tokens; null when every layer keeps every token. */
  kvReferenceContextTokens: number | null;
  /** Peak activations of one iteration of `chunkBudgetTokens` tokens, per GPU. */
  activationBytesPerGpu: number;
  /** Everything kept out of the KV cache besides weights: headroom, runtime, activations, per GPU. */
  reserveBytesPerGpu: number;
  /** Memory the engine's share leaves out, per GPU (it holds the activations when they are outside the share). */
  headroomBytesPerGpu: number;
  /** Bytes per GPU left for the KV cache (may be negative when weights do not fit); with a draft, its KV is part of it. */
  kvCacheBytesPerGpu: number;
  /** A speculative draft's weights on one GPU (0 without one), bytes. */
  draftWeightBytesPerGpu: number;
  /** The part of `kvCacheBytesPerGpu` that holds the draft's KV when the cache is full (0 without a draft), bytes. */
  draftKvBytesPerGpu: number;
  /**
   * KV-cache tokens the whole TP group can hold (0 when nothing is left). With
   * sliding windows a token costs less the longer the request (its local
   * layers stop growing at the window), so the scheduler's token count is
   * an approximation: tokens are priced at the average of a request of
   * `kvReferenceContextTokens` (global layers × context + local layers ×
   * min(context, window), divided by the context). Requests near that length
   * are charged what they hold; much longer ones are overcharged, shorter ones
   * undercharged. Without a reference length every layer is charged in full,
   * which is exact up to the window and cautious beyond it.
   */
  kvCapacityTokens: number;
}

/**
 * Plans one GPU's memory. Activations are sized from the largest live tensors
 * of one layer (QKV and gate/up outputs plus a few residual-width buffers, in
 * 16-bit) for a full token budget, plus fp32 logits for a full batch.
 */
export function planMemory(r: ResolvedSpec, o: ServingOptions): MemoryPlan {
  const { model: m, gpu, precision, tp } = r;
  const p = modelParams(m);
  const embeddingParams = p.embedding + (m.tiedEmbeddings ? 0 : p.lmHead);
  const embeddingBytes = embeddingParams * EMBEDDING_BYTES_PER_PARAM;
  // A checkpoint that stores the experts in their own format (gpt-oss: MXFP4) keeps the rest in its own bytes (BF16).
  const nonExpertBytesPerParam = m.checkpoint?.nonExpertBytesPerParam ?? precision.weightBytesPerParam;
  const nonExpertBytes = (p.nonExpert - embeddingParams) * nonExpertBytesPerParam + embeddingBytes;
  const expertBytes = p.expertPerLayer * precision.weightBytesPerParam;
  const shared = m.sharedExperts ?? 0;
  const weightBytesTotal = nonExpertBytes + p.moeLayers * (m.experts + shared) * expertBytes;
  const weightBytesPerGpu = weightBytesTotal / tp;

  const kvElem = KV_PRECISIONS[r.kvPrecision].bytesPerElement;
  const kv = kvLayout(m, tp, kvElem);
  const kvBytesPerTokenAllLayersPerGpu = kv.bytesPerTokenPerLayerPerGpu * m.layers;
  const windowed = kv.localLayers > 0 && r.contextTokens !== undefined;
  const reference = windowed ? (r.contextTokens as number) : null;
  // Layer-tokens per context token at the reference length: `layers` when every layer keeps every token.
  const layersPerToken = reference !== null ? layerTokensAt(kv, reference) / reference : m.layers;
  const kvBytesPerToken = kv.bytesPerTokenPerLayer * layersPerToken;
  const kvBytesPerTokenPerGpu = kv.bytesPerTokenPerLayerPerGpu * layersPerToken;

  const mlpWidth = Math.max(m.ffnSize * (m.expertsPerToken + shared), m.denseLayers?.ffnSize ?? 0);
  const perTokenActivation = (6 * m.hiddenSize + (3 * mlpWidth) / tp) * 2;
  const logits = o.maxBatch * (m.vocabSize / tp) * 4;
  const activationBytesPerGpu = o.chunkBudgetTokens * perTokenActivation + logits;
  // SGLang takes its share of what the runtime leaves and keeps the activations in the rest.
  const headroom = (1 - o.memoryUtilization) * (o.activationsOutsideShare ? gpu.memoryBytes - o.runtimeBytes : gpu.memoryBytes);
  const counted = o.activationsOutsideShare ? 0 : activationBytesPerGpu;
  const reserveBytesPerGpu = headroom + o.runtimeBytes + counted + o.cudaGraphBytes;
  const draftWeightBytesPerGpu = o.draft?.weightBytesPerGpu ?? 0;
  const draftKvPerToken = o.draft?.kvBytesPerTokenPerGpu ?? 0;
  const free = gpu.memoryBytes - reserveBytesPerGpu - weightBytesPerGpu - draftWeightBytesPerGpu;
  const kvCacheBytesPerGpu = free > 0 ? free * o.kvShareOfFree : free;
  // Each cached token holds the target's KV and the draft's (the draft attends to the same context).
  const kvCapacityTokens = kvCacheBytesPerGpu > 0 ? Math.floor(kvCacheBytesPerGpu / (kvBytesPerTokenPerGpu + draftKvPerToken)) : 0;
  const draftKvBytesPerGpu = kvCapacityTokens * draftKvPerToken;
  return {
    weightBytesTotal, weightBytesPerGpu, expertBytes, nonExpertBytes, kvBytesPerToken, kvBytesPerTokenPerGpu,
    kvBytesPerTokenAllLayersPerGpu, kv, kvReferenceContextTokens: reference, activationBytesPerGpu, reserveBytesPerGpu, headroomBytesPerGpu: headroom, kvCacheBytesPerGpu, kvCapacityTokens,
    draftWeightBytesPerGpu, draftKvBytesPerGpu,
  };
}
