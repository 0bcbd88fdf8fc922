import { FONT_PX } from '../chart/axisMarks';
import { Axis } from '../chart/Axis';
import { px } from '../chart/format';
import { HatchPattern } from '../chart/Hatch';
import { Legend } from '../chart/Legend';
import { BAND_OPACITY, GHOST_OPACITY, GHOST_STROKE_PX } from '../chart/legendLayout';
import { colour } from '../chart/palette';
import { HaloText } from '../chart/text';
import type { CurveLayout } from './curveTypes';
import { EXTRA_MARKER_PX } from './panelExtras';

/** The drawn marks (no interaction), hidden from assistive tech: the table and readout carry the numbers. */
export function CurveMarks({ layout, active, hatchId }: { layout: CurveLayout; active: number | null; hatchId: string }) {
  const activeX = active !== null ? layout.points[active]?.xPx : undefined;
  return (
    <g aria-hidden="true">
      <HatchPattern id={hatchId} role="limit" />
      {layout.panels.map((panel) => (
        <g key={panel.id}>
          <text x={panel.titleXPx} y={px(panel.titleYPx)} fontSize={FONT_PX.title} fontWeight={600} fill={colour('text')}>
            {panel.title}
          </text>
          <Legend items={panel.legend} />
          {layout.limitRegions.map((r) => (
            <g key={`${panel.id}-${r.x0Px}`}>
              <rect x={px(r.x0Px)} y={px(panel.topPx)} width={px(r.x1Px - r.x0Px)} height={px(panel.bottomPx - panel.topPx)} fill={`url(#${hatchId})`} />
              <line x1={px(r.x0Px)} x2={px(r.x0Px)} y1={px(panel.topPx)} y2={px(panel.bottomPx)} stroke={colour('limit')} strokeWidth={1.5} />
            </g>
          ))}
          {layout.xAxis?.ticks.map((t) => (
            <line key={`vx${t.value}`} x1={px(t.px)} x2={px(t.px)} y1={px(panel.topPx)} y2={px(panel.bottomPx)} stroke={colour('grid')} />
          ))}
          <Axis axis={panel.yAxis} />
          {panel.id === 'ttft' && layout.knee && (
            <g data-testid="curve-knee">
              <rect x={px(layout.knee.x0Px)} y={px(panel.topPx)} width={px(Math.max(2, layout.knee.x1Px - layout.knee.x0Px))} height={px(panel.bottomPx - panel.topPx)} fill={colour('prefill')} fillOpacity={0.08} stroke={colour('prefill')} strokeOpacity={0.5} strokeDasharray="3 3" />
              <HaloText x={layout.knee.labelXPx} anchor={layout.knee.labelAnchor} y={panel.topPx + FONT_PX.tick + 2} role="prefill" fontPx={FONT_PX.tick} weight={600}>
                {layout.knee.label}
              </HaloText>
            </g>
          )}
          {panel.rangeAreaD && <path d={panel.rangeAreaD} fill={colour(panel.series.find((s) => !s.ghost)?.role ?? 'muted')} fillOpacity={BAND_OPACITY} data-testid="curve-range" />}
          {panel.gapAreaD && <path d={panel.gapAreaD} fill={colour('slo')} fillOpacity={BAND_OPACITY} />}
          {panel.slo && (
            <g>
              <line x1={px(layout.plotLeftPx)} x2={px(layout.plotRightPx)} y1={px(panel.slo.yPx)} y2={px(panel.slo.yPx)} stroke={colour(panel.slo.role)} strokeWidth={1.5} strokeDasharray="2 3" />
              <HaloText x={layout.plotLeftPx + 4} y={panel.slo.yPx - 4} role={panel.slo.role} fontPx={FONT_PX.tick}>
                {panel.slo.label}
              </HaloText>
            </g>
          )}
          {panel.series.map((s) =>
            s.ghost ? (
              <g key={s.key} data-ghost="">
                <path d={s.pathD} fill="none" stroke={colour(s.role)} strokeWidth={GHOST_STROKE_PX} strokeOpacity={GHOST_OPACITY} strokeDasharray={s.dashed ? '8 5' : undefined} />
                {s.yPx.map((y, i) => (
                  <circle key={i} cx={px(s.xPx?.[i] ?? 0)} cy={px(y)} r={3.5} fill={colour(s.role)} fillOpacity={GHOST_OPACITY} />
                ))}
              </g>
            ) : (
            <g key={s.key}>
              <path d={s.pathD} fill="none" stroke={colour(s.role)} strokeWidth={2} strokeDasharray={s.dashed ? '6 4' : undefined} />
              {s.yPx.map((y, i) => (
                <circle key={i} cx={px(layout.points[i].xPx)} cy={px(y)} r={i === active ? 5 : layout.points[i].isCurrent ? 4 : 2.5} fill={s.dashed || layout.points[i].point.beyondCapacity ? colour('surface') : colour(s.role)} stroke={colour(s.role)} strokeWidth={1.5} data-beyond-capacity={layout.points[i].point.beyondCapacity ? '' : undefined} />
              ))}
            </g>
            ),
          )}
        </g>
      ))}
      {layout.xAxis && <Axis axis={layout.xAxis} />}
      {layout.xAxis && layout.axisBreakXPx !== null && (
        // Two slashes on the axis: the ∞ slot is not on the log scale.
        <g transform={`translate(${px(layout.axisBreakXPx)},${px(layout.xAxis.atPx)})`} stroke={colour('axis')} strokeWidth={1.5}>
          <rect x={-5} y={-3} width={10} height={6} fill={colour('surface')} stroke="none" />
          <line x1={-6} x2={-2} y1={4} y2={-4} />
          <line x1={2} x2={6} y1={4} y2={-4} />
        </g>
      )}
      {layout.current && (
        <line x1={px(layout.current.xPx)} x2={px(layout.current.xPx)} y1={px(layout.current.topPx)} y2={px(layout.current.bottomPx)} stroke={colour('highlight')} strokeWidth={1.5} strokeDasharray="4 3" />
      )}
      {activeX !== undefined && layout.panels.length > 0 && (
        <line x1={px(activeX)} x2={px(activeX)} y1={px(layout.panels[0].topPx)} y2={px(layout.panels[layout.panels.length - 1].bottomPx)} stroke={colour('muted')} strokeWidth={1} />
      )}
      {layout.extras.map((e) => (
        <g key={`extra-${e.index}`} data-testid="curve-extra-point" data-label={e.point.label} data-placed-by={e.placedBy}>
          {layout.panels.map((panel) => {
            const marks = panel.extras[e.index];
            if (!marks) return null;
            return (
              <g key={panel.id}>
                {marks.markers.map((m) => (
                  <path key={m.key} d={diamond(marks.xPx, m.yPx)} fill={m.hollow ? colour('surface') : colour('queue')} stroke={colour('queue')} strokeWidth={1.5} />
                ))}
                {marks.label && (
                  <HaloText x={marks.label.xPx} y={marks.label.yPx} anchor={marks.label.anchor} role="queue" fontPx={FONT_PX.tick} weight={600}>
                    {marks.label.text}
                  </HaloText>
                )}
              </g>
            );
          })}
        </g>
      ))}
      {layout.bandLabels.map((b) => (
        <HaloText key={b.key} x={b.textXPx} y={b.yPx} anchor={b.anchor} role={b.kind === 'current' ? 'highlight' : 'limit'} fontPx={FONT_PX.tick} weight={600}>
          {b.text}
        </HaloText>
      ))}
    </g>
  );
}

/** A diamond centred on (x, y): the marker of a run measured elsewhere. */
function diamond(x: number, y: number): string {
  const r = EXTRA_MARKER_PX;
  return `M${px(x)},${px(y - r)}L${px(x + r)},${px(y)}L${px(x)},${px(y + r)}L${px(x - r)},${px(y)}Z`;
}
