/**
 * What one token of context costs in KV cache, per layer and per GPU, and
 * which layers keep every token. Grouped-query attention caches a key and a
 * value per KV head; latent attention (DeepSeek-V3) caches one compressed
 * latent plus a RoPE key, shared by all heads; a sliding-window layer keeps
 * at most its window.
 */
import type { ModelConfig } from './models';

/** The KV cache of one model at one element size and TP degree. */
export interface KvLayout {
  /** Bytes one token adds to one layer's cache, whole model (all GPUs together). */
  bytesPerTokenPerLayer: number;
  /** The same on one GPU: KV heads split over the group, replicated when TP exceeds them; latent attention replicated on every GPU. */
  bytesPerTokenPerLayerPerGpu: number;
  /** Layers that cache every token of the context. */
  globalLayers: number;
  /** Sliding-window layers that cache at most `windowTokens` (0 without a window). */
  localLayers: number;
  /** Window of a local layer, tokens (Infinity without a window). */
  windowTokens: number;
}

/**
 * The KV layout of `m` at `kvElem` bytes per element on `tp` GPUs. Latent
 * attention caches (kvLoraRank + ropeHeadDim) elements per token per layer
 * with no per-head split, and vLLM and SGLang replicate that cache on every
 * GPU of a tensor-parallel group (unless data-parallel attention is on, which
 * the lab does not model). Local layers are `localLayersPerGlobal` of every
 * `localLayersPerGlobal + 1`, the rest global (Gemma 3 27B: 52 local, 10 global).
 */
export function kvLayout(m: ModelConfig, tp: number, kvElem: number): KvLayout {
  const w = m.slidingWindow;
  const globalLayers = w ? Math.floor(m.layers / (w.localLayersPerGlobal + 1)) : m.layers;
  const localLayers = m.layers - globalLayers;
  const windowTokens = w ? w.tokens : Infinity;
  if (m.attention) {
    const latent = (m.attention.kvLoraRank + m.attention.ropeHeadDim) * kvElem;
    return { bytesPerTokenPerLayer: latent, bytesPerTokenPerLayerPerGpu: latent, globalLayers, localLayers, windowTokens };
  }
  const kvHeadsPerGpu = Math.max(1, m.kvHeads / tp);
  return {
    bytesPerTokenPerLayer: 2 * m.kvHeads * m.headDim * kvElem,
    bytesPerTokenPerLayerPerGpu: 2 * kvHeadsPerGpu * m.headDim * kvElem,
    globalLayers,
    localLayers,
    windowTokens,
  };
}

/**
 * Layer-tokens one request of `contextTokens` holds: global layers × context
 * + local layers × min(context, window). Multiply by bytes per token per
 * layer for its KV bytes.
 */
export function layerTokensAt(l: KvLayout, contextTokens: number): number {
  return l.globalLayers * contextTokens + l.localLayers * Math.min(contextTokens, l.windowTokens);
}
