/**
 * Models of 2024–2025 that people serve now: small Llamas that serve as
 * drafts, Qwen3 dense and MoE, gpt-oss (MXFP4 experts, sliding windows,
 * attention sinks), DeepSeek-V3/R1 (latent attention, shared experts, dense
 * first layers) and Gemma 3 (five local layers per global one). Values from
 * each model's Hugging Face `config.json`, collected in
 * data/calibration/specs.md §2 with their sources. A pure data table.
 */
import type { ModelConfig } from './models';

const BASE = { experts: 1, expertsPerToken: 1, qkvBias: false } as const;

const QWEN3 = { ...BASE, tiedEmbeddings: false, qkNorm: true, vocabSize: 151936, headDim: 128, maxContextTokens: 40960 } as const;

// gpt-oss-20b and -120b differ only in depth and expert count (specs.md §2).
const GPT_OSS = {
  hiddenSize: 2880, heads: 64, kvHeads: 8, headDim: 64, ffnSize: 2880, vocabSize: 201088, tiedEmbeddings: false,
  expertsPerToken: 4, qkvBias: true, outputAndExpertBias: true, routerBias: true, attentionSinks: true,
  slidingWindow: { tokens: 128, localLayersPerGlobal: 1 }, maxContextTokens: 131072,
  checkpoint: {
    precisions: ['mxfp4'],
    nonExpertBytesPerParam: 2,
    source:
      'openai/gpt-oss model card: MoE weights post-trained in MXFP4; quantization_config.modules_to_not_convert keeps ' +
      'self_attn, router, embed_tokens and lm_head in BF16',
  },
} as const;

// DeepSeek-R1 is trained from DeepSeek-V3-Base: same config, same FP8 (e4m3, 128 × 128 block scales) checkpoint.
const DEEPSEEK_V3 = {
  layers: 61, hiddenSize: 7168, heads: 128, kvHeads: 128, headDim: 128, ffnSize: 2048, vocabSize: 129280, tiedEmbeddings: false,
  experts: 256, expertsPerToken: 8, sharedExperts: 1, denseLayers: { count: 3, ffnSize: 18432 }, qkvBias: false, routerBias: true,
  attention: { kind: 'mla', qLoraRank: 1536, kvLoraRank: 512, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
  maxContextTokens: 163840, publishedParams: 671e9,
} as const;

/** The models added for issue 19, in menu order. */
export const RECENT_MODELS: readonly ModelConfig[] = [
  {
    id: 'llama-3.2-1b', label: 'Llama-3.2-1B', ...BASE, tiedEmbeddings: true,
    layers: 16, hiddenSize: 2048, heads: 32, kvHeads: 8, headDim: 64, ffnSize: 8192, vocabSize: 128256,
    maxContextTokens: 131072, publishedParams: 1.23e9,
    source: 'HF config of meta-llama/Llama-3.2-1B via derivatives (Emm9625/Llama-3.2-1B-chatml, _name_or_path meta-llama/Llama-3.2-1B; specs.md §2b)',
  },
  {
    id: 'llama-3.2-3b', label: 'Llama-3.2-3B', ...BASE, tiedEmbeddings: true,
    layers: 28, hiddenSize: 3072, heads: 24, kvHeads: 8, headDim: 128, ffnSize: 8192, vocabSize: 128256,
    maxContextTokens: 131072, publishedParams: 3.21e9,
    source: 'HF config of meta-llama/Llama-3.2-3B (citsjtu2020/LLM-Prof sglang/Model_Config.md; mlx-community/Llama-3.2-3B-bf16; specs.md §2b)',
  },
  {
    id: 'qwen3-8b', label: 'Qwen3-8B', ...QWEN3,
    layers: 36, hiddenSize: 4096, heads: 32, kvHeads: 8, ffnSize: 12288, publishedParams: 8.2e9,
    source: 'HF config of Qwen/Qwen3-8B (citsjtu2020/LLM-Prof sglang/Model_Config.md; thejaminator/qwen-hook-layer-9 "Copy config.json from Qwen/Qwen3-8B"; specs.md §2b)',
  },
  {
    id: 'qwen3-14b', label: 'Qwen3-14B', ...QWEN3,
    layers: 40, hiddenSize: 5120, heads: 40, kvHeads: 8, ffnSize: 17408, publishedParams: 14.8e9,
    source: 'HF config of Qwen/Qwen3-14B (citsjtu2020/LLM-Prof sglang/Model_Config.md; specs.md §2b)',
  },
  {
    id: 'qwen3-32b', label: 'Qwen3-32B', ...QWEN3,
    layers: 64, hiddenSize: 5120, heads: 64, kvHeads: 8, ffnSize: 25600, publishedParams: 32.8e9,
    source: 'HF config of Qwen/Qwen3-32B (citsjtu2020/LLM-Prof sglang/Model_Config.md; specs.md §2b)',
  },
  {
    id: 'qwen3-30b-a3b', label: 'Qwen3-30B-A3B', ...QWEN3, experts: 128, expertsPerToken: 8,
    layers: 48, hiddenSize: 2048, heads: 32, kvHeads: 4, ffnSize: 768, publishedParams: 30.5e9,
    source: 'HF config of Qwen/Qwen3-30B-A3B: 128 experts, 8 per token, moe_intermediate_size 768 (citsjtu2020/LLM-Prof sglang/Model_Config.md; specs.md §2b)',
  },
  {
    id: 'gpt-oss-20b', label: 'gpt-oss-20b', ...GPT_OSS, layers: 24, experts: 32, publishedParams: 20.91e9,
    source: 'HF config of openai/gpt-oss-20b via derivatives (descript/mouse-20b, cryptonaut/AltiMind-sft: 24 layers, 32 local experts; specs.md §2b)',
  },
  {
    id: 'gpt-oss-120b', label: 'gpt-oss-120b', ...GPT_OSS, layers: 36, experts: 128, publishedParams: 116.83e9,
    source: 'HF config of openai/gpt-oss-120b (witflag/AlphaMind original/config.json, "Duplicate from openai/gpt-oss-120b"; specs.md §2b)',
  },
  {
    id: 'deepseek-v3', label: 'DeepSeek-V3', ...DEEPSEEK_V3,
    source: 'HF config of deepseek-ai/DeepSeek-V3 (DeepseekV3ForCausalLM config as its derivatives carry it; deepseek-ai/DeepSeek-V3 README_WEIGHTS.md; specs.md §2b)',
  },
  {
    id: 'deepseek-r1', label: 'DeepSeek-R1', ...DEEPSEEK_V3,
    source: 'HF config of deepseek-ai/DeepSeek-R1, the DeepSeek-V3 architecture (amd/DeepSeek-R1-0528-MXFP4 config.json diff; specs.md §2b)',
  },
  {
    // Text decoder only: the 0.4B SigLIP vision tower of the released checkpoint is not modelled.
    id: 'gemma-3-27b', label: 'Gemma-3-27B', ...BASE, tiedEmbeddings: true, qkNorm: true, normsPerLayer: 4,
    layers: 62, hiddenSize: 5376, heads: 32, kvHeads: 16, headDim: 128, ffnSize: 21504, vocabSize: 262208,
    slidingWindow: { tokens: 1024, localLayersPerGlobal: 5 }, maxContextTokens: 131072, publishedParams: 27.01e9,
    source:
      'HF config of google/gemma-3-27b text_config (head_dim 128, sliding_window 1024, sliding_window_pattern 6) as test fixtures copy it; ' +
      'text-only size from keras-hub gemma3_presets.py (27,009,002,240); specs.md §2b',
  },
];
