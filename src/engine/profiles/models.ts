/**
 * Model architectures, taken from each model's Hugging Face `config.json`
 * (values collected in data/calibration/specs.md, section 2). Parameter
 * counts are derived from the config by `modelParams`, never typed in, so the
 * FLOP and byte counts of the roofline follow from the same numbers; the
 * published size is kept beside each entry only to check the derivation.
 * Architectural features (latent attention, sliding windows, shared experts,
 * dense first layers) are properties of an entry that the memory plan and the
 * cost model read, never special cases in the simulation loop.
 */

import { RECENT_MODELS } from './recentModels';

/**
 * Multi-head latent attention (DeepSeek-V2/V3): keys and values are cached as
 * one compressed latent of `kvLoraRank` plus a shared RoPE key of
 * `ropeHeadDim` per token per layer, whatever the number of heads.
 */
export interface LatentAttention {
  kind: 'mla';
  /** Rank of the query compression (`q_lora_rank`); 0 when queries are projected directly. */
  qLoraRank: number;
  /** Rank of the key/value latent (`kv_lora_rank`), cached per token per layer. */
  kvLoraRank: number;
  /** Width of the decoupled RoPE key (`qk_rope_head_dim`), cached per token per layer. */
  ropeHeadDim: number;
  /** Per-head query/key width without RoPE (`qk_nope_head_dim`). */
  nopeHeadDim: number;
  /** Per-head value width (`v_head_dim`). */
  vHeadDim: number;
}

/**
 * Sliding-window layers (Gemma 3, gpt-oss): `localLayersPerGlobal` local
 * layers that attend to (and cache) at most the last `tokens` tokens, then
 * one global layer that attends to the whole context, repeated.
 */
export interface SlidingWindow {
  /** Window of a local layer, tokens (`sliding_window`). */
  tokens: number;
  /** Local layers before each global one (Gemma 3: 5, from `sliding_window_pattern` 6; gpt-oss: 1, alternating). */
  localLayersPerGlobal: number;
}

/** What the published checkpoint fixes about how the weights are stored. */
export interface CheckpointFormat {
  /** Weight precisions the checkpoint exists in; any other is refused. */
  precisions: readonly string[];
  /** Bytes per weight outside the experts, when the checkpoint keeps them apart from the experts' format (gpt-oss: BF16). */
  nonExpertBytesPerParam?: number;
  /** Where this comes from. */
  source: string;
}

/** One decoder-only transformer with gated (SwiGLU/GeGLU) MLPs, as its config describes it. */
export interface ModelConfig {
  /** Stable lower-case id, e.g. `llama-3.1-8b`. */
  id: string;
  /** Human label, e.g. "Llama-3.1-8B". */
  label: string;
  /** Decoder layers (`num_hidden_layers`). */
  layers: number;
  /** Residual width (`hidden_size`). */
  hiddenSize: number;
  /** Query heads (`num_attention_heads`). */
  heads: number;
  /** Key/value heads (`num_key_value_heads`); fewer than `heads` means grouped-query attention. */
  kvHeads: number;
  /** Size of one attention head (`head_dim`; not always hidden ÷ heads). Unused by latent attention. */
  headDim: number;
  /** MLP inner width of one expert (`intermediate_size`, or `moe_intermediate_size` for a mixture of experts). */
  ffnSize: number;
  /** Vocabulary size (`vocab_size`). */
  vocabSize: number;
  /** Input embedding and LM head share one matrix (`tie_word_embeddings`). */
  tiedEmbeddings: boolean;
  /** Routed MLP experts per layer; 1 for a dense model. */
  experts: number;
  /** Experts each token is routed to (`num_experts_per_tok`); 1 for a dense model. */
  expertsPerToken: number;
  /** The Q, K and V projections carry biases (Qwen2, gpt-oss). */
  qkvBias: boolean;
  /** Longest context the checkpoint supports, tokens (`max_position_embeddings`). */
  maxContextTokens: number;
  /** Size the model's authors publish, parameters; used only to check `modelParams`. */
  publishedParams: number;
  /** Where the config values come from. */
  source: string;
  /** Latent attention in place of per-head K and V (DeepSeek-V3); absent means grouped-query attention. */
  attention?: LatentAttention;
  /** Sliding-window local layers between global ones; absent means every layer sees the whole context. */
  slidingWindow?: SlidingWindow;
  /** Experts every token passes through besides the routed ones, each of `ffnSize` (`n_shared_experts`). */
  sharedExperts?: number;
  /** The first layers have one dense MLP instead of experts (`first_k_dense_replace`, `intermediate_size`). */
  denseLayers?: { count: number; ffnSize: number };
  /** RMSNorm on each query and key head (Qwen3, Gemma 3): two `headDim` vectors per layer. */
  qkNorm?: boolean;
  /** RMSNorm vectors per layer: 2 (pre-attention, pre-MLP) unless the model also norms after each (Gemma 3: 4). */
  normsPerLayer?: number;
  /** The attention output projection, the router and every expert matrix carry biases (gpt-oss `attention_bias`). */
  outputAndExpertBias?: boolean;
  /** The router carries a per-expert bias (DeepSeek-V3 `e_score_correction_bias`; gpt-oss). */
  routerBias?: boolean;
  /** One learned attention-sink logit per head per layer (gpt-oss). */
  attentionSinks?: boolean;
  /** Storage the checkpoint fixes (gpt-oss: MXFP4 experts, BF16 elsewhere); absent means any precision. */
  checkpoint?: CheckpointFormat;
}

