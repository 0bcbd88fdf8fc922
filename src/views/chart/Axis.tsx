import { colour } from './palette';
import { FONT_PX, type AxisMarks } from './axisMarks';
import { px } from './format';

/** Renders an axis computed by a layout function: React owns the elements, d3 only chose the ticks. */
export function Axis({ axis }: { axis: AxisMarks }) {
  const horizontal = axis.orient === 'bottom';
  const tickLen = 4;
  return (
    <g aria-hidden="true">
      {axis.grid &&
        axis.ticks.map((t) =>
          horizontal ? (
            <line key={`g${t.value}`} x1={px(t.px)} x2={px(t.px)} y1={px(axis.grid!.fromPx)} y2={px(axis.grid!.toPx)} stroke={colour('grid')} strokeWidth={1} />
          ) : (
            <line key={`g${t.value}`} y1={px(t.px)} y2={px(t.px)} x1={px(axis.grid!.fromPx)} x2={px(axis.grid!.toPx)} stroke={colour('grid')} strokeWidth={1} />
          ),
        )}
      {horizontal ? (
        <line x1={px(axis.fromPx)} x2={px(axis.toPx)} y1={px(axis.atPx)} y2={px(axis.atPx)} stroke={colour('axis')} />
      ) : (
        <line y1={px(axis.fromPx)} y2={px(axis.toPx)} x1={px(axis.atPx)} x2={px(axis.atPx)} stroke={colour('axis')} />
      )}
      {axis.ticks.map((t) => {
        if (horizontal) {
          return (
            <g key={t.value} transform={`translate(${px(t.px)},${px(axis.atPx)})`}>
              <line y2={tickLen} stroke={colour('axis')} />
              <text y={tickLen + FONT_PX.tick} textAnchor="middle" fontSize={FONT_PX.tick} fill={colour('muted')}>
                {t.label}
              </text>
            </g>
          );
        }
        const dir = axis.orient === 'left' ? -1 : 1;
        return (
          <g key={t.value} transform={`translate(${px(axis.atPx)},${px(t.px)})`}>
            <line x2={dir * tickLen} stroke={colour('axis')} />
            <text x={dir * (tickLen + 3)} dy="0.32em" textAnchor={dir < 0 ? 'end' : 'start'} fontSize={FONT_PX.tick} fill={colour('muted')}>
              {t.label}
            </text>
          </g>
        );
      })}
      {axis.title && (
        <text x={px(axis.titleXPx)} y={px(axis.titleYPx)} textAnchor={axis.titleAnchor} fontSize={FONT_PX.label} fill={colour('text')}>
          {axis.title}
        </text>
      )}
    </g>
  );
}
