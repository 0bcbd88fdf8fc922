import { useMemo } from 'react';
import type { RooflineDetails } from '../../engine/profiles/roofline';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { StackedBar } from '../chart/StackedBar';
import { useChartWidth } from '../chart/useChartWidth';
import { formatGpuMemory, formatTokenCount } from '../why/units';
import { layoutBudget, type BudgetInput } from './layoutBudget';

/** The input of the bar from a hardware server's details and the engine's label. */
export function budgetInput(details: RooflineDetails, engineLabel: string | null): BudgetInput {
  const m = details.memory;
  return {
    gpuBytes: details.memoryBytesPerGpu,
    weightBytes: m.weightBytesPerGpu,
    draftBytes: m.draftWeightBytesPerGpu,
    draftKvBytes: m.draftKvBytesPerGpu,
    activationBytes: m.activationBytesPerGpu,
    kvBytes: m.kvCacheBytesPerGpu,
    kvTokens: m.kvCapacityTokens,
    engineLabel,
    kvLabel: details.kvPrecision.toUpperCase(),
    formatBytes: (b) => formatGpuMemory(b, details.gpu),
    formatTokens: formatTokenCount,
  };
}

/** One GPU's memory as its engine budgets it: one bar, the KV cache's share named. */
export function MemoryBudget({ input, width: explicit }: { input: BudgetInput; width?: number }) {
  const { ref, width } = useChartWidth<HTMLElement>(explicit);
  const layout = useMemo(() => layoutBudget(input, { widthPx: width }), [input, width]);
  return (
    <ChartFrame
      containerRef={ref}
      testId="memory-budget"
      title="What the engine keeps before the KV cache, on each GPU"
      subtitle={layout.sentence}
      screenReaderSummary={<DataTable caption="Memory budget of one GPU" columns={['Part', 'Size']} rows={layout.segments.map((s) => [s.label.replace(/ [\d.,]+ [MG]B.*$/, ''), input.formatBytes(s.size)])} />}
    >
      <StackedBar layout={layout} label={layout.sentence} />
    </ChartFrame>
  );
}
