/** The engine's public face: pure TypeScript, no DOM. */
export * from './types';
export { simulate } from './simulate';
export { sweep, DEFAULT_SWEEP_USERS } from './sweep';
export type { SweepPoint, SweepAxis, LimitingFactor } from './sweep';
export { computeMetrics, meetsSlo } from './metrics';
export { summarize, summarizeWeighted, percentileSorted } from './stats';
export { pickRepresentative } from './representative';
export { isReferenceRequest, referenceLengths, REFERENCE_EVERY } from './reference';
export { tokenTimesS } from './tokens';
export { WORKLOADS, WORKLOAD_IDS, workloadById, customWorkload, DEFAULT_SPREAD } from './workloads';
export { lessonProfile, LESSON_COSTS } from './profiles/lesson';
export { EngineInputError, validateScenario, ENGINE_LIMITS, DEFAULT_NETWORK_JITTER } from './validate';
export { makeRng } from './rng';
export { requestBreakdown } from './breakdown';
export type { RequestBreakdown } from './breakdown';
