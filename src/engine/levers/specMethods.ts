/**
 * Speculative decoding by method: how the drafts are made, and the published
 * acceptance each method starts from. A pure data table with one source per
 * figure (docs/specs.md restates them), plus the arithmetic that turns a
 * published acceptance length τ (tokens a verification step emits on
 * average) into the per-token acceptance A the engine runs on.
 */
import { expectedTokensPerStep } from './speculative';

import { EAGLE_PUBLISHED_TREE_TOKENS } from './specMethodIds';

export { EAGLE_PUBLISHED_TREE_TOKENS, MAX_SPEC_TREE_TOKENS, METHOD_DEFAULT_TOKENS, SPEC_METHODS, type SpecMethodId } from './specMethodIds';

/** A published acceptance length and the depth it was measured at (its source in the JSDoc of each, and docs/specs.md). */
export interface PublishedAcceptance {
  /** Average acceptance length τ: tokens one verification step emits, the bonus token included. */
  tau: number;
  /** Draft depth (tokens drafted one after another) the figure was measured at. */
  depth: number;
}

/**
 * EAGLE-2 on Llama-3.1-8B-Instruct, MT-bench, temperature 0: τ = 4.05 (3.16×
 * speedup). Li et al. 2025, "EAGLE-3" (arXiv:2503.01840), Tables 1 and 2.
 * Measured with the EAGLE code's dynamic tree (`total_token=60, depth=7` in
 * SafeAILab/EAGLE `ea_model.py`).
 */
export const EAGLE2_L31_8B: PublishedAcceptance = { tau: 4.05, depth: 7 };
/** EAGLE-3 in the same run: τ = 6.13 (4.40× speedup). Same source. */
export const EAGLE3_L31_8B: PublishedAcceptance = { tau: 6.13, depth: 7 };
/**
 * Per-token acceptance of an EAGLE head drafting a chain (one candidate per
 * depth): about 0.75 for EAGLE-3 and 0.65 averaged over depths for the
 * EAGLE(-2) head, read off Figure 7 of the EAGLE-3 paper (chain drafts,
 * MT-bench, Llama-3.1-8B); approximate, read from a plot.
 */
export const EAGLE_CHAIN_ACCEPTANCE: Record<'eagle' | 'eagle3', number> = { eagle: 0.65, eagle3: 0.75 };

/**
 * Prompt lookup (n-gram) acceptance lengths by how much the output repeats
 * the prompt: PLD on Vicuna-13B, temperature 0, in EAGLE-3 Table 1 —
 * CNN/DM (summarisation) τ 2.50, HumanEval (code) 1.93, MT-bench (chat) 1.63,
 * Alpaca (instructions, little copied) 1.19. Measured at PLD's default of 10
 * tokens looked up (apoorvumang/prompt-lookup-decoding, `num_pred_tokens=10`).
 */
export const NGRAM_BY_WORKLOAD: Readonly<Record<string, PublishedAcceptance>> = {
  summarize: { tau: 2.5, depth: 10 },
  autocomplete: { tau: 1.93, depth: 10 },
  chat: { tau: 1.63, depth: 10 },
  report: { tau: 1.19, depth: 10 },
  custom: { tau: 1.63, depth: 10 },
};

/**
 * The per-token acceptance A whose chain of `depth` drafts emits `tau`
 * tokens a step on average: the inverse of E(depth, A) (bisection; E rises
 * with A). 0 when τ ≤ 1, 1 when τ ≥ depth + 1.
 */
export function acceptanceForTau(tau: number, depth: number): number {
  if (tau <= 1) return 0;
  if (tau >= depth + 1) return 1;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (expectedTokensPerStep(depth, mid) < tau) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * An EAGLE tree's per-depth acceptance at `treeTokens` verified tokens and
 * depth `k`: the chain's acceptance at a chain (k + 1 tokens), the published
 * one at the published tree, and in between linear in log(tree tokens). A
 * wider tree than the published one gains nothing more: the lab has no
 * figure for it. The interpolation is the lab's own assumption.
 */
export function eagleAcceptance(variant: 'eagle' | 'eagle3', k: number, treeTokens: number): number {
  const published = variant === 'eagle' ? EAGLE2_L31_8B : EAGLE3_L31_8B;
  const tree = acceptanceForTau(published.tau, published.depth);
  const chain = EAGLE_CHAIN_ACCEPTANCE[variant];
  const narrowest = k + 1;
  if (treeTokens <= narrowest || EAGLE_PUBLISHED_TREE_TOKENS <= narrowest) return treeTokens >= EAGLE_PUBLISHED_TREE_TOKENS ? tree : chain;
  const share = Math.min(1, Math.log(treeTokens / narrowest) / Math.log(EAGLE_PUBLISHED_TREE_TOKENS / narrowest));
  return chain + (tree - chain) * share;
}

/** Prompt lookup's acceptance for a workload (chat's when the workload has no figure of its own). */
export function ngramAcceptance(workloadId: string): number {
  const p = NGRAM_BY_WORKLOAD[workloadId] ?? NGRAM_BY_WORKLOAD.chat;
  return acceptanceForTau(p.tau, p.depth);
}
