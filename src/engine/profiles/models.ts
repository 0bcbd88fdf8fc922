/**
 * Model architectures, taken from each model's Hugging Face `config.json`
 * (values collected in data/calibration/specs.md, section 2). Parameter
 * counts are derived from the config by `modelParams`, never typed in, so the
 * FLOP and byte counts of the roofline follow from the same numbers; the
 * published size is kept beside each entry only to check the derivation.
 */

/** One decoder-only transformer with SwiGLU MLPs, as its config describes it. */
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
  /** Size of one attention head. */
  headDim: number;
  /** MLP inner width per expert (`intermediate_size`). */
  ffnSize: number;
  /** Vocabulary size (`vocab_size`). */
  vocabSize: number;
  /** Input embedding and LM head share one matrix (`tie_word_embeddings`). */
  tiedEmbeddings: boolean;
  /** MLP experts per layer; 1 for a dense model. */
  experts: number;
  /** Experts each token is routed to (`num_experts_per_tok`); 1 for a dense model. */
  expertsPerToken: number;
  /** The Q, K and V projections carry biases (Qwen2). */
  qkvBias: boolean;
  /** Longest context the checkpoint supports, tokens (`max_position_embeddings`). */
  maxContextTokens: number;
  /** Size the model's authors publish, parameters; used only to check `modelParams`. */
  publishedParams: number;
  /** Where the config values come from. */
  source: string;
}

/** Parameter counts derived from a config. */
export interface ModelParams {
  /** Every weight, all experts included: what occupies memory. */
  total: number;
  /** Weights one token passes through (top-k experts only): what drives FLOPs. */
  active: number;
  /** Input embedding table: looked up, never multiplied. */
  embedding: number;
  /** Output projection to the vocabulary (the same matrix as `embedding` when tied). */
  lmHead: number;
  /** Weights of one expert's MLP in one layer (gate, up and down projections). */
  expertPerLayer: number;
  /** Weights outside the experts: attention, norms, router, embeddings, LM head. */
  nonExpert: number;
}

/**
 * Derives parameter counts from a config. Per layer: Q and O projections
 * (d × h·hd each), K and V (d × kv·hd each), optional QKV biases, E experts of
 * three d × I matrices (SwiGLU), a d × E router when E > 1, and two RMSNorm
 * vectors; then embeddings, an untied LM head and the final norm.
 */
export function modelParams(m: ModelConfig): ModelParams {
  const d = m.hiddenSize;
  const q = m.heads * m.headDim;
  const kv = m.kvHeads * m.headDim;
  const attention = 2 * d * q + 2 * d * kv + (m.qkvBias ? q + 2 * kv : 0);
  const expertPerLayer = 3 * d * m.ffnSize;
  const router = m.experts > 1 ? d * m.experts : 0;
  const norms = 2 * d;
  const embedding = m.vocabSize * d;
  const lmHead = embedding;
  const outside = embedding + (m.tiedEmbeddings ? 0 : lmHead) + d;
  const nonExpert = m.layers * (attention + router + norms) + outside;
  return {
    total: nonExpert + m.layers * m.experts * expertPerLayer,
    active: nonExpert + m.layers * m.expertsPerToken * expertPerLayer,
    embedding,
    lmHead,
    expertPerLayer,
    nonExpert,
  };
}

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
];

/** Active parameters published for MoE models, to check the derivation of `active`. */
export const PUBLISHED_ACTIVE_PARAMS: Readonly<Record<string, number>> = { 'mixtral-8x7b': 12.9e9 };

/** A model by id, or undefined. */
export function modelById(id: string): ModelConfig | undefined {
  return MODELS.find((m) => m.id === id);
}
