import { useMemo } from 'react';
import type { RooflineDetails } from '../../engine/profiles/roofline';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { px } from '../chart/format';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { formatGpuMemory, formatTokenCount } from '../why/units';
import { layoutBudget, type BudgetInput } from './layoutBudget';

/** The input of the bar from a hardware server's details and the engine's label. */
export function budgetInput(details: RooflineDetails, engineLabel: string | null): BudgetInput {
  const m = details.memory;
  return {
    gpuBytes: details.memoryBytesPerGpu,
    weightBytes: m.weightBytesPerGpu,
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
      screenReaderSummary={<DataTable caption="Memory budget of one GPU" columns={['Part', 'Size']} rows={layout.segments.map((s) => [s.label.replace(/ [\d.,]+ [MG]B.*$/, ''), input.formatBytes(s.bytes)])} />}
    >
      <svg role="img" aria-label={layout.sentence} width={layout.widthPx} height={layout.heightPx} viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`} style={{ display: 'block', maxWidth: '100%', height: 'auto' }}>
        <g aria-hidden="true">
          {layout.segments.map((s) => (
            <rect key={s.key} data-part={s.key} x={px(s.x0Px)} y={px(layout.bar.topPx)} width={px(s.x1Px - s.x0Px)} height={layout.bar.heightPx} fill={colour(s.fill)} stroke={colour('surface')} strokeWidth={1} />
          ))}
          {layout.segments.map((s) => (
            <g key={s.key}>
              {s.leader && <line x1={px(s.leader.xPx)} x2={px(s.leader.xPx)} y1={px(s.leader.y1Px)} y2={px(s.leader.y2Px)} stroke={colour('axis')} />}
              <HaloText x={s.labelXPx} y={s.labelYPx} anchor={s.labelAnchor} role={s.text} fontPx={FONT_PX.label}>
                {s.label}
              </HaloText>
            </g>
          ))}
        </g>
      </svg>
    </ChartFrame>
  );
}
