/** Hardware-grounded server profiles: the catalog, the roofline and its fitted factors. */
export { MODELS, modelById, modelParams, PUBLISHED_ACTIVE_PARAMS } from './models';
export type { ModelConfig, ModelParams } from './models';
export { GPUS, gpuById, datasheetGbBytes, interconnectFor, macosGpuWiredLimitBytes, maxTpOf } from './gpus';
export type { GpuSegment, GpuSpec, GpuVendor, Interconnect, PeakFlops } from './gpus';
export { PRECISIONS, KV_PRECISIONS, precisionById, precisionsFor, peakFlopsFor, isKvPrecision } from './precisions';
export type { Precision, KvPrecision, PrecisionSpec } from './precisions';
export { TP_DEGREES, resolveSpec, tpHardwareReason, tpSplitsHeads, validTpDegrees, validTpDegreesOn } from './catalog';
export type { HardwareSpec, ResolvedSpec, Refusal } from './catalog';
export { DEFAULT_SERVING, planMemory } from './memory';
export type { ServingOptions, MemoryPlan } from './memory';
export { costModel, iterationBreakdown, expectedExpertsTouched, rooflineTime } from './cost';
export type { RooflineFactors, CostModel, IterationBreakdown } from './cost';
export { hardwareProfile, operatingPoints } from './roofline';
export type { RooflineDetails, HardwareProfileResult, OperatingPoint } from './roofline';
export { FITTED_FACTORS } from './fitted';
