import type { AdmissionPolicy, Scenario } from '../types';

/** vLLM's default watermark: 1% of KV blocks stay free after an admission (BlockSpaceManager, V0). */
export const DEFAULT_WATERMARK = 0.01;
/** vLLM's default KV block size, tokens (`--block-size 16`). */
export const DEFAULT_BLOCK_TOKENS = 16;

/** The scheduler a scenario runs, every default filled in. */
export interface SchedulerConfig {
  admission: AdmissionPolicy;
  /** Most sequences running at once. */
  maxBatch: number;
  /** Prompts prefilled in chunks under the budget (true) or whole (false). */
  chunked: boolean;
  /** Tokens one iteration may carry, ≥ maxBatch + 1; Infinity for no limit. */
  tokenBudget: number;
  /** Paged: share of blocks kept free after an admission. */
  watermark: number;
  /** Paged: tokens per block. */
  blockTokens: number;
  /** Decodes advance in iterations that prefill. */
  mixedBatches: boolean;
}

/**
 * Fills in a scenario's scheduler settings. With none given this is the lab's
 * original scheduler: reserve admission, the profile's budget only when
 * chunked. A budget below the batch limit is raised to batch limit + 1, as
 * the lab always did for chunks: every decoding sequence needs its token.
 */
export function schedulerConfig(s: Scenario): SchedulerConfig {
  const p = s.server;
  const o = s.scheduler ?? {};
  const asked = o.tokenBudget ?? (s.chunkedPrefill ? p.chunkBudgetTokens : Infinity);
  return {
    admission: o.admission ?? 'reserve',
    maxBatch: p.maxBatch,
    chunked: s.chunkedPrefill,
    tokenBudget: Math.max(asked, p.maxBatch + 1),
    watermark: o.watermark ?? DEFAULT_WATERMARK,
    blockTokens: o.blockTokens ?? DEFAULT_BLOCK_TOKENS,
    mixedBatches: o.mixedBatches ?? true,
  };
}
