/** The lesson on the page: try-it questions, which clock is broken, the lever scenes, myth cards, the matching quiz. */
export { TryItPanel } from './TryItPanel';
export { MythCards } from './MythCards';
export { Quiz } from './Quiz';
export { LessonExtras } from './LessonExtras';
export { DiagnosePanel } from './DiagnosePanel';
export { LeverScenes } from './LeverScenes';
export { useQuestionDeepLink } from './useQuestionDeepLink';
export { useLiveNumbers } from './useLiveNumbers';
