import { useMemo } from 'react';
import { tokenPaths } from './tokenPaths';
import type { HoverRegion, LaneMarks, SegmentKind } from './types';

const SEGMENT_FILL: Record<SegmentKind, string> = {
  'network-in': 'fill-net',
  queue: 'fill-queue',
  prefill: 'fill-prefill',
  'network-out': 'fill-net',
  'kv-wait': 'fill-net',
  'kv-transfer': 'fill-kv',
  'decode-queue': 'fill-queue',
};
const SEGMENT_INK: Record<SegmentKind, string> = {
  'network-in': 'fill-net-ink',
  queue: 'fill-queue-ink',
  prefill: 'fill-prefill-ink',
  'network-out': 'fill-net-ink',
  'kv-wait': 'fill-net-ink',
  'kv-transfer': 'fill-kv-ink',
  'decode-queue': 'fill-queue-ink',
};

interface LaneProps {
  lane: LaneMarks;
  active: HoverRegion | null;
  onActivate: (region: HoverRegion | null) => void;
  /** Index of this lane's first region among all the timeline's regions. */
  regionBase: number;
  /** The one region in the tab order (roving tabindex); the others are reached with the arrow keys. */
  rovingIndex: number;
  onRove: (index: number) => void;
}

/** One strip of the timeline: phases, first-token flag, decode tokens, axis and hover regions. */
export function Lane({ lane, active, onActivate, regionBase, rovingIndex, onRove }: LaneProps) {
  const { y, height: h } = lane;
  const paths = useMemo(() => tokenPaths(lane.tokens, y, h), [lane.tokens, y, h]);
  const ghost = lane.id === 'ghost' || lane.id === 'ghost-zoom';
  return (
    <g data-lane={lane.id}>
      {lane.id === 'zoom' && (
        <text x={lane.segments[0]?.x ?? 20} y={lane.titleY ?? y - 8} className="fill-muted text-[11px]">
          {lane.title}
        </text>
      )}
      <g opacity={ghost ? 0.5 : undefined}>
      <line x1={lane.axis[0]?.x ?? 0} x2={lane.axis.at(-1)?.x ?? 0} y1={y + h / 2} y2={y + h / 2} className="stroke-line" />
      {lane.segments.map((s) => (
        <g key={s.kind}>
          <rect x={s.x} y={y} width={Math.max(1, s.width)} height={h} className={SEGMENT_FILL[s.kind]} />
          {s.label && (
            <text x={s.x + s.width / 2} y={y + h / 2 + 4} textAnchor="middle" className={`${SEGMENT_INK[s.kind]} text-[11px] font-medium`}>
              {s.label}
            </text>
          )}
        </g>
      ))}
      {paths.map((p) => (
        <path key={`${p.slow}:${p.opacity}`} d={p.d} strokeOpacity={p.opacity} strokeWidth={p.slow ? 2 : lane.tokens.mode === 'ticks' ? 1.5 : 1} className={p.slow ? 'stroke-slow' : 'stroke-decode'} />
      ))}
      {lane.flag && !ghost && (
        <g>
          <line x1={lane.flag.x} x2={lane.flag.x} y1={y - 6} y2={y + h + 2} strokeWidth={2} className="stroke-ink" />
          <path d={`M${lane.flag.x},${y - 6} l9,3.5 l-9,3.5 z`} className="fill-ink" />
        </g>
      )}
      {lane.flag && ghost && <line x1={lane.flag.x} x2={lane.flag.x} y1={y - 2} y2={y + h + 2} strokeWidth={1.5} className="stroke-ink" />}
      </g>
      {lane.caption && (
        <g data-testid={lane.id === 'ghost' ? 'ghost-caption' : undefined}>
          <rect x={lane.caption.anchor === 'start' ? lane.caption.x - 2 : lane.caption.x - lane.caption.width - 2} y={y - 1} width={lane.caption.width + 4} height={h + 2} rx={2} className="fill-surface" opacity={0.85} />
          <text x={lane.caption.x} y={lane.caption.y} textAnchor={lane.caption.anchor} className="fill-ink text-[11px] font-medium tabular">
            {lane.caption.text}
          </text>
        </g>
      )}
      {lane.axis.map((t, i) => (
        <g key={i}>
          <line x1={t.x} x2={t.x} y1={lane.axisY} y2={lane.axisY + 4} className="stroke-muted" />
          {t.label && (
            <text x={t.x} y={lane.axisY + 15} textAnchor="middle" className="fill-muted text-[11px] tabular">
              {t.label}
            </text>
          )}
        </g>
      ))}
      {lane.regions.map((r, i) => (
        <rect
          key={i}
          x={r.x}
          y={y - 2}
          width={r.width}
          height={h + 4}
          tabIndex={regionBase + i === rovingIndex ? 0 : -1}
          data-region-index={regionBase + i}
          role="img"
          aria-label={r.label}
          className={`cursor-help fill-transparent outline-none ${active === r ? 'stroke-focus stroke-2' : 'focus-visible:stroke-focus focus-visible:stroke-2'}`}
          onMouseEnter={() => onActivate(r)}
          onMouseLeave={() => onActivate(null)}
          onFocus={() => {
            onRove(regionBase + i);
            onActivate(r);
          }}
          onBlur={() => onActivate(null)}
        />
      ))}
    </g>
  );
}
