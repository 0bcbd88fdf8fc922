import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCompact } from '../common/compact';
import { useElementWidth } from '../common/useElementWidth';
import { formatMs } from '../common/format';
import { layoutTimeline } from './layout';
import { Lane } from './Lane';
import type { BracketMark, HoverRegion, TimelineData } from './types';

function Bracket({ b, below, testId }: { b: BracketMark; below?: boolean; testId: string }) {
  const tip = below ? -5 : 5;
  return (
    <g className="stroke-ink" data-testid={testId}>
      <path d={`M${b.x0},${b.y + tip} V${b.y} H${b.x1} V${b.y + tip}`} fill="none" strokeWidth={1.5} />
      <text x={b.labelX} y={b.y + (below ? 14 : -4)} textAnchor={b.anchor} stroke="none" className="fill-ink text-[12px] font-semibold tabular">
        {b.label}
      </text>
    </g>
  );
}

/**
 * One request drawn on a time axis: the two clocks, TTFT then the decode
 * pace, adding up to E2E. Its parts are one tab stop: the arrow keys (and
 * Home, End) move between them, and the line below reads the focused part.
 */
export function Timeline({ data, ghost = null }: { data: TimelineData; /** The pinned baseline's drawn request, drawn faintly above on the same time axis. */ ghost?: TimelineData | null }) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const svgRef = useRef<SVGSVGElement>(null);
  const marks = useMemo(() => layoutTimeline(data, { width }, ghost), [data, width, ghost]);
  const [active, setActive] = useState<HoverRegion | null>(null);
  const [rovingIndex, setRovingIndex] = useState(0);
  const shown = active && marks.lanes.some((l) => l.regions.includes(active)) ? active : null;
  const z = marks.zoomWindow;
  const regionCount = marks.lanes.reduce((n, l) => n + l.regions.length, 0);
  const roving = Math.min(rovingIndex, Math.max(0, regionCount - 1));
  let base = 0;
  const bases = marks.lanes.map((l) => {
    const b = base;
    base += l.regions.length;
    return b;
  });
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let next: number | null = null;
    if (e.key in step) next = Math.min(regionCount - 1, Math.max(0, roving + step[e.key]));
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = regionCount - 1;
    if (next === null || regionCount === 0) return;
    e.preventDefault();
    setRovingIndex(next);
    svgRef.current?.querySelector<SVGElement>(`[data-region-index="${next}"]`)?.focus();
  };
  return (
    <div ref={ref} className="w-full">
      <svg
        ref={svgRef}
        width={marks.width}
        height={marks.height}
        viewBox={`0 0 ${marks.width} ${marks.height}`}
        role="group"
        aria-label={`Timeline of the drawn request: TTFT ${marks.ttftBracket.label.replace('TTFT ', '')}, then ${marks.formula.outputTokens - 1} more tokens, E2E ${marks.e2eBracket.label.replace('E2E ', '')}${ghost ? `; above it, faint, the pinned run's request: TTFT ${formatMs(ghost.ttftMs)}, E2E ${formatMs(ghost.e2eMs)}` : ''}. Use the arrow keys to step through its parts.`}
        className="block overflow-visible"
        data-testid="timeline"
        onKeyDown={onKeyDown}
      >
        <Bracket b={marks.ttftBracket} testId="ttft-bracket" />
        {z && <rect x={z.x0 - 1} y={z.y - 3} width={Math.max(3, z.x1 - z.x0 + 2)} height={z.height + 6} fill="none" strokeDasharray="3 2" className="stroke-ink" />}
        {marks.lanes.map((lane, k) => (
          <Lane key={lane.id} lane={lane} active={shown} onActivate={setActive} regionBase={bases[k]} rovingIndex={roving} onRove={setRovingIndex} />
        ))}
        <Bracket b={marks.e2eBracket} below testId="e2e-bracket" />
      </svg>
      <div className="mt-1 space-y-1">
        <TimelineLegend slow={marks.hasSlowGaps} kv={marks.hasKvPhases} ghost={marks.hasGhost} />
        <p className="text-xs text-ink empty:hidden" aria-live="polite" data-testid="timeline-readout">
          {shown ? shown.label : ''}
        </p>
      </div>
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

function TimelineLegend({ slow, kv, ghost }: { slow: boolean; kv: boolean; ghost: boolean }) {
  // In an embed the legend keeps to the names, so it fits a small frame.
  const compact = useCompact();
  return (
    <ul className={`flex flex-wrap gap-y-1 text-xs text-muted ${compact ? 'gap-x-3' : 'gap-x-4'}`} aria-label="Legend">
      <Swatch className="bg-net" label="Network" />
      <Swatch className="bg-queue" label="Queue wait" />
      <Swatch className="bg-prefill" label={compact ? 'Prefill' : 'Prefill (reads the whole prompt)'} />
      <Swatch className="bg-decode" label={compact ? 'Decode, a token per tick' : 'Decode: one token per tick'} />
      {kv && <Swatch className="bg-kv" label={compact ? 'KV transfer' : 'KV transfer to a decode GPU'} />}
      {ghost && <Swatch className="bg-prefill opacity-50" label="Faint, above: the pinned run" />}
      {slow && <Swatch className="bg-slow" label={compact ? 'Longer gap: a prefill shared the step' : "Longer gap: another's prefill shared the step"} />}
      <li className="[[data-embed]_&]:hidden">Point or tab to the bar for times.</li>
    </ul>
  );
}
