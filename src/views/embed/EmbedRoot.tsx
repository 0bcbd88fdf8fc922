import { useState, type ReactNode } from 'react';
import { Controls } from '../controls';
import { ResultsRegion } from '../layout/ResultsRegion';
import { Stage } from '../layout/Stage';
import { TimelineSection } from '../layout/TimelineSection';
import { CurveSection } from '../layout/CurveSection';
import { embedModeOf, fullPageUrl, type EmbedView } from './embedMode';

/**
 * `?embed=timeline|curve|lab` renders just that view for an iframe: no
 * header, no footer, full width. Without `embed` it renders `children` (the
 * full page); with a value it does not know, the full page and a notice.
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
  return <EmbeddedView view={mode.view} />;
}

/** One view, sized to its frame. */
function EmbeddedView({ view }: { view: EmbedView }) {
  const title = view === 'timeline' ? 'One request, start to finish' : view === 'curve' ? 'Throughput versus load' : 'Latency Lab';
  return (
    <div className="px-2 py-2 sm:px-3" data-embed={view}>
      {/* A page needs a top-level heading; in a frame it is for screen readers only. */}
      <h1 className="sr-only">Latency Lab: {title}</h1>
      {view === 'lab' ? (
        <div className="grid gap-4 lg:grid-cols-[300px_minmax(0,1fr)]">
          <aside aria-label="Settings">
            <Controls />
          </aside>
          <ResultsRegion>
            <Stage />
            <TimelineSection />
          </ResultsRegion>
        </div>
      ) : (
        <ResultsRegion>{view === 'timeline' ? <TimelineSection /> : <CurveSection />}</ResultsRegion>
      )}
      <p className="mt-2 text-right text-xs">
        <a href={fullPageUrl(window.location.href)} target="_blank" rel="noopener" className="text-accent underline">
          Open the full lab
        </a>
      </p>
    </div>
  );
}
