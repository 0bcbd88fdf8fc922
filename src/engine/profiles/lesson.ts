import type { IterationWork, KvLink, ServerProfile } from '../types';

/**
 * The lesson's illustrative server: simple linear costs tuned so that one idle
 * user sees the lesson's table (summarize 16,000/200: TTFT ≈ 0.9 s, TPOT ≈ 30 ms;
 * long report 800/1,500: TTFT ≈ 0.12 s, E2E ≈ 45 s; autocomplete 400/12:
 * TTFT ≈ 0.10 s) with the default 50 ms network round trip, and a chat batch of
 * 16 users reaches ≈ 380 tok/s. The relationships are physical; the constants are not a benchmark.
 */
export const LESSON_COSTS = {
  /** Every iteration streams the weights once and pays launch overhead: the decode floor. */
  iterationBaseS: 0.0292,
  /** Prefill compute per prompt token (the compute-bound, linear part of TTFT). */
  prefillPerTokenS: 50e-6,
  /** Attention compute per (query, key) pair; makes very long prompts superlinear. */
  attentionPerPairS: 1.5625e-10,
  /**
   * Per decode query token per step: its activations, sampling and
   * bookkeeping. Normally one per sequence; a speculative verification pass
   * carries K + 1 per sequence and pays this for each, which is the lesson
   * server's compute roof: at a full batch the extra query tokens cost more
   * than the weights they share.
   */
  decodePerSeqS: 0.00058,
  /** Per KV-cache token read in a decode step. */
  decodePerKvTokenS: 2e-8,
} as const;

/** Lesson server capacity: KV tokens and batch limit (a mid-size model on one GPU). */
export const LESSON_KV_CAPACITY_TOKENS = 120_000;
/** The lesson server's batch limit (sequences). */
export const LESSON_MAX_BATCH = 64;
/** The lesson server's token budget per iteration when prefill is chunked (vLLM V0's early default). */
export const LESSON_CHUNK_BUDGET_TOKENS = 512;

/**
 * How the lesson server's KV cache would move between instances
 * (disaggregated prefill/decode). Illustrative: 128 KiB per token (an
 * 8B-class model with grouped-query attention in 16 bits: 2 × 32 layers ×
 * 8 KV heads × 128 dims × 2 bytes) over a 64 GB/s link (PCIe 5.0 x16 one way).
 */
export const LESSON_KV_LINK: KvLink = { bytesPerTokenPerGpu: 131_072, bytesPerSecPerGpu: 64e9, label: 'illustrative link, 64 GB/s each way (PCIe 5.0 x16)' };

/** Build the lesson profile. */
export function lessonProfile(): ServerProfile {
  const c = LESSON_COSTS;
  return {
    id: 'lesson',
    label: 'Lesson server (illustrative)',
    kvCapacityTokens: LESSON_KV_CAPACITY_TOKENS,
    maxBatch: LESSON_MAX_BATCH,
    chunkBudgetTokens: LESSON_CHUNK_BUDGET_TOKENS,
    gpus: 1,
    kvLink: LESSON_KV_LINK,
    iterationSeconds(w: IterationWork): number {
      if (w.prefillTokens === 0 && w.decodeSeqs === 0) return 0;
      return (
        c.iterationBaseS +
        w.prefillTokens * c.prefillPerTokenS +
        w.prefillAttentionPairs * c.attentionPerPairS +
        (w.decodeQueryTokens ?? w.decodeSeqs) * c.decodePerSeqS +
        w.decodeKvTokens * c.decodePerKvTokenS
      );
    },
  };
}
