import { useMemo } from 'react';
import type { SweepPoint } from '../../engine';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatRate, formatReqPerSec, formatShare, formatTokPerSec, px } from '../chart/format';
import { Legend } from '../chart/Legend';
import { GHOST_OPACITY, GHOST_STROKE_PX } from '../chart/legendLayout';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { GOODPUT_RATE_SUBTITLE, layoutGoodputRate } from './goodputRate';

/**
 * The DistServe comparison: the current run and the pinned one, swept over
 * the same offered rates, their throughput and goodput (req/s) on one chart,
 * with where each stops keeping its requests within the SLO.
 */
export function GoodputRateChart({ current, baseline, progress, width: fixedWidth }: { current: readonly SweepPoint[]; baseline: readonly SweepPoint[]; /** Runs swept so far of both sweeps (absent: complete). */ progress?: { done: number; total: number }; width?: number }) {
  const { ref, width } = useChartWidth<HTMLElement>(fixedWidth);
  const done = progress?.done;
  const total = progress?.total;
  const layout = useMemo(
    () => layoutGoodputRate({ current, baseline, ...(done !== undefined && total !== undefined ? { progress: { done, total } } : {}) }, { widthPx: width }),
    [current, baseline, done, total, width],
  );
  const rows = (pts: readonly SweepPoint[], who: string) =>
    pts
      .filter((p) => p != null && p.ratePerSec !== null)
      .map((p) => [`${who}, ${formatRate(p.ratePerSec!)}`, formatReqPerSec(p.metrics.requestsPerSec), formatReqPerSec(p.metrics.goodputReqPerSec), formatShare(p.metrics.sloMetShare), formatTokPerSec(p.metrics.outputTokPerSec)]);
  return (
    <ChartFrame
      containerRef={ref}
      testId="goodput-rate-chart"
      title="Goodput against offered rate (req/s): now and the pinned run"
      subtitle={GOODPUT_RATE_SUBTITLE}
      screenReaderSummary={
        <>
          <p>{layout.sentence}</p>
          <DataTable caption="Both runs at each offered rate" columns={['Run and rate', 'Throughput', 'Goodput', 'Within SLO', 'Tokens']} rows={[...rows(current, 'Now'), ...rows(baseline, 'Pinned run')]} />
        </>
      }
    >
      {layout.message !== null ? (
        <div role="status" className="flex items-center justify-center text-sm" style={{ height: layout.heightPx, color: 'var(--ll-muted)' }}>
          {layout.message}
        </div>
      ) : (
        <svg role="img" aria-label={layout.sentence} width={layout.widthPx} height={layout.heightPx} viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`} style={{ display: 'block', maxWidth: '100%', height: 'auto' }}>
          <g aria-hidden="true">
            <Legend items={layout.legend} />
            <Axis axis={layout.yAxis} />
            <path d={layout.offeredD} fill="none" stroke={colour('axis')} strokeWidth={1} strokeDasharray="2 3" />
            {layout.series.map((s) => (
              <g key={s.key} data-ghost={s.ghost ? '' : undefined}>
                <path
                  d={s.pathD}
                  fill="none"
                  stroke={colour(s.role)}
                  strokeWidth={s.ghost ? GHOST_STROKE_PX : 2}
                  strokeOpacity={s.ghost ? GHOST_OPACITY : 1}
                  strokeDasharray={s.dashed ? (s.ghost ? '8 5' : '6 4') : undefined}
                />
                {s.dots.map((d, i) => (
                  <circle key={i} cx={px(d.xPx)} cy={px(d.yPx)} r={s.ghost ? 3.5 : 2.5} fill={colour(s.role)} fillOpacity={s.ghost ? GHOST_OPACITY : 1} />
                ))}
              </g>
            ))}
            {layout.sustained.map((m) => (
              <g key={m.run} data-sustained={m.run}>
                <line x1={px(m.xPx)} x2={px(m.xPx)} y1={px(layout.plot.topPx)} y2={px(layout.plot.bottomPx)} stroke={colour(m.run === 'current' ? 'highlight' : 'muted')} strokeWidth={1.5} strokeDasharray="4 3" />
                <HaloText x={m.xPx - 4} y={m.yPx} anchor="end" role={m.run === 'current' ? 'highlight' : 'muted'} fontPx={FONT_PX.tick} weight={600}>
                  {m.label}
                </HaloText>
              </g>
            ))}
            <Axis axis={layout.xAxis} />
          </g>
        </svg>
      )}
      <p className="mt-1 text-sm" data-testid="goodput-rate-sentence">
        {layout.sentence}
      </p>
    </ChartFrame>
  );
}
