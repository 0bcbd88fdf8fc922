import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLabStore } from '../../store';
import { useSim } from '../../workers';
import { ThroughputCard, TpotCard, TtftCard, VerdictBanner } from '../cards';
import { CompactContext } from '../common/compact';
import { SectionBoundary } from '../common/SectionBoundary';
import { useElementHeight } from '../common/useElementHeight';
import { LessonControls } from '../controls';
import { ResultsRegion } from '../layout/ResultsRegion';
import { TimelineSection } from '../layout/TimelineSection';
import { scenarioLine } from './caption';
import { embedModeOf, fullPageUrl, type EmbedView } from './embedMode';
import { ReadoutStrip } from './ReadoutStrip';

/**
 * `?embed=timeline|curve|cards|lab` renders just that view for an iframe: one
 * line saying what scenario it shows with a link to the full lab, the view
 * sized to the frame (800×500 and 400×600 fit without scrolling), and a
 * one-line notice when the link had a key it ignored. Without `embed` it
 * renders `children` (the full page); with a value it does not know, the full
 * page and a notice.
 */
export function EmbedRoot({ children }: { children: ReactNode }) {
  const [mode] = useState(() => embedModeOf(typeof window === 'undefined' ? '' : window.location.search));
  if (mode.kind === 'none') return <>{children}</>;
  if (mode.kind === 'invalid') {
    return (
      <>
        <div className="mx-auto max-w-[1400px] px-3 pt-3 sm:px-6">
          <p role="status" className="rounded-lg border-l-4 border-warn-line bg-warn-bg p-3 text-sm" data-testid="embed-notice">
            {mode.notice}
          </p>
        </div>
        {children}
      </>
    );
  }
  return (
    <CompactContext.Provider value={true}>
      <EmbeddedView view={mode.view} />
    </CompactContext.Provider>
  );
}

// The curve's code loads only when an embed shows it (the full page loads it with the sections below the lab).
const CurveSection = lazy(() => import('../layout/CurveSection').then((m) => ({ default: m.CurveSection })));

/** The chart's own caption line above its drawing, px (text-base). */
const CURVE_CAPTION_PX = 30;

const TITLES: Record<EmbedView, string> = {
  timeline: 'One request, start to finish',
  curve: 'Throughput versus load',
  cards: 'TTFT, TPOT, throughput and goodput',
  lab: 'the lab',
};

/** One view, sized to its frame. */
function EmbeddedView({ view }: { view: EmbedView }) {
  const settings = useLabStore((s) => s.settings);
  const notices = useLabStore((s) => s.notices);
  const dismiss = useLabStore((s) => s.dismissAllNotices);
  const serverLabel = useSim((s) => s.main?.result.scenario.server.label ?? null);
  const { ref, height } = useElementHeight<HTMLDivElement>(400);
  const line = scenarioLine(settings, serverLabel);
  return (
    <div className="flex h-dvh flex-col gap-1 px-2 py-1.5" data-embed={view}>
      {/* A page needs a top-level heading; in a frame it is for screen readers only. */}
      <h1 className="sr-only">Latency Lab: {TITLES[view]}</h1>
      <p className="flex min-w-0 items-baseline gap-2 text-xs" data-testid="embed-caption">
        <span className="min-w-0 flex-1 truncate text-muted" title={line}>
          {line}
        </span>
        <a href={fullPageUrl(window.location.href)} target="_blank" rel="noopener" className="shrink-0 font-medium text-accent underline">
          Open the full lab<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      {notices.length > 0 && (
        <p role="status" className="flex items-baseline gap-2 rounded border-l-4 border-warn-line bg-warn-bg px-2 py-0.5 text-xs" data-testid="embed-key-notice">
          <span className="min-w-0 flex-1 truncate" title={notices.map((n) => `${n.param}: ${n.message}`).join(' ')}>
            <code className="font-semibold">{notices[0].param}</code>: {notices[0].message}
            {notices.length > 1 ? ` (and ${notices.length - 1} more)` : ''}
          </span>
          <button type="button" onClick={dismiss} aria-label="Dismiss the notice" className="shrink-0 px-1">
            ×
          </button>
        </p>
      )}
      <div ref={ref} className="min-h-0 flex-1">
        <ResultsRegion plain>
          <div className="min-w-0">
            <SectionBoundary name={`The ${TITLES[view] === 'the lab' ? 'lab' : TITLES[view].toLowerCase()}`}>
              {view === 'timeline' ? <TimelineSection /> : view === 'curve' ? (
                <Suspense fallback={<p className="text-sm text-muted">Loading the curve…</p>}>
                  <CurveSection compact maxHeightPx={Math.max(200, height - CURVE_CAPTION_PX)} />
                </Suspense>
              ) : view === 'cards' ? <EmbeddedCards /> : <EmbeddedLab />}
            </SectionBoundary>
          </div>
        </ResultsRegion>
      </div>
    </div>
  );
}

/** The verdict and the three cards; on a narrow frame TTFT and TPOT side by side, throughput below. */
function EmbeddedCards() {
  const result = useSim((s) => s.main?.result ?? null);
  if (!result) return <p className="text-sm text-muted">Simulating the server…</p>;
  const rep = result.representative?.breakdown ?? null;
  const slo = result.scenario.slo;
  return (
    <div className="space-y-1.5">
      <VerdictBanner rep={rep} slo={slo} metrics={result.metrics} />
      <div className="grid grid-cols-2 gap-1.5 sm:grid-cols-3">
        <TtftCard rep={rep} metrics={result.metrics} targetMs={slo.ttftMs} />
        <TpotCard rep={rep} metrics={result.metrics} targetMs={slo.tpotMs} />
        <div className="col-span-2 sm:col-span-1">
          <ThroughputCard metrics={result.metrics} />
        </div>
      </div>
    </div>
  );
}

/** The lab: the two lesson controls beside (or above) the verdict, the readouts and the timeline. */
function EmbeddedLab() {
  const result = useSim((s) => s.main?.result ?? null);
  const rep = result?.representative?.breakdown ?? null;
  return (
    <div className="grid gap-1.5 sm:grid-cols-[236px_minmax(0,1fr)] sm:gap-2">
      <LessonControls />
      <div className="min-w-0 space-y-1.5">
        {result && <VerdictBanner rep={rep} slo={result.scenario.slo} metrics={result.metrics} brief />}
        <ReadoutStrip />
        <TimelineSection />
      </div>
    </div>
  );
}
