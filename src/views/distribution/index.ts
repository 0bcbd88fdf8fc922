/** Latency distribution at the current load: mean versus percentiles. */
export { LatencyDistribution } from './LatencyDistribution';
export type { LatencyDistributionProps } from './LatencyDistribution';
export { layoutDistribution } from './layoutDistribution';
export type { DistributionData, DistributionLayout, DistributionPanel, MarkerMarks } from './layoutDistribution';
export { tailSentence, tailSentenceFor, sloSentence, missShare } from './sentence';
export type { LatencyMetric } from './sentence';
export { latencyScale, binsOnScreen } from './scale';
