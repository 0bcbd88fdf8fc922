export { Timeline } from './Timeline';
export { layoutTimeline, formulaFor } from './layout';
export type { TimelineData, TimelineMarks } from './types';
