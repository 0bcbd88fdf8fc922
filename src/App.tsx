import { SectionBoundary } from './views/common/SectionBoundary';
import { SlowRunNotice } from './views/common/SlowRunNotice';
import { Controls } from './views/controls';
import { Charts } from './views/layout/Charts';
import { CompareSection } from './views/layout/CompareSection';
import { Header } from './views/layout/Header';
import { Notices } from './views/layout/Notices';
import { PhoneSummary } from './views/layout/PhoneSummary';
import { ResultsAnnouncer } from './views/layout/ResultsAnnouncer';
import { ResultsRegion } from './views/layout/ResultsRegion';
import { ResultsSection } from './views/layout/ResultsSection';
import { RunError } from './views/layout/RunError';
import { TimelineSection } from './views/layout/TimelineSection';
import { LessonExtras, TryItPanel } from './views/lesson';
import { StreamingPanel } from './views/streaming';
import { WhyPanel } from './views/why';

/** The lab: controls on the left (on top on a phone), results and charts beside them. */
export function App() {
  return (
    <div className="mx-auto max-w-[1400px] px-3 pt-4 pb-16 sm:px-6 lg:pb-4">
      <a href="#results" className="sr-only focus:not-sr-only focus:absolute focus:rounded focus:bg-raised focus:p-2">
        Skip to the results
      </a>
      <Header />
      <div className="mt-4 space-y-3">
        <Notices />
        <RunError />
        <SlowRunNotice />
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <aside aria-label="Settings" className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto lg:pr-2">
          <SectionBoundary name="The settings">
            <Controls />
          </SectionBoundary>
        </aside>
        <ResultsRegion>
          <SectionBoundary name="The results">
            <ResultsSection />
          </SectionBoundary>
          <SectionBoundary name="The try-it questions">
            <TryItPanel />
          </SectionBoundary>
          <SectionBoundary name="The request timeline">
            <TimelineSection />
          </SectionBoundary>
          <SectionBoundary name="The streaming playback">
            <StreamingPanel />
          </SectionBoundary>
          <SectionBoundary name="The charts">
            <Charts />
          </SectionBoundary>
          <SectionBoundary name="The comparison with a real run">
            <CompareSection />
          </SectionBoundary>
          <SectionBoundary name="The explanation">
            <WhyPanel />
          </SectionBoundary>
          <SectionBoundary name="The lesson extras">
            <LessonExtras />
          </SectionBoundary>
        </ResultsRegion>
      </div>
      <PhoneSummary />
      <ResultsAnnouncer />
      <footer className="mt-8 border-t border-line pt-3 text-xs text-muted">
        Latency Lab simulates a continuous-batching server in your browser. Nothing you do here is sent anywhere.
      </footer>
    </div>
  );
}
