import { useMemo } from 'react';
import { crossoverLines, type CrossoverLine, type SceneCrossover } from '../../lesson/scenes';
import { useSceneCrossover } from '../../workers/sceneCrossover';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatNumber, px } from '../chart/format';
import { SWATCH_PX } from '../chart/legendLayout';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { fmtSpeedup, layoutCrossover } from './crossoverLayout';

/** The chart of a scene's crossover: the lines that are in, drawn by `layoutCrossover`. */
export function CrossoverChart({ spec, lines, progress, width: fixedWidth }: { spec: SceneCrossover; lines: readonly CrossoverLine[]; progress?: { done: number; total: number }; width?: number }) {
  const { ref, width } = useChartWidth<HTMLElement>(fixedWidth);
  const done = progress?.done;
  const total = progress?.total;
  const layout = useMemo(
    () => layoutCrossover(lines, { users: spec.users, methodIds: spec.methods.map((m) => m.id) }, { widthPx: width }, done !== undefined && total !== undefined ? { done, total } : undefined),
    [lines, spec, width, done, total],
  );
  const complete = done === undefined || done === total;
  return (
    <ChartFrame
      containerRef={ref}
      testId="crossover-chart"
      title={spec.title}
      subtitle={spec.subtitle}
      screenReaderSummary={
        <DataTable
          caption="Speedup of each method at each number of users"
          columns={['Method', ...spec.users.map((u) => `${formatNumber(u)} ${u === 1 ? 'user' : 'users'}`), 'First loss at']}
          rows={lines.map((l) => [l.label, ...spec.users.map((u) => { const p = l.points.find((q) => q.users === u); return p ? fmtSpeedup(p.speedup) : '–'; }), l.firstLossUsers === null ? 'none' : `${formatNumber(l.firstLossUsers)} users`])}
        />
      }
    >
      <svg role="img" aria-label={layout.sentence} width={layout.widthPx} height={layout.heightPx} viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`} style={{ display: 'block', maxWidth: '100%', height: 'auto' }}>
        <g aria-hidden="true">
          {layout.legend.map((k) => (
            <g key={k.id}>
              <line x1={px(k.xPx)} x2={px(k.xPx + SWATCH_PX.width)} y1={px(k.yPx)} y2={px(k.yPx)} stroke={colour(k.role)} strokeWidth={2.5} strokeDasharray={k.dash} />
              <text x={px(k.xPx + SWATCH_PX.width + SWATCH_PX.gap)} y={px(k.yPx)} dy="0.35em" fontSize={FONT_PX.tick} fill={colour('text')}>
                {k.label}
              </text>
            </g>
          ))}
          <Axis axis={layout.yAxis} />
          <line x1={px(layout.plot.leftPx)} x2={px(layout.plot.rightPx)} y1={px(layout.breakEven.yPx)} y2={px(layout.breakEven.yPx)} stroke={colour('highlight')} strokeWidth={1.5} />
          <HaloText x={layout.breakEven.labelXPx} y={layout.breakEven.gainYPx} role="muted" fontPx={FONT_PX.tick}>
            gain ↑
          </HaloText>
          <HaloText x={layout.breakEven.labelXPx} y={layout.breakEven.lossYPx} role="muted" fontPx={FONT_PX.tick}>
            loss ↓
          </HaloText>
          {layout.lines.map((l) => (
            <g key={l.id} data-method={l.id}>
              <path d={l.pathD} fill="none" stroke={colour(l.role)} strokeWidth={2} strokeDasharray={l.dash} />
              {l.dots.map((d, i) => (
                <circle key={i} cx={px(d.xPx)} cy={px(d.yPx)} r={2.5} fill={colour(l.role)} />
              ))}
              {l.crossing && <circle data-crossing="" cx={px(l.crossing.xPx)} cy={px(l.crossing.yPx)} r={5} fill={colour('surface')} stroke={colour(l.role)} strokeWidth={2} />}
            </g>
          ))}
          <Axis axis={layout.xAxis} />
        </g>
      </svg>
      {complete ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm" data-testid="crossover-sentence" data-complete="">
          {layout.sentences.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm" data-testid="crossover-sentence" role="status">
          {layout.sentence}
        </p>
      )}
    </ChartFrame>
  );
}

/** A scene's crossover, swept in a worker while shown: its chart, or why it could not run. Default export, for the scene's lazy chunk. */
export default function SceneCrossoverPanel({ spec }: { spec: SceneCrossover }) {
  const state = useSceneCrossover(spec, true);
  const lines = useMemo(() => (state.off ? crossoverLines(spec, state.off, state.on) : []), [spec, state.off, state.on]);
  if (state.error !== null) {
    return (
      <p className="text-sm text-bad" role="status" data-testid="crossover-error">
        The crossover chart could not be simulated: {state.error}
      </p>
    );
  }
  return <CrossoverChart spec={spec} lines={lines} progress={{ done: state.done, total: state.total }} />;
}