import { modelParams } from './params';

export { modelParams, type ModelParams } from './params';

type Arch = Omit<ModelConfig, 'id' | 'label' | 'publishedParams' | 'source'>;

// Llama-3.1-70B and Llama-3.3-70B share this architecture; only the weights differ.
const LLAMA3_70B: Arch = {
  layers: 80, hiddenSize: 8192, heads: 64, kvHeads: 8, headDim: 128, ffnSize: 28672, vocabSize: 128256,
  tiedEmbeddings: false, experts: 1, expertsPerToken: 1, qkvBias: false, maxContextTokens: 131072,
};

const DENSE = { tiedEmbeddings: false, experts: 1, expertsPerToken: 1, qkvBias: false } as const;

/** Every model the lab can put on hardware. */
export const MODELS: readonly ModelConfig[] = [
  {
    id: 'llama-3.1-8b', label: 'Llama-3.1-8B', ...DENSE,
    layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 8, headDim: 128, ffnSize: 14336, vocabSize: 128256,
    maxContextTokens: 131072, publishedParams: 8.03e9,
    source: 'HF config of meta-llama/Llama-3.1-8B (via derivatives whose _name_or_path points at it; specs.md §2)',
  },
  {
    id: 'llama-3.1-70b', label: 'Llama-3.1-70B', ...LLAMA3_70B, publishedParams: 70.6e9,
    source: 'HF config of meta-llama/Llama-3.1-70B-Instruct (via derivatives; specs.md §2)',
  },
  {
    id: 'llama-3.3-70b', label: 'Llama-3.3-70B', ...LLAMA3_70B, publishedParams: 70.6e9,
    source: 'Same architecture as Llama-3.1-70B (Meta model card: new weights, same config)',
  },
  {
    // The current checkpoint has 8 KV heads; the July 2024 upload had 16 (specs.md caveat).
    id: 'llama-3.1-405b', label: 'Llama-3.1-405B', ...DENSE,
    layers: 126, hiddenSize: 16384, heads: 128, kvHeads: 8, headDim: 128, ffnSize: 53248, vocabSize: 128256,
    maxContextTokens: 131072, publishedParams: 405.9e9,
    source: 'HF config of meta-llama/Llama-3.1-405B-Instruct, later snapshot (specs.md §2, 405B caveat)',
  },
  {
    id: 'llama-2-7b', label: 'Llama-2-7B', ...DENSE,
    layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 32, headDim: 128, ffnSize: 11008, vocabSize: 32000,
    maxContextTokens: 4096, publishedParams: 6.74e9,
    source: 'Llama-2 7B config embedded in the TensorRT-LLM v0.9 perf overview (specs.md §2)',
  },
  {
    id: 'llama-2-13b', label: 'Llama-2-13B', ...DENSE,
    layers: 40, hiddenSize: 5120, heads: 40, kvHeads: 40, headDim: 128, ffnSize: 13824, vocabSize: 32000,
    maxContextTokens: 4096, publishedParams: 13.0e9,
    source: 'HF config of meta-llama/Llama-2-13b-hf (40 layers, hidden 5120, 40 heads, FFN 13824)',
  },
  {
    id: 'llama-2-70b', label: 'Llama-2-70B', ...DENSE,
    layers: 80, hiddenSize: 8192, heads: 64, kvHeads: 8, headDim: 128, ffnSize: 28672, vocabSize: 32000,
    maxContextTokens: 4096, publishedParams: 69.0e9,
    source: 'Llama-2 70B config embedded in the TensorRT-LLM v0.9 perf overview (specs.md §2)',
  },
  {
    // v0.1 has a 4,096-token sliding window; the lab ignores it (see docs/calibration.md).
    id: 'mistral-7b', label: 'Mistral-7B', ...DENSE,
    layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 8, headDim: 128, ffnSize: 14336, vocabSize: 32000,
    maxContextTokens: 32768, publishedParams: 7.24e9,
    source: 'HF config of mistralai/Mistral-7B-v0.1 (specs.md §2)',
  },
  {
    id: 'mixtral-8x7b', label: 'Mixtral-8x7B', ...DENSE, experts: 8, expertsPerToken: 2,
    layers: 32, hiddenSize: 4096, heads: 32, kvHeads: 8, headDim: 128, ffnSize: 14336, vocabSize: 32000,
    maxContextTokens: 32768, publishedParams: 46.7e9,
    source: 'HF config of mistralai/Mixtral-8x7B-Instruct-v0.1 (specs.md §2)',
  },
  {
    id: 'qwen2.5-7b', label: 'Qwen2.5-7B', ...DENSE, qkvBias: true,
    layers: 28, hiddenSize: 3584, heads: 28, kvHeads: 4, headDim: 128, ffnSize: 18944, vocabSize: 152064,
    maxContextTokens: 32768, publishedParams: 7.61e9,
    source: 'HF config of Qwen/Qwen2.5-7B-Instruct (specs.md §2)',
  },
  {
    id: 'qwen2.5-72b', label: 'Qwen2.5-72B', ...DENSE, qkvBias: true,
    layers: 80, hiddenSize: 8192, heads: 64, kvHeads: 8, headDim: 128, ffnSize: 29568, vocabSize: 152064,
    maxContextTokens: 32768, publishedParams: 72.7e9,
    source: 'HF config of Qwen/Qwen2.5-72B-Instruct (specs.md §2)',
  },
  ...RECENT_MODELS,
];

