import { useMemo } from 'react';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { StackedBar } from '../chart/StackedBar';
import { useChartWidth } from '../chart/useChartWidth';
import { formatCount } from '../common/format';
import { layoutMemory } from './layoutMemory';
import { formatTokenCount } from './units';
import type { MemoryData } from './whyModel';

/** The batch the memory allows, in a sentence. */
export function memorySentence(d: MemoryData): string {
  const perGpu = d.tp > 1 ? ` Each of the ${d.tp} GPUs holds its share of the weights and of every token's KV cache, so the bar is the same on each.` : '';
  const capacity = `The KV cache has room for ${formatTokenCount(d.kvCapacityTokens)}: about ${formatCount(d.requestsThatFit)} ${d.requestsThatFit === 1 ? 'request' : 'requests'} of this workload (${formatTokenCount(d.requestTokens)} each) at once.`;
  const limit =
    d.limitedBy === 'memory'
      ? `That is below the scheduler's limit of ${formatCount(d.maxBatch)}, so memory caps the batch at about ${formatCount(d.batchLimit)}; beyond that, requests wait in the queue.`
      : `The scheduler runs at most ${formatCount(d.maxBatch)} at once, so that is the batch limit; memory is not the constraint.`;
  const peak = d.peakKvTokens > 0 ? ` At its peak this run held ${formatTokenCount(d.peakKvTokens)} of KV cache.` : '';
  return `${capacity} ${limit}${peak}${perGpu}`;
}

/** One GPU's memory as a stacked bar: weights, reserve, KV cache in use at the run's peak, KV cache free. */
export function MemoryBar({ data, width: explicit }: { data: MemoryData; width?: number }) {
  const { ref, width } = useChartWidth<HTMLElement>(explicit);
  const layout = useMemo(() => layoutMemory(data, { widthPx: width }), [data, width]);
  return (
    <ChartFrame
      containerRef={ref}
      testId="memory-bar"
      title={`Where the memory of one ${data.gpuLabel} goes (${data.totalText}, as its datasheet counts GB)`}
      subtitle={memorySentence(data)}
      screenReaderSummary={<DataTable caption="Memory of one GPU" columns={['Part', 'Size']} rows={data.segments.map((s) => [s.label.replace(/( [\d.,]+ [MG]B)$/, ''), s.label.match(/[\d.,]+ [MG]B$/)?.[0] ?? ''])} />}
    >
      <StackedBar layout={layout} label={`Memory of one GPU: ${data.segments.map((s) => s.label).join(', ')}`} />
    </ChartFrame>
  );
}
