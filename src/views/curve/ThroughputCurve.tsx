import { useId, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { SweepPoint } from '../../engine';
import { ChartFrame } from '../chart/ChartFrame';
import { formatMs, formatReqPerSec, px } from '../chart/format';
import { Readout } from '../chart/Readout';
import { safeId } from '../chart/Hatch';
import { useChartWidth } from '../chart/useChartWidth';
import { CurveMarks } from './CurveMarks';
import { CurveTable } from './CurveTable';
import type { CurveExtraPoint } from './curveTypes';
import { describeCurvePoint } from './describe';
import { layoutCurve, nearestPointIndex } from './layoutCurve';
import type { CurveData } from './curveTypes';

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
  /** The lab's range at each point (same order as `points`), drawn as a band; absent on servers without ranges. */
  bands?: CurveData['bands'];
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
  const { points, current, slo, maxBatch, kvCapacityTokens, extraPoints, baselinePoints, bands, maxHeightPx, compact = false } = props;
  const { ref, width } = useChartWidth<HTMLElement>(props.width);
  const layout = useMemo(
    () => layoutCurve({ points, current, slo, maxBatch, kvCapacityTokens, extraPoints, baselinePoints, bands }, { widthPx: width, maxHeightPx }),
    [points, current, slo, maxBatch, kvCapacityTokens, extraPoints, baselinePoints, bands, width, maxHeightPx],
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

/** The pinned run at the readout's load, in one line. */
function pinnedLine(p: SweepPoint): string {
  const m = p.metrics;
  return `Pinned run here: ${formatReqPerSec(m.requestsPerSec)} (goodput ${formatReqPerSec(m.goodputReqPerSec)}), TTFT p50 ${formatMs(m.ttftMs.p50)}, TPOT p50 ${formatMs(m.tpotMs.p50)}.`;
}