/**
 * Active parameters published for mixture-of-experts models, to check the
 * derivation of `active`. Publishers count differently: OpenAI and DeepSeek
 * leave the input embedding (a lookup, not a matmul) out of the active count,
 * Mistral and Qwen keep it in.
 */
export const PUBLISHED_ACTIVE_PARAMS: Readonly<Record<string, { params: number; countsInputEmbedding: boolean; source: string }>> = {
  'mixtral-8x7b': { params: 12.9e9, countsInputEmbedding: true, source: 'Mistral AI, Mixtral of experts (12.9B active of 46.7B)' },
  'qwen3-30b-a3b': { params: 3.3e9, countsInputEmbedding: true, source: 'Qwen/Qwen3-30B-A3B model card: 30.5B in total, 3.3B activated' },
  'gpt-oss-20b': { params: 3.61e9, countsInputEmbedding: false, source: 'OpenAI gpt-oss model card (arXiv 2508.10925): 20.91B total, 3.61B active' },
  'gpt-oss-120b': { params: 5.13e9, countsInputEmbedding: false, source: 'OpenAI gpt-oss model card (arXiv 2508.10925): 116.83B total, 5.13B active' },
  'deepseek-v3': { params: 36.6e9, countsInputEmbedding: false, source: 'deepseek-ai/DeepSeek-V3-Base README_WEIGHTS.md: 671B total, 36.6B activated (including 0.9B for the output head)' },
  'deepseek-r1': { params: 36.6e9, countsInputEmbedding: false, source: 'Same architecture and weights layout as DeepSeek-V3 (README_WEIGHTS.md)' },
};

/**
 * Active parameters counted the way the model's publisher counts them (the
 * input embedding left out for OpenAI's and DeepSeek's models), so menus read
 * like the model card; the cost model uses `modelParams(m).active` as derived.
 */
export function activeParamsAsPublished(m: ModelConfig): number {
  const p = modelParams(m);
  return PUBLISHED_ACTIVE_PARAMS[m.id]?.countsInputEmbedding === false ? p.active - p.embedding : p.active;
}

/** A model by id, or undefined. */
export function modelById(id: string): ModelConfig | undefined {
  return MODELS.find((m) => m.id === id);
}
