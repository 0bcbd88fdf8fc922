import { useMemo, useState } from 'react';
import { useElementWidth } from '../common/useElementWidth';
import { layoutTimeline } from './layout';
import { Lane } from './Lane';
import type { BracketMark, HoverRegion, TimelineData } from './types';

function Bracket({ b, below }: { b: BracketMark; below?: boolean }) {
  const tip = below ? -5 : 5;
  return (
    <g className="stroke-ink">
      <path d={`M${b.x0},${b.y + tip} V${b.y} H${b.x1} V${b.y + tip}`} fill="none" strokeWidth={1.5} />
      <text x={b.labelX} y={b.y + (below ? 14 : -4)} textAnchor={b.anchor} stroke="none" className="fill-ink text-[12px] font-semibold tabular">
        {b.label}
      </text>
    </g>
  );
}

/** One request drawn on a time axis: the two clocks, TTFT then the decode pace, adding up to E2E. */
export function Timeline({ data }: { data: TimelineData }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const marks = useMemo(() => layoutTimeline(data, { width }), [data, width]);
  const [active, setActive] = useState<HoverRegion | null>(null);
  const shown = active && marks.lanes.some((l) => l.regions.includes(active)) ? active : null;
  const z = marks.zoomWindow;
  return (
    <div ref={ref} className="w-full">
      <svg
        width={marks.width}
        height={marks.height}
        viewBox={`0 0 ${marks.width} ${marks.height}`}
        role="group"
        aria-label={`Timeline of the representative request: TTFT ${marks.ttftBracket.label.replace('TTFT ', '')}, then ${marks.formula.outputTokens - 1} more tokens, E2E ${marks.e2eBracket.label.replace('E2E ', '')}`}
        className="block overflow-visible"
        data-testid="timeline"
      >
        <Bracket b={marks.ttftBracket} />
        {z && <rect x={z.x0 - 1} y={z.y - 3} width={Math.max(3, z.x1 - z.x0 + 2)} height={z.height + 6} fill="none" strokeDasharray="3 2" className="stroke-ink" />}
        {marks.lanes.map((lane) => (
          <Lane key={lane.id} lane={lane} active={shown} onActivate={setActive} />
        ))}
        <Bracket b={marks.e2eBracket} below />
      </svg>
      <p className="mt-1 min-h-10 text-sm text-muted" aria-live="polite">
        {shown ? shown.label : 'Hover over or tab to a part of the bar to read its times.'}
      </p>
      <TimelineLegend slow={marks.hasSlowGaps} />
    </div>
  );
}

function Swatch({ className, label }: { className: string; label: string }) {
  return (
    <li className="flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${className}`} />
      {label}
    </li>
  );
}

function TimelineLegend({ slow }: { slow: boolean }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
      <Swatch className="bg-net" label="Network" />
      <Swatch className="bg-queue" label="Queue wait" />
      <Swatch className="bg-prefill" label="Prefill (reads the whole prompt)" />
      <Swatch className="bg-decode" label="Decode: one token per tick" />
      {slow && <Swatch className="bg-slow" label="Longer gap: another request's prefill shared the step" />}
    </ul>
  );
}
