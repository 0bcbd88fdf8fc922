import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { SweepPoint } from '../../engine';
import { Axis } from '../chart/Axis';
import { FONT_PX } from '../chart/axisMarks';
import { ChartFrame, DataTable } from '../chart/ChartFrame';
import { formatMs, formatReqPerSec, formatTokPerSec, px } from '../chart/format';
import { Legend } from '../chart/Legend';
import { BAND_OPACITY, GHOST_OPACITY, GHOST_STROKE_PX } from '../chart/legendLayout';
import { colour } from '../chart/palette';
import { Readout } from '../chart/Readout';
import { HatchPattern, safeId } from '../chart/Hatch';
import { HaloText } from '../chart/text';
import { useChartWidth } from '../chart/useChartWidth';
import { describeCurvePoint, limitLabel } from './describe';
import type { CurveExtraPoint, CurveLayout } from './curveTypes';
import { layoutCurve, nearestPointIndex } from './layoutCurve';
import { EXTRA_MARKER_PX } from './panelExtras';

/** The curve's measurement window, said on the chart. */
export const STEADY_NOTE = 'Each point is measured in its steady state: after the load has filled and before it drains, as GenAI-Perf measures.';

export interface ThroughputCurveProps {
  points: SweepPoint[];
  current: { users: number | null; ratePerSec: number | null };
  slo: { ttftMs: number | null; tpotMs: number | null };
  maxBatch: number;
  kvCapacityTokens: number;
  /** Runs measured elsewhere (imported or live), drawn as labelled diamonds on every panel. */
  extraPoints?: readonly CurveExtraPoint[];
  /** The pinned baseline's sweep, drawn wide and faint under the current lines. */
  baselinePoints?: readonly SweepPoint[];
  /** Width in px; when omitted the chart measures its container. */
  width?: number;
  /** Height the whole chart must fit in (an embed's frame), px; the plots shrink to fit. */
  maxHeightPx?: number;
  /** Drop the subtitle and the point readout (an embed). */
  compact?: boolean;
}

/**
 * Throughput and per-user latency versus load: system tok/s rises and
 * levels off while TTFT and TPOT climb. Hover, or focus the plot and use the
 * arrow keys, to read each point below the chart.
 */
export function ThroughputCurve(props: ThroughputCurveProps) {
  const { points, current, slo, maxBatch, kvCapacityTokens, extraPoints, baselinePoints, maxHeightPx, compact = false } = props;
  const { ref, width } = useChartWidth<HTMLElement>(props.width);
  const layout = useMemo(
    () => layoutCurve({ points, current, slo, maxBatch, kvCapacityTokens, extraPoints, baselinePoints }, { widthPx: width, maxHeightPx }),
    [points, current, slo, maxBatch, kvCapacityTokens, extraPoints, baselinePoints, width, maxHeightPx],
  );
  const hatchId = safeId('ll-limit', useId());
  const [focused, setFocused] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const n = layout.points.length;
  const raw = hovered ?? focused;
  const active = raw !== null && raw < n ? raw : null;
  const shown = active ?? layout.current?.index ?? null;
  const readout = shown !== null ? describeCurvePoint(layout.points[shown].point, maxBatch) : null;
  // The pinned run at the same load, when it was swept there too.
  const shownPoint = shown !== null ? layout.points[shown].point : null;
  const pinnedThere = shownPoint ? layout.baselinePoints.find((b) => b.point.users === shownPoint.users && b.point.ratePerSec === shownPoint.ratePerSec) : undefined;
  const readoutLines = readout ? (pinnedThere ? [...readout.lines, pinnedLine(pinnedThere.point)] : readout.lines) : [];

  const onKeyDown = (e: KeyboardEvent<SVGRectElement>) => {
    if (n === 0) return;
    const from = focused ?? layout.current?.index ?? 0;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp' ? Math.min(n - 1, from + 1)
      : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? Math.max(0, from - 1)
      : e.key === 'Home' ? 0
      : e.key === 'End' ? n - 1
      : null;
    if (next === null) return;
    e.preventDefault();
    setHovered(null);
    setFocused(next);
  };
  const onPointerMove = (e: PointerEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width <= 0) return;
    const xPx = layout.plotLeftPx + ((e.clientX - box.left) * (layout.plotRightPx - layout.plotLeftPx)) / box.width;
    setHovered(nearestPointIndex(layout, xPx));
  };

  return (
    <ChartFrame
      containerRef={ref}
      testId="throughput-curve"
      title="Throughput and latency as load grows"
      subtitle={
        compact
          ? undefined
          : `${
              layout.kind === 'rate'
                ? 'More requests per second fill the batch: the server completes more of them, but each request waits longer.'
                : 'More users fill the batch: the server completes more requests per second, but each user waits longer.'
            } ${STEADY_NOTE}`
      }
      screenReaderSummary={<CurveTable layout={layout} maxBatch={maxBatch} kvCapacityTokens={kvCapacityTokens} />}
    >
      {layout.message !== null ? (
        <div role="status" className="flex items-center justify-center text-sm" style={{ height: layout.heightPx, color: 'var(--ll-muted)' }}>
          Computing the curve…
        </div>
      ) : (
        <svg
          role="group"
          aria-label={layout.summary}
          width={layout.widthPx}
          height={layout.heightPx}
          viewBox={`0 0 ${layout.widthPx} ${layout.heightPx}`}
          style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
        >
          <CurveMarks layout={layout} active={active} hatchId={hatchId} />
          {layout.panels.length > 0 && (
            <rect
              data-focusable=""
              role="slider"
              tabIndex={0}
              aria-label="Points of the curve. Use the left and right arrow keys to read each load."
              aria-valuemin={1}
              aria-valuemax={n}
              aria-valuenow={(shown ?? 0) + 1}
              aria-valuetext={shown !== null ? layout.points[shown].label : 'no point selected'}
              x={px(layout.plotLeftPx)}
              y={px(layout.panels[0].topPx)}
              width={px(layout.plotRightPx - layout.plotLeftPx)}
              height={px(layout.panels[layout.panels.length - 1].bottomPx - layout.panels[0].topPx)}
              fill="transparent"
              style={{ cursor: 'crosshair' }}
              onKeyDown={onKeyDown}
              onFocus={() => setFocused((f) => f ?? layout.current?.index ?? 0)}
              onBlur={() => setFocused(null)}
              onPointerMove={onPointerMove}
              onPointerLeave={() => setHovered(null)}
            />
          )}
        </svg>
      )}
      {layout.message === null && !compact && (
        <Readout
          heading={readout ? (active === null ? `Your load, ${readout.heading}` : readout.heading) : null}
          lines={readoutLines}
          hint="Hover the chart, or focus it and use the arrow keys, to read each point."
        />
      )}
    </ChartFrame>
  );
}

