import type { ColourRole } from '../chart/palette';
import { layoutStackedBar, type StackedBarLayout } from '../chart/stackedBar';
import type { MemoryData, MemorySegment } from './whyModel';

/** Everything the memory bar renders, in px: one stacked bar (`chart/stackedBar`), free KV drawn as an outline. */
export type MemoryLayout = StackedBarLayout<MemorySegment['key']>;

const FILL: Record<MemorySegment['key'], ColourRole> = { weights: 'throughput', reserve: 'networkFill', 'kv-used': 'decode', 'kv-free': 'decode' };
const TEXT: Record<MemorySegment['key'], ColourRole> = { weights: 'throughput', reserve: 'muted', 'kv-used': 'decode', 'kv-free': 'decode' };

/**
 * Lays out one GPU's memory as a stacked bar: weights, reserve, KV cache in
 * use at the run's peak and KV cache free, widths proportional to bytes.
 */
export function layoutMemory(data: MemoryData, size: { widthPx: number }): MemoryLayout {
  const parts = data.segments.map((s) => ({ key: s.key, size: s.bytes, label: s.label, fill: FILL[s.key], text: TEXT[s.key], style: s.key === 'kv-free' ? ('outline' as const) : ('solid' as const) }));
  return layoutStackedBar(parts, data.totalBytes, { widthPx: size.widthPx, barHeightPx: 26 });
}
