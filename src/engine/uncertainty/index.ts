/** Ranges on a prediction, by simulation at the edges of what the lab is unsure of (see README, "Ranges"). */
export { PREDICTION_SPREADS } from './spreads';
export type { PredictionSpreads } from './spreads';
export { AS_GIVEN, FRONTEND_FLOOR_MS, UNCERTAIN_INPUTS, cornerEdges, edgeFrontendMs, edgeKey, edgeKvTokens, edgeScenario, inputEnds } from './edges';
export type { EdgeMultipliers, UncertainInput } from './edges';
export { foldRanges, spanRatio } from './fold';
export type { MetricRanges, Span, StatRange } from './fold';
export { EdgeRunner, predictionRanges, predictionSensitivity } from './predict';
export type { EdgeRun, InputSensitivity, MetricsOf, RangedPrediction } from './predict';
export { kneeRegion, sweepBands } from './sweepBands';
export type { KneeRegion, SweepBand } from './sweepBands';
