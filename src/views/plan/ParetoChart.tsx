import { useMemo } from 'react';
import type { PlannedConfig } from '../../plan/types';
import { Axis } from '../chart/Axis';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatMs, formatNumber, px } from '../chart/format';
import { colour } from '../chart/palette';
import { useChartWidth } from '../chart/useChartWidth';
import { layoutPareto, type ParetoLayout, type ParetoMetric } from './paretoLayout';

function Panel({ layout, label, metric }: { layout: ParetoLayout; label: string; metric: ParetoMetric }) {
  const stroke = metric === 'ttft' ? colour('prefill') : colour('goodput');
  return (
    <svg role="img" aria-label={label} width={layout.widthPx} height={layout.heightPx} viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`} data-testid={`pareto-${metric}`}>
      <Axis axis={layout.yAxis} />
      {layout.target && (
        <line x1={px(layout.xAxis.fromPx)} x2={px(layout.xAxis.toPx)} y1={px(layout.target.yPx)} y2={px(layout.target.yPx)} stroke={colour('slo')} strokeDasharray="4 3" />
      )}
      {layout.frontD && <path d={layout.frontD} fill="none" stroke={stroke} strokeWidth={1.5} />}
      {layout.points.map((p) => (
        <g key={p.rank}>
          <circle cx={px(p.xPx)} cy={px(p.yPx)} r={p.rank === 1 ? 6 : 4.5} fill={p.front ? stroke : colour('surface')} stroke={stroke} strokeWidth={1.5} data-front={p.front || undefined} />
          {p.rank <= 9 && (
            <text x={px(p.xPx + 7)} y={px(p.yPx - 6)} fontSize={11} fill={colour('text')}>
              {p.rank}
            </text>
          )}
        </g>
      ))}
      <Axis axis={layout.xAxis} />
    </svg>
  );
}

/**
 * Two Pareto panels side by side (stacked when narrow): each configuration
 * at its cost against p90 TTFT and against goodput per GPU, the front filled
 * and joined; numbers are the plan's ranks.
 */
export function ParetoChart({ configs, priced, ttftTargetMs, width }: { configs: PlannedConfig[]; priced: boolean; ttftTargetMs: number; width?: number }) {
  const { ref, width: measured } = useChartWidth<HTMLElement>(width);
  const side = measured >= 700;
  const panelWidth = side ? Math.floor((measured - 16) / 2) : measured;
  const ttft = useMemo(() => layoutPareto(configs, { metric: 'ttft', priced, ttftTargetMs, widthPx: panelWidth }), [configs, priced, ttftTargetMs, panelWidth]);
  const goodput = useMemo(() => layoutPareto(configs, { metric: 'goodput', priced, widthPx: panelWidth }), [configs, priced, panelWidth]);
  const cost = (c: PlannedConfig) => (priced && c.costPerHour !== null ? `$${formatNumber(c.costPerHour)}/h` : `${c.gpus} GPUs`);
  return (
    <ChartFrame
      containerRef={ref}
      testId="pareto-chart"
      title={`${priced ? 'Cost' : 'GPUs'} against latency and goodput`}
      subtitle={`Each dot a configuration that meets the targets, numbered as in the table. Filled: none cheaper does better. Dashed: the TTFT target, ${formatMs(ttftTargetMs)}.`}
      screenReaderSummary={
        <DataTable
          caption="Configurations"
          columns={['#', priced ? 'Cost' : 'GPUs', 'p90 TTFT', 'Goodput per GPU']}
          rows={configs.map((c, i) => [String(i + 1), cost(c), formatMs(c.ttftP90Ms), `${formatNumber(c.goodputPerGpu)} req/s`])}
        />
      }
    >
      <div className={side ? 'flex gap-4' : 'space-y-2'}>
        <Panel layout={ttft} metric="ttft" label={`p90 TTFT against ${priced ? 'cost' : 'GPUs'} for ${configs.length} configurations`} />
        <Panel layout={goodput} metric="goodput" label={`Goodput per GPU against ${priced ? 'cost' : 'GPUs'} for ${configs.length} configurations`} />
      </div>
    </ChartFrame>
  );
}