/** The drawn marks (no interaction), hidden from assistive tech: the table and readout carry the numbers. */
function CurveMarks({ layout, active, hatchId }: { layout: CurveLayout; active: number | null; hatchId: string }) {
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
                <circle key={i} cx={px(layout.points[i].xPx)} cy={px(y)} r={i === active ? 5 : layout.points[i].isCurrent ? 4 : 2.5} fill={s.dashed ? colour('surface') : colour(s.role)} stroke={colour(s.role)} strokeWidth={1.5} />
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

/** The pinned run at the readout's load, in one line. */
function pinnedLine(p: SweepPoint): string {
  const m = p.metrics;
  return `Pinned run here: ${formatReqPerSec(m.requestsPerSec)} (goodput ${formatReqPerSec(m.goodputReqPerSec)}), TTFT p50 ${formatMs(m.ttftMs.p50)}, TPOT p50 ${formatMs(m.tpotMs.p50)}.`;
}

/** A diamond centred on (x, y): the marker of a run measured elsewhere. */
function diamond(x: number, y: number): string {
  const r = EXTRA_MARKER_PX;
  return `M${px(x)},${px(y - r)}L${px(x + r)},${px(y)}L${px(x)},${px(y + r)}L${px(x - r)},${px(y)}Z`;
}

/** The curve as a table, for screen readers. */
function CurveTable({ layout, maxBatch, kvCapacityTokens }: { layout: CurveLayout; maxBatch: number; kvCapacityTokens: number }) {
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
            p.limitingFactor === 'none' ? 'nothing' : limitLabel(p.limitingFactor, maxBatch, kvCapacityTokens),
          ]),
          ...layout.baselinePoints.map(({ point: p, label }) => [
            `Pinned run: ${label}`,
            formatTokPerSec(p.metrics.outputTokPerSec),
            formatReqPerSec(p.metrics.goodputReqPerSec),
            formatMs(p.metrics.ttftMs.p50),
            formatMs(p.metrics.ttftMs.p95),
            formatMs(p.metrics.tpotMs.p50),
            formatMs(p.metrics.tpotMs.p95),
            p.limitingFactor === 'none' ? 'nothing' : limitLabel(p.limitingFactor, maxBatch, kvCapacityTokens),
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
