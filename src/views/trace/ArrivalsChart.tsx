import { useMemo } from 'react';
import { Axis } from '../chart/Axis';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatNumber, formatReqPerSec, px } from '../chart/format';
import { colour } from '../chart/palette';
import { useChartWidth } from '../chart/useChartWidth';
import { layoutArrivals } from './arrivalsLayout';

/** Requests per second over time: the trace filled, Poisson at the same mean rate as a line over it. */
export function ArrivalsChart({ traceS, poissonS, meanRatePerSec, width }: { traceS: number[]; poissonS: number[]; meanRatePerSec: number; width?: number }) {
  const { ref, width: measured } = useChartWidth<HTMLElement>(width);
  const layout = useMemo(() => layoutArrivals(traceS, poissonS, meanRatePerSec, { widthPx: measured }), [traceS, poissonS, meanRatePerSec, measured]);
  const busiest = layout.traceBins.reduce((a, b) => (b.ratePerSec > a.ratePerSec ? b : a), layout.traceBins[0]);
  return (
    <ChartFrame
      containerRef={ref}
      testId="arrivals-chart"
      title="Arrivals: requests per second"
      subtitle={`Filled: the trace. Line: Poisson arrivals at the same mean rate, ${formatReqPerSec(meanRatePerSec)} (dashed). The busiest ${layout.binS} s of the trace ran at ${formatNumber(layout.peakOverMean)}× the mean.`}
      screenReaderSummary={
        <DataTable
          caption="Arrival rates"
          columns={['', 'Mean', 'Busiest bin']}
          rows={[
            ['Trace', formatReqPerSec(meanRatePerSec), `${formatReqPerSec(busiest.ratePerSec)} at ${formatNumber(busiest.fromS)} s`],
            ['Poisson', formatReqPerSec(meanRatePerSec), formatReqPerSec(Math.max(...layout.poissonBins.map((b) => b.ratePerSec)))],
          ]}
        />
      }
    >
      <svg role="img" aria-label={`Requests per second over ${formatNumber(layout.traceBins[layout.traceBins.length - 1].toS)} s, trace against Poisson`} width={layout.widthPx} height={layout.heightPx} viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`}>
        <Axis axis={layout.yAxis} />
        <path d={layout.traceAreaD} fill={colour('queueFill')} fillOpacity={0.7} stroke={colour('queue')} strokeWidth={1} data-testid="arrivals-trace" />
        <path d={layout.poissonLineD} fill="none" stroke={colour('throughput')} strokeWidth={1.5} data-testid="arrivals-poisson" />
        <line x1={px(layout.xAxis.fromPx)} x2={px(layout.xAxis.toPx)} y1={px(layout.mean.yPx)} y2={px(layout.mean.yPx)} stroke={colour('text')} strokeDasharray="4 3" />
        <Axis axis={layout.xAxis} />
      </svg>
    </ChartFrame>
  );
}
