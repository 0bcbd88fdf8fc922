/** "Which clock is broken": the run against its SLO, the part to blame, and the levers that move it. Pure, no DOM. */
export * from './types';
export { diagnose, blamedPart } from './diagnose';
export { diagnosisInputOf, decodeBatchOf } from './input';
export type { DiagnosisInput, DiagnosisRun } from './input';
export { leversFor, MAX_LEVERS, OFFERED_PREFIX_SHARE, OFFERED_SPEC_TOKENS, SMALL_BATCH } from './levers';
export { describeChange, mostMoved, STEADY_SHARE } from './compare';
export type { LeverChange } from './compare';
export { headline, basis, causeSentence, breaksFirstSentence, contextSentences, diagnosisText, CLOCK_NAMES, CLOCK_FEEL, CAUSE_WORDS, CAUSE_LABELS } from './text';
