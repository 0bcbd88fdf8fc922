import { MythCards } from './MythCards';
import { Quiz } from './Quiz';

/** The lesson material below the charts: the mental-model corrections and the matching quiz. */
export function LessonExtras() {
  return (
    <>
      <MythCards />
      <Quiz />
    </>
  );
}
