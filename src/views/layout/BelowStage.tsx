import { LessonExtras, TryItPanel } from '../lesson';
import { StreamingPanel } from '../streaming';
import { WhyPanel } from '../why';
import { Charts } from './Charts';
import { CompareSection } from './CompareSection';

/**
 * Everything below the lab's first screen, in one chunk loaded after the
 * readouts: the page's first JavaScript stays small, and every section of it
 * exists at once, so an anchor in the link lands where it should.
 */
export { TryItPanel };

/** The sections after the try-it questions and the settings. */
export function BelowStage() {
  return (
    <>
      <StreamingPanel />
      <Charts />
      <CompareSection />
      <WhyPanel />
      <LessonExtras />
    </>
  );
}
