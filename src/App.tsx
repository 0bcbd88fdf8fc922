import { lazy, Suspense, useEffect, useState } from 'react';
import { SectionBoundary } from './views/common/SectionBoundary';
import { SlowRunNotice } from './views/common/SlowRunNotice';
import { LessonControls } from './views/controls';
import { Header } from './views/layout/Header';
import { Notices } from './views/layout/Notices';
import { ReadoutsBar } from './views/layout/ReadoutsBar';
import { ResultsAnnouncer } from './views/layout/ResultsAnnouncer';
import { ResultsRegion } from './views/layout/ResultsRegion';
import { RunError } from './views/layout/RunError';
import { SectionNav } from './views/layout/SectionNav';
import { SettingsPanel } from './views/layout/SettingsPanel';
import { Stage } from './views/layout/Stage';
import { linkOpensLesson, linkOpensScene, loadBelowStage } from './views/layout/belowChunk';
import { useHashTarget } from './views/layout/useHashTarget';
import { useResultsPainted } from './views/layout/useResultsPainted';

const TryItPanel = lazy(() => loadBelowStage().then((m) => ({ default: m.TryItPanel })));
const LessonSections = lazy(() => loadBelowStage().then((m) => ({ default: m.LessonSections })));
const LaterSections = lazy(() => loadBelowStage().then((m) => ({ default: m.LaterSections })));

/**
 * Which lazily loaded parts are rendered. Without a lesson link, none until the
 * first readouts have painted (so the first JavaScript and the first frame are
 * the stage's alone), then all. Not in a transition: sweep points arriving
 * meanwhile would restart its render again and again on a busy machine. A question link renders the try-it panel as soon
 * as its chunk is in, a scene link the sections down to the scenes (which sit
 * below the diagnosis); the rest follows as on a plain page.
 */
function useBelowStage(): { tryIt: boolean; lesson: boolean; rest: boolean } {
  const search = typeof window === 'undefined' ? '' : window.location.search;
  const rest = useResultsPainted();
  const [link] = useState(() => ({ tryIt: linkOpensLesson(search), scene: linkOpensScene(search) }));
  return { tryIt: link.tryIt || rest, lesson: link.scene || rest, rest };
}

/** Marks that the lazily loaded sections are in the page (for the anchor of the link). */
function Loaded({ onLoad }: { onLoad: () => void }) {
  useEffect(onLoad, [onLoad]);
  return null;
}

/**
 * The lab, lesson first. Wide: the workload and load pickers and the settings
 * in a left column that scrolls with the page, the lab (verdict, timeline,
 * cards) beside them, then the try-it questions and the rest. Narrow: pickers,
 * lab, try-it, the rest, with the settings in a drawer the nav opens. Every section sits in its own error
 * boundary, so one that fails leaves the others working.
 */
export function App() {
  const [loaded, setLoaded] = useState(false);
  const below = useBelowStage();
  useHashTarget(loaded);
  return (
    <div className="mx-auto max-w-[1400px] px-3 pt-2 pb-16 sm:px-6">
      <a href="#lab" className="sr-only focus:not-sr-only focus:absolute focus:z-30 focus:rounded focus:bg-raised focus:p-2">
        Skip to the lab
      </a>
      <Header />
      <SectionNav />
      <div className="mt-2 space-y-2 empty:hidden">
        <Notices />
        <RunError />
        <SlowRunNotice />
      </div>
      <ResultsRegion>
        <div className="lab-pick" data-current>
          <SectionBoundary name="The workload and load pickers">
            <LessonControls />
          </SectionBoundary>
        </div>
        <div className="lab-stage">
          <Stage />
        </div>
        <div className="lab-tryit">
          <SectionBoundary name="The try-it questions">
            {below.tryIt ? (
              <Suspense fallback={<TryItPlaceholder />}>
                <TryItPanel />
              </Suspense>
            ) : (
              <TryItPlaceholder />
            )}
          </SectionBoundary>
        </div>
        <SettingsPanel />
        <div className="lab-rest space-y-6">
          {below.lesson && (
            <Suspense fallback={null}>
              <LessonSections />
            </Suspense>
          )}
          {below.rest && (
            <Suspense fallback={null}>
              <LaterSections />
              <Loaded onLoad={() => setLoaded(true)} />
            </Suspense>
          )}
        </div>
      </ResultsRegion>
      <ReadoutsBar />
      <ResultsAnnouncer />
      <footer className="mt-8 border-t border-line pt-3 text-xs text-muted">
        Latency Lab simulates a continuous-batching server in your browser. Nothing you do here is sent anywhere.
      </footer>
    </div>
  );
}

function TryItPlaceholder() {
  return (
    <section id="try-it" aria-labelledby="try-it-h" className="min-h-40 rounded-lg border border-line bg-surface p-4">
      <h2 id="try-it-h" className="text-lg font-semibold">
        Try it yourself
      </h2>
    </section>
  );
}
