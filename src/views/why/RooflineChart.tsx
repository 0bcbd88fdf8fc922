import { useId, useMemo } from 'react';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { px } from '../chart/format';
import { Legend } from '../chart/Legend';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { layoutRoofline, type ChartLabel } from './layoutRoofline';
import { formatBandwidth, formatFlops, formatIntensity } from './units';
import { describeRoofs, type RooflineData } from './whyModel';

function Label({ label, weight }: { label: ChartLabel; weight?: number }) {
  const fontPx = label.key === 'compute' || label.key === 'bandwidth' || label.key === 'decode-1' ? FONT_PX.tick : FONT_PX.label;
  if (label.angleDeg === 0) {
    return (
      <HaloText x={label.xPx} y={label.yPx} anchor={label.anchor} role={label.role} fontPx={fontPx} weight={weight}>
        {label.text}
      </HaloText>
    );
  }
  return (
    <g transform={`rotate(${px(label.angleDeg)} ${px(label.xPx)} ${px(label.yPx)})`}>
      <HaloText x={label.xPx} y={label.yPx} anchor={label.anchor} role={label.role} fontPx={fontPx} weight={weight}>
        {label.text}
      </HaloText>
    </g>
  );
}

/**
 * The roofline of one GPU: attainable FLOP/s against arithmetic intensity,
 * both on log scales, with this scenario's prefill and decode on it.
 */
export function RooflineChart({ data, width: explicit }: { data: RooflineData; width?: number }) {
  const { ref, width } = useChartWidth<HTMLElement>(explicit);
  const layout = useMemo(() => layoutRoofline(data, { widthPx: width }), [data, width]);
  const arrowId = `ll-roof-arrow-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const roofs = describeRoofs(data);
  return (
    <ChartFrame
      containerRef={ref}
      testId="roofline-chart"
      title="Where this workload sits on the GPU's roofline"
      subtitle="Left of the ridge a step waits on memory; right of it, on arithmetic."
      screenReaderSummary={
        <DataTable
          caption={`Roofline per GPU. Ridge ${formatIntensity(data.ridgeFlopsPerByte)} FLOP/byte; ${roofs.peak}; ${roofs.effective}.`}
          columns={['Step', 'FLOP per byte', 'Side of the ridge', 'Predicted FLOP/s']}
          rows={data.marks.map((m) => [m.detail, formatIntensity(m.intensityFlopsPerByte), m.bound === 'compute' ? 'compute-bound' : 'memory-bound', formatFlops(m.achievedFlopsPerSec)])}
        />
      }
    >
      <svg
        role="img"
        aria-label={`Roofline: ${data.marks
          .filter((m) => m.key !== 'decode-1')
          .map((m) => `${m.label} at ${formatIntensity(m.intensityFlopsPerByte)} FLOP per byte`)
          .join('; ')}; ridge at ${formatIntensity(data.ridgeFlopsPerByte)} FLOP per byte, peak ${formatFlops(data.peakFlopsPerSec)} and ${formatBandwidth(data.peakBandwidthBytesPerSec)}`}
        width={layout.widthPx}
        height={layout.heightPx}
        viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`}
        style={{ display: 'block', maxWidth: '100%', height: 'auto', overflow: 'visible' }}
      >
        <defs>
          <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0L10,5L0,10z" fill={colour('decode')} />
          </marker>
        </defs>
        <Axis axis={layout.xAxis} />
        <Axis axis={layout.yAxis} />
        <g aria-hidden="true">
          <line x1={px(layout.ridge.xPx)} x2={px(layout.ridge.xPx)} y1={px(layout.ridge.topPx)} y2={px(layout.ridge.bottomPx)} stroke={colour('muted')} strokeDasharray="2 3" />
          {layout.roofs.map((r) =>
            r.kind === 'peak' ? (
              <path key={r.kind} d={r.d} fill="none" stroke={colour('axis')} strokeWidth={1.5} strokeDasharray="6 4" />
            ) : (
              <path key={r.kind} d={r.d} fill="none" stroke={colour('text')} strokeWidth={2.5} strokeLinejoin="round" />
            ),
          )}
          {layout.batchArrow && (
            <line
              x1={px(layout.batchArrow.x1Px)}
              y1={px(layout.batchArrow.y1Px)}
              x2={px(layout.batchArrow.x2Px)}
              y2={px(layout.batchArrow.y2Px)}
              stroke={colour('decode')}
              strokeWidth={1.5}
              markerEnd={`url(#${arrowId})`}
            />
          )}
          {layout.points.map((p) =>
            p.leader ? <line key={`leader-${p.key}`} x1={px(p.leader.xPx)} x2={px(p.leader.xPx)} y1={px(p.leader.y1Px)} y2={px(p.leader.y2Px)} stroke={colour(p.role)} strokeWidth={1} /> : null,
          )}
          {layout.points.map((p) => (
            <circle
              key={p.key}
              cx={px(p.xPx)}
              cy={px(p.yPx)}
              r={p.hollow ? 4.5 : 6}
              fill={p.hollow ? colour('surface') : colour(p.role)}
              stroke={p.hollow ? colour(p.role) : colour('surface')}
              strokeWidth={2}
            />
          ))}
          {layout.roofLabels.map((l) => (
            <Label key={l.key} label={l} />
          ))}
          <Label label={layout.ridge.label} weight={600} />
          {layout.points.map((p) => (
            <Label key={p.key} label={p.label} weight={p.hollow ? undefined : 600} />
          ))}
          <Legend items={layout.legend} />
        </g>
      </svg>
    </ChartFrame>
  );
}
