/**
 * One GPU's memory budget as its engine sizes it, laid out as one bar:
 * weights, activations (the profiled step), everything else kept back
 * (runtime, CUDA graphs, headroom, free memory the engine leaves unused) and
 * the KV cache, with the KV share in words. Pure: the sizes come from the
 * engine's memory plan; this only turns them into marks and text.
 */
import { FONT_PX } from '../chart/axisMarks';
import { placeLabelRows } from '../chart/labels';
import type { ColourRole } from '../chart/palette';
import { MIN_CHART_WIDTH_PX } from '../chart/useChartWidth';

/** Per-GPU sizes in bytes, as `MemoryPlan` gives them, and how to print them. */
export interface BudgetInput {
  gpuBytes: number;
  weightBytes: number;
  activationBytes: number;
  kvBytes: number;
  kvTokens: number;
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
export type BudgetPart = 'weights' | 'activations' | 'other' | 'kv';

export interface BudgetSegment {
  key: BudgetPart;
  bytes: number;
  x0Px: number;
  x1Px: number;
  fill: ColourRole;
  text: ColourRole;
  label: string;
  labelXPx: number;
  labelYPx: number;
  labelAnchor: 'start' | 'middle' | 'end';
  leader: { xPx: number; y1Px: number; y2Px: number } | null;
}

export interface BudgetLayout {
  widthPx: number;
  heightPx: number;
  bar: { leftPx: number; rightPx: number; topPx: number; heightPx: number };
  segments: BudgetSegment[];
  /** KV bytes ÷ GPU bytes, 0..1. */
  kvShare: number;
  /** The budget in one sentence, for the title's subtitle and screen readers. */
  sentence: string;
}

const FILL: Record<BudgetPart, ColourRole> = { weights: 'throughput', activations: 'prefill', other: 'networkFill', kv: 'decode' };
const TEXT: Record<BudgetPart, ColourRole> = { weights: 'throughput', activations: 'prefill', other: 'muted', kv: 'decode' };
const NAME: Record<BudgetPart, string> = { weights: 'weights', activations: 'activations', other: 'kept back', kv: 'KV cache' };

const clean = (x: number): number => (Number.isFinite(x) && x > 0 ? x : 0);

/** Lays out the budget bar at `widthPx` (never narrower than the charts' minimum). */
export function layoutBudget(d: BudgetInput, size: { widthPx: number }): BudgetLayout {
  const widthPx = Math.max(MIN_CHART_WIDTH_PX, Number.isFinite(size.widthPx) ? size.widthPx : MIN_CHART_WIDTH_PX);
  const gpu = clean(d.gpuBytes);
  const parts: Record<BudgetPart, number> = { weights: clean(d.weightBytes), activations: clean(d.activationBytes), kv: clean(d.kvBytes), other: 0 };
  parts.other = Math.max(0, gpu - parts.weights - parts.activations - parts.kv);
  const total = Math.max(1, gpu, parts.weights + parts.activations + parts.kv + parts.other);
  const leftPx = 4;
  const rightPx = widthPx - 4;
  const topPx = 4;
  const barHeight = 24;
  const order: BudgetPart[] = ['weights', 'activations', 'other', 'kv'];
  const segments: BudgetSegment[] = [];
  let acc = 0;
  for (const key of order) {
    const bytes = parts[key];
    const x0 = leftPx + (acc / total) * (rightPx - leftPx);
    acc += bytes;
    // A sliver too thin to see still gets 2 px, so its label points at something.
    const x1 = Math.min(rightPx, Math.max(x0 + (bytes > 0 ? 2 : 0), leftPx + (acc / total) * (rightPx - leftPx)));
    if (x1 <= x0) continue;
    const share = key === 'kv' ? ` (${Math.round((bytes / total) * 100)}%)` : '';
    segments.push({ key, bytes, x0Px: x0, x1Px: x1, fill: FILL[key], text: TEXT[key], label: `${NAME[key]} ${d.formatBytes(bytes)}${share}`, labelXPx: 0, labelYPx: 0, labelAnchor: 'middle', leader: null });
  }
  const placed = placeLabelRows(segments.map((s) => ({ xPx: (s.x0Px + s.x1Px) / 2, text: s.label })), FONT_PX.label, leftPx, rightPx);
  const rowHeight = 16;
  const firstRowY = topPx + barHeight + 16;
  segments.forEach((s, i) => {
    const p = placed[i];
    s.labelXPx = p.textXPx;
    s.labelAnchor = p.anchor;
    s.labelYPx = firstRowY + p.row * rowHeight;
    s.leader = p.row > 0 ? { xPx: (s.x0Px + s.x1Px) / 2, y1Px: topPx + barHeight, y2Px: s.labelYPx - 11 } : null;
  });
  const rows = placed.reduce((n, p) => Math.max(n, p.row + 1), 1);
  const kvShare = parts.kv / total;
  const who = d.engineLabel ? `${d.engineLabel} budgets` : 'The lab budgets';
  const sentence =
    `${who} each GPU's ${d.formatBytes(gpu)} as: weights ${d.formatBytes(parts.weights)}, activations ${d.formatBytes(parts.activations)}, ` +
    `kept back ${d.formatBytes(parts.other)} (runtime, headroom and memory the engine leaves unused), ` +
    `and ${d.formatBytes(parts.kv)} of ${d.kvLabel} KV cache, ${Math.round(kvShare * 100)}% of the GPU: room for ${d.formatTokens(Math.max(0, Math.floor(d.kvTokens)))}.`;
  return { widthPx, heightPx: firstRowY + (rows - 1) * rowHeight + 8, bar: { leftPx, rightPx, topPx, heightPx: barHeight }, segments, kvShare, sentence };
}
