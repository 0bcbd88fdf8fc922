import { DataTable } from '../chart/ChartFrame';
import { formatMs, formatReqPerSec, formatTokPerSec } from '../chart/format';
import type { CurveLayout } from './curveTypes';
import { limitLabel } from './describe';

/** The curve as a table, for screen readers. */
export function CurveTable({ layout, maxBatch, kvCapacityTokens }: { layout: CurveLayout; maxBatch: number; kvCapacityTokens: number }) {
  if (layout.points.length === 0) return <p>{layout.summary}</p>;
  return (
    <>
      <p>{layout.summary}</p>
      <DataTable
        caption="Throughput and latency at each load"
        columns={['Load', 'System throughput', 'Goodput', 'TTFT p50', 'TTFT p95', 'TPOT p50', 'TPOT p95', 'Held back by']}
        rows={[
          ...layout.points.map(({ point: p, label }) => [
            label,
            formatTokPerSec(p.metrics.outputTokPerSec),
            formatReqPerSec(p.metrics.goodputReqPerSec),
            formatMs(p.metrics.ttftMs.p50),
            formatMs(p.metrics.ttftMs.p95),
            formatMs(p.metrics.tpotMs.p50),
            formatMs(p.metrics.tpotMs.p95),
            `${p.limitingFactor === 'none' ? 'nothing' : limitLabel(p.limitingFactor, maxBatch, kvCapacityTokens)}${p.beyondCapacity ? '; beyond capacity, no steady state' : ''}`,
          ]),
          ...layout.baselinePoints.map(({ point: p, label }) => [
            `Pinned run: ${label}`,
            formatTokPerSec(p.metrics.outputTokPerSec),
            formatReqPerSec(p.metrics.goodputReqPerSec),
            formatMs(p.metrics.ttftMs.p50),
            formatMs(p.metrics.ttftMs.p95),
            formatMs(p.metrics.tpotMs.p50),
            formatMs(p.metrics.tpotMs.p95),
            `${p.limitingFactor === 'none' ? 'nothing' : limitLabel(p.limitingFactor, maxBatch, kvCapacityTokens)}${p.beyondCapacity ? '; beyond capacity, no steady state' : ''}`,
          ]),
          ...layout.extras.map(({ point: p, loadText }) => [
            `Real run ${p.label}: ${loadText}`,
            formatTokPerSec(p.outputTokPerSec),
            'not simulated',
            formatMs(p.ttftP50Ms),
            formatMs(p.ttftP95Ms),
            formatMs(p.tpotP50Ms),
            formatMs(p.tpotP95Ms),
            'measured, not simulated',
          ]),
        ]}
      />
    </>
  );
}
