/** Lesson content as data: questions, myths, quiz, progress. Pure TypeScript, no DOM. */
export * from './types';
export { QUESTIONS, questionById } from './questions';
export { MYTHS } from './myths';
export { QUIZ_PAIRS, DEFINITION_ORDER, scoreQuiz } from './quiz';
export { liveNumbersOf } from './live';
export type { RunLike } from './live';
export { appliesWhileSame, settingsOfQuery, changedKeys } from './applies';
export * from './reading';
export * from './format';
export * from './progress';
