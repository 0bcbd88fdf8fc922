/**
 * The drafts that speculative decoding runs beside a model: a small model of
 * the same family from the catalog, or an EAGLE head (one decoder layer of
 * the target's shape on its hidden states, plus an LM head). Each is costed
 * by its own roofline on the target's GPUs and takes its weights and KV out
 * of the target's memory; the checks that refuse a draft that cannot serve
 * the target live here too.
 */
import type { ResolvedSpec } from '../profiles/catalog';
import { precisionMismatch } from '../profiles/catalog';
import { costModel, iterationBreakdown, type RooflineFactors } from '../profiles/cost';
import { DEFAULT_SERVING, planMemory, type DraftMemory } from '../profiles/memory';
import { MODELS, modelParams, type ModelConfig } from '../profiles/models';
import { EMBEDDING_BYTES_PER_PARAM } from '../profiles/precisions';
import type { IterationWork } from '../types';

/** The EAGLE head variants: EAGLE-2's (the EAGLE-1 head on a dynamic tree) and EAGLE-3's. */
export type EagleVariant = 'eagle' | 'eagle3';

/**
 * EAGLE-3 heads predict over a reduced draft vocabulary of 32,000 tokens with
 * their own LM head (`draft_vocab_size: 32000` in the released
 * yuhuili/EAGLE3-LLaMA3.1-Instruct-8B config); EAGLE-1/2 heads reuse the
 * target's embedding and LM head (SafeAILab/EAGLE loads the target's
 * `lm_head`), so they read the full vocabulary but store none of it.
 */
export const EAGLE3_DRAFT_VOCAB = 32000;

/**
 * Family of a catalog model, from its id: models of one family share a
 * tokenizer, so one can draft for another. Null for an id the lab does not
 * place in a family.
 */
export function modelFamily(id: string): string | null {
  const families: [RegExp, string][] = [
    [/^llama-3\./, 'llama-3'], [/^llama-2-/, 'llama-2'], [/^qwen3-/, 'qwen3'], [/^qwen2\.5-/, 'qwen2.5'],
    [/^(mistral|mixtral)-/, 'mistral'], [/^gpt-oss-/, 'gpt-oss'], [/^deepseek-/, 'deepseek-v3'], [/^gemma-3-/, 'gemma-3'],
  ];
  for (const [re, family] of families) if (re.test(id)) return family;
  return null;
}

/**
 * The draft the lab picks for `target` when none is named: the smallest
 * dense model of its family with its vocabulary (Llama-3.2-1B for every
 * Llama 3.x, as TensorRT-LLM's Llama-3.3-70B example uses), or null when the
 * family has no smaller one in the catalog.
 */
export function defaultDraftFor(target: ModelConfig): ModelConfig | null {
  const family = modelFamily(target.id);
  const size = modelParams(target).total;
  const candidates = MODELS.filter((m) => m.experts === 1 && modelFamily(m.id) === family && m.vocabSize === target.vocabSize && modelParams(m).total < size);
  candidates.sort((a, b) => modelParams(a).total - modelParams(b).total);
  return candidates[0] ?? null;
}

/** Why `draft` cannot draft for `target` at `r`'s precision, or null when it can. */
export function draftRefusal(target: ModelConfig, draft: ModelConfig, r: Pick<ResolvedSpec, 'precision'>): string | null {
  const t = modelParams(target).total;
  const d = modelParams(draft).total;
  if (d >= t) {
    return `the draft ${draft.label} (${(d / 1e9).toFixed(1)}B parameters) is not smaller than the model it drafts for, ${target.label} (${(t / 1e9).toFixed(1)}B): drafting would cost more than it saves`;
  }
  const tf = modelFamily(target.id);
  const df = modelFamily(draft.id);
  if (draft.vocabSize !== target.vocabSize || (tf !== null && df !== null && tf !== df)) {
    return `the draft ${draft.label} (${df ?? 'its own'} family, ${draft.vocabSize.toLocaleString('en-US')}-token vocabulary) does not share ${target.label}'s tokenizer (${tf ?? 'its own'} family, ${target.vocabSize.toLocaleString('en-US')} tokens), so the target cannot check its tokens`;
  }
  const mismatch = precisionMismatch(draft, r.precision);
  if (mismatch) return `the draft ${mismatch.reason}`;
  return null;
}

