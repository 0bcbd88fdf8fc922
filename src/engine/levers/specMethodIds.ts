/**
 * The names and limits of speculative decoding's methods: all the settings
 * table needs, kept apart from the methods' data (`specMethods.ts`) and
 * drafts (`draftModel.ts`), which the page loads only when a method asks.
 */

/** How the drafted tokens are made. `custom` is the three-number form: K, A and a draft cost ratio C. */
export type SpecMethodId = 'custom' | 'draft' | 'eagle' | 'eagle3' | 'ngram';
/** Every method, in menu order. */
export const SPEC_METHODS: readonly SpecMethodId[] = ['custom', 'draft', 'eagle', 'eagle3', 'ngram'];

/** Draft tokens per step a method starts at when only the method is chosen. */
export const METHOD_DEFAULT_TOKENS: Record<SpecMethodId, number> = {
  custom: 4,
  // vLLM's draft-model example and the lab's earlier default.
  draft: 4,
  // The published EAGLE runs' depth (`EAGLE_PUBLISHED_TREE_TOKENS`).
  eagle: 7,
  eagle3: 7,
  // vLLM's n-gram example: num_speculative_tokens 5, prompt_lookup_max 4.
  ngram: 5,
};

/** Verified tokens per step of the published EAGLE runs: `total_token=60` (SafeAILab/EAGLE `ea_model.py` default). */
export const EAGLE_PUBLISHED_TREE_TOKENS = 60;
/** Most tokens an EAGLE tree may verify per sequence per step (SGLang's `speculative_num_draft_tokens` runs to 64 in its docs' examples). */
export const MAX_SPEC_TREE_TOKENS = 64;
