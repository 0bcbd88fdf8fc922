/** Throughput and latency versus load. */
export { ThroughputCurve } from './ThroughputCurve';
export type { ThroughputCurveProps } from './ThroughputCurve';
export { layoutCurve, nearestPointIndex } from './layoutCurve';
export type { CurveData, CurveExtraPoint, CurveLayout, CurvePointMarks, ExtraPlacement, ExtraPointMarks, LimitRegionMarks, BandLabel } from './curveTypes';
export { describeCurvePoint, summarizeCurve, loadLabel, limitLabel } from './describe';
export { goodputReqPerSec } from './panelSpecs';
