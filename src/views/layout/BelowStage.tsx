import { SectionBoundary } from '../common/SectionBoundary';
import { DiagnosePanel, LessonExtras, LeverScenes, TryItPanel } from '../lesson';
import { StreamingPanel } from '../streaming';
import { WhyPanel } from '../why';
import { Charts } from './Charts';
import { CompareSection } from './CompareSection';
import { PlanSection } from './PlanSection';
import { TraceSection } from './TraceSection';

/**
 * Everything below the lab's first screen, in one chunk loaded after the
 * readouts: the page's first JavaScript stays small, and every section of it
 * exists at once, so an anchor in the link lands where it should.
 */
export { TryItPanel };

/** The sections after the try-it questions and the settings, each in its own error boundary: the first, down to the lever scenes (what a `?scene=N` link needs in place to land). */
export function LessonSections() {
  return (
    <>
      <SectionBoundary name="Which clock is broken">
        <DiagnosePanel />
      </SectionBoundary>
      <SectionBoundary name="The lever scenes">
        <LeverScenes />
      </SectionBoundary>
    </>
  );
}

/** The sections below the lever scenes. */
export function LaterSections() {
  return (
    <>
      <SectionBoundary name="The streaming playback">
        <StreamingPanel />
      </SectionBoundary>
      <SectionBoundary name="The charts">
        <Charts />
      </SectionBoundary>
      <SectionBoundary name="The comparison with a real run">
        <CompareSection />
      </SectionBoundary>
      <SectionBoundary name="The trace replay">
        <TraceSection />
      </SectionBoundary>
      <SectionBoundary name="The capacity planner">
        <PlanSection />
      </SectionBoundary>
      <SectionBoundary name="The explanation">
        <WhyPanel />
      </SectionBoundary>
      <SectionBoundary name="The lesson extras">
        <LessonExtras />
      </SectionBoundary>
    </>
  );
}
