/**
 * One GPU's memory budget as its engine sizes it, laid out as one bar:
 * weights, activations (the profiled step), everything else kept back
 * (runtime, CUDA graphs, headroom, free memory the engine leaves unused) and
 * the KV cache, with the KV share in words. Pure: the sizes come from the
 * engine's memory plan; this only turns them into marks and text.
 */
import type { ColourRole } from '../chart/palette';
import { drawableSize, layoutStackedBar, type StackedBarLayout } from '../chart/stackedBar';

/** Per-GPU sizes in bytes, as `MemoryPlan` gives them, and how to print them. */
export interface BudgetInput {
  gpuBytes: number;
  weightBytes: number;
  /** A speculative draft's weights (a draft model or EAGLE head), 0 without one. */
  draftBytes: number;
  activationBytes: number;
  kvBytes: number;
  kvTokens: number;
  /** The part of `kvBytes` the draft's KV takes when the cache is full (0 or absent without a draft). */
  draftKvBytes?: number;
  /** "vLLM", "TensorRT-LLM", … or null for the lab's own rule. */
  engineLabel: string | null;
  /** KV precision label, e.g. "BF16". */
  kvLabel: string;
  /** Bytes → text in the GPU's own GB (`formatGpuMemory`). */
  formatBytes: (bytes: number) => string;
  /** Tokens → text. */
  formatTokens: (tokens: number) => string;
}

/** The parts of the bar, left to right. */
export type BudgetPart = 'weights' | 'draft' | 'activations' | 'other' | 'kv';

/** The bar (`chart/stackedBar`), with the KV share and the budget in words. */
export interface BudgetLayout extends StackedBarLayout<BudgetPart> {
  /** KV bytes ÷ GPU bytes, 0..1. */
  kvShare: number;
  /** The budget in one sentence, for the title's subtitle and screen readers. */
  sentence: string;
}

const FILL: Record<BudgetPart, ColourRole> = { weights: 'throughput', draft: 'queueFill', activations: 'prefill', other: 'networkFill', kv: 'decode' };
const TEXT: Record<BudgetPart, ColourRole> = { weights: 'throughput', draft: 'queue', activations: 'prefill', other: 'muted', kv: 'decode' };
const NAME: Record<BudgetPart, string> = { weights: 'weights', draft: 'draft', activations: 'activations', other: 'kept back', kv: 'KV cache' };

/** Lays out the budget bar at `widthPx` (never narrower than the charts' minimum). */
export function layoutBudget(d: BudgetInput, size: { widthPx: number }): BudgetLayout {
  const gpu = drawableSize(d.gpuBytes);
  const parts: Record<BudgetPart, number> = { weights: drawableSize(d.weightBytes), draft: drawableSize(d.draftBytes), activations: drawableSize(d.activationBytes), kv: drawableSize(d.kvBytes), other: 0 };
  parts.other = Math.max(0, gpu - parts.weights - parts.draft - parts.activations - parts.kv);
  const total = Math.max(1, gpu, parts.weights + parts.draft + parts.activations + parts.kv + parts.other);
  // The draft's segment appears only when there is a draft, so a run without one draws the bar it always did.
  const order: BudgetPart[] = parts.draft > 0 ? ['weights', 'draft', 'activations', 'other', 'kv'] : ['weights', 'activations', 'other', 'kv'];
  const bar = layoutStackedBar(
    order.map((key) => ({ key, size: parts[key], fill: FILL[key], text: TEXT[key], label: `${NAME[key]} ${d.formatBytes(parts[key])}${key === 'kv' ? ` (${Math.round((parts[key] / total) * 100)}%)` : ''}` })),
    total,
    { widthPx: size.widthPx, barHeightPx: 24 },
  );
  const kvShare = parts.kv / total;
  const who = d.engineLabel ? `${d.engineLabel} budgets` : 'The lab budgets';
  const sentence =
    `${who} each GPU's ${d.formatBytes(gpu)} as: weights ${d.formatBytes(parts.weights)}, ${parts.draft > 0 ? `the speculative draft ${d.formatBytes(parts.draft)}, ` : ''}activations ${d.formatBytes(parts.activations)}, ` +
    `kept back ${d.formatBytes(parts.other)} (runtime, headroom and memory the engine leaves unused), ` +
    `and ${d.formatBytes(parts.kv)} of ${d.kvLabel} KV cache, ${Math.round(kvShare * 100)}% of the GPU: room for ${d.formatTokens(Math.max(0, Math.floor(d.kvTokens)))}${d.draftKvBytes ? `, each holding the draft's KV too (${d.formatBytes(d.draftKvBytes)} in all)` : ''}.`;
  return { ...bar, kvShare, sentence };
}
