/** The lesson on the page: try-it questions, myth cards, the matching quiz. */
export { TryItPanel } from './TryItPanel';
export { MythCards } from './MythCards';
export { Quiz } from './Quiz';
export { LessonExtras } from './LessonExtras';
export { useQuestionDeepLink } from './useQuestionDeepLink';
export { useLiveNumbers } from './useLiveNumbers';
