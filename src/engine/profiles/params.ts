/**
 * Parameter counts derived from a model's config: what occupies memory
 * (`total`) and what one token passes through (`active`). Every count is a
 * whole number of weights, so the derivation is exact and can be checked
 * against the exact counts some publishers print.
 */
import type { ModelConfig } from './models';

/** Parameter counts derived from a config. */
export interface ModelParams {
  /** Every weight, all experts included: what occupies memory. */
  total: number;
  /** Weights one token passes through (top-k routed experts plus shared ones): what drives FLOPs. */
  active: number;
  /** Input embedding table: looked up, never multiplied. */
  embedding: number;
  /** Output projection to the vocabulary (the same matrix as `embedding` when tied). */
  lmHead: number;
  /** Weights of one expert's MLP in one layer (gate, up and down projections, with their biases if any). */
  expertPerLayer: number;
  /** Weights outside the experts: attention, norms, router, dense-layer MLPs, embeddings, LM head. */
  nonExpert: number;
  /** Layers whose MLP is made of experts (all layers but the dense first ones). */
  moeLayers: number;
}

/** Attention weights of one layer: projections, their biases, sinks and per-head norms. */
function attentionParams(m: ModelConfig): number {
  const d = m.hiddenSize;
  const a = m.attention;
  if (a) {
    // MLA: queries through a rank-q bottleneck (with its norm), one down-projection to the
    // cached latent + RoPE key (with the latent's norm), one up-projection to per-head keys
    // and values, and the output projection from the heads' values.
    const qHead = a.nopeHeadDim + a.ropeHeadDim;
    const query = a.qLoraRank > 0 ? d * a.qLoraRank + a.qLoraRank + a.qLoraRank * m.heads * qHead : d * m.heads * qHead;
    const kvDown = d * (a.kvLoraRank + a.ropeHeadDim) + a.kvLoraRank;
    const kvUp = a.kvLoraRank * m.heads * (a.nopeHeadDim + a.vHeadDim);
    return query + kvDown + kvUp + m.heads * a.vHeadDim * d;
  }
  const q = m.heads * m.headDim;
  const kv = m.kvHeads * m.headDim;
  return (
    2 * d * q + 2 * d * kv + (m.qkvBias ? q + 2 * kv : 0) +
    (m.outputAndExpertBias ? d : 0) + (m.attentionSinks ? m.heads : 0) + (m.qkNorm ? 2 * m.headDim : 0)
  );
}

/**
 * Derives parameter counts from a config. Per layer: the attention weights
 * (see `attentionParams`), the RMSNorm vectors, and either a dense MLP (the
 * first `denseLayers.count` layers) or E routed experts and S shared ones of
 * three d × I matrices each with a d × E router; then embeddings, an untied
 * LM head and the final norm. A dense model is one expert chosen by every
 * token, with no router.
 */
export function modelParams(m: ModelConfig): ModelParams {
  const d = m.hiddenSize;
  const attention = attentionParams(m);
  const expertPerLayer = 3 * d * m.ffnSize + (m.outputAndExpertBias ? 2 * m.ffnSize + d : 0);
  const router = m.experts > 1 ? d * m.experts + (m.routerBias ? m.experts : 0) : 0;
  const norms = (m.normsPerLayer ?? 2) * d;
  const dense = m.denseLayers ?? { count: 0, ffnSize: 0 };
  const moeLayers = m.layers - dense.count;
  const shared = m.sharedExperts ?? 0;
  const embedding = m.vocabSize * d;
  const lmHead = embedding;
  const outside = embedding + (m.tiedEmbeddings ? 0 : lmHead) + d;
  const nonExpert = m.layers * (attention + norms) + moeLayers * router + dense.count * 3 * d * dense.ffnSize + outside;
  return {
    total: nonExpert + moeLayers * (m.experts + shared) * expertPerLayer,
    active: nonExpert + moeLayers * (m.expertsPerToken + shared) * expertPerLayer,
    embedding,
    lmHead,
    expertPerLayer,
    nonExpert,
    moeLayers,
  };
}
