/** The representative request among its neighbours, with batch and KV memory. */
export { ServerView } from './ServerView';
export type { ServerViewProps } from './ServerView';
export { layoutServer, MAX_LANES } from './layoutServer';
export type { ServerData, ServerLayout, LaneMarks, SegmentMarks, PhaseLabel } from './layoutServer';
export { downsampleLog } from './downsample';
export type { ServerSeries } from './downsample';
export { chooseLanes, phasesOf, windowAround } from './lanes';
export { describeServer } from './describe';