/** An EAGLE head for `target` as a one-layer model: the target's layer shape, a dense MLP, its LM head's vocabulary. */
export function eagleHeadModel(target: ModelConfig, variant: EagleVariant): ModelConfig {
  // A mixture-of-experts target gets a dense head as wide as the experts one token passes through.
  const ffnSize = target.denseLayers?.ffnSize ?? target.ffnSize * (target.experts > 1 ? target.expertsPerToken + (target.sharedExperts ?? 0) : 1);
  return {
    id: `${target.id}+${variant}`, label: `${variant === 'eagle3' ? 'EAGLE-3' : 'EAGLE-2'} head of ${target.label}`,
    layers: 1, hiddenSize: target.hiddenSize, heads: target.heads, kvHeads: target.kvHeads, headDim: target.headDim, ffnSize,
    vocabSize: variant === 'eagle3' ? EAGLE3_DRAFT_VOCAB : target.vocabSize, tiedEmbeddings: true,
    experts: 1, expertsPerToken: 1, qkvBias: target.qkvBias, maxContextTokens: target.maxContextTokens,
    publishedParams: 0, source: 'EAGLE-2 (arXiv:2406.16858) and EAGLE-3 (arXiv:2503.01840): one decoder layer on the target\'s features',
  };
}

/** The memory a draft takes: its weights and its KV per token, on one GPU of `r`'s TP group. */
export function draftMemory(draft: ModelConfig, r: ResolvedSpec, eagle: EagleVariant | null): DraftMemory {
  const plan = planMemory({ ...r, model: draft }, DEFAULT_SERVING);
  let weights = plan.weightBytesTotal;
  if (eagle) {
    const h = draft.hiddenSize;
    const p = modelParams(draft);
    // EAGLE-2 stores no vocabulary matrix (it reuses the target's); EAGLE-3 stores its own LM head and not the embedding.
    if (eagle === 'eagle') weights -= p.embedding * EMBEDDING_BYTES_PER_PARAM;
    // The FC layer that fuses features and the token embedding: 2h → h (EAGLE-2), 3h → h (EAGLE-3).
    weights += (eagle === 'eagle3' ? 3 : 2) * h * h * r.precision.weightBytesPerParam;
  }
  return { weightBytesPerGpu: weights / r.tp, kvBytesPerTokenPerGpu: plan.kvBytesPerTokenPerGpu };
}

/**
 * The draft's cost of one drafting step over `seqs` sequences holding
 * `kvTokens` tokens of context, `queriesPerSeq` tokens each (1 for a chain; a
 * tree's frontier for EAGLE), seconds: its own roofline on the target's GPUs
 * at the same TP (vLLM's `draft_tensor_parallel_size` defaults to the
 * target's; SGLang runs the draft in the target's TP group), at the target's
 * precision, with its per-layer launch cost but not the fixed per-iteration
 * cost (scheduling, sampling, launch), which the target's verification
 * already pays once for the whole speculative step: the drafts run inside it.
 */
export function draftStepSeconds(draft: ModelConfig, r: ResolvedSpec, factors: RooflineFactors, queriesPerSeq: number): (seqs: number, kvTokens: number) => number {
  const spec: ResolvedSpec = { model: draft, gpu: r.gpu, precision: r.precision, kvPrecision: r.kvPrecision, tp: r.tp };
  const cost = costModel(spec, planMemory(spec, DEFAULT_SERVING), factors);
  const work: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0, decodeQueryTokens: 0 };
  return (seqs, kvTokens) => {
    if (seqs <= 0) return 0;
    work.decodeSeqs = seqs;
    work.decodeKvTokens = kvTokens;
    work.decodeQueryTokens = seqs * queriesPerSeq;
    return iterationBreakdown(cost, work).totalS - factors.iterationOverheadS;
  };
}
