/** Hardware-grounded server profiles: the catalog, the roofline and its fitted factors. */
export { MODELS, activeParamsAsPublished, modelById, modelParams, PUBLISHED_ACTIVE_PARAMS } from './models';
export type { ModelConfig, ModelParams, LatentAttention, SlidingWindow, CheckpointFormat } from './models';
export { GPUS, gpuById, datasheetGbBytes, interconnectFor, macosGpuWiredLimitBytes, maxTpOf } from './gpus';
export type { GpuSegment, GpuSpec, GpuVendor, Interconnect, PeakFlops } from './gpus';
export { PRECISIONS, KV_PRECISIONS, precisionById, precisionsFor, peakFlopsFor, computePathFor, isKvPrecision } from './precisions';
export type { Precision, KvPrecision, PrecisionSpec } from './precisions';
export { TP_DEGREES, precisionMismatch, resolveSpec, tpHardwareReason, tpSplitsHeads, validTpDegrees, validTpDegreesOn } from './catalog';
export { MEASURED_MODEL_IDS, SAME_ARCHITECTURE_AS, modelFit } from './measured';
export { kvLayout, layerTokensAt } from './kvLayout';
export type { KvLayout } from './kvLayout';
export type { HardwareSpec, ResolvedSpec, Refusal } from './catalog';
export { DEFAULT_SERVING, planMemory } from './memory';
export type { ServingOptions, MemoryPlan } from './memory';
export { costModel, iterationBreakdown, expectedExpertsTouched, rooflineTime, windowedTokens, mlaAttentionFlops } from './cost';
export type { RooflineFactors, CostModel, IterationBreakdown } from './cost';
export { hardwareProfile, operatingPoints } from './roofline';
export type { RooflineDetails, HardwareProfileResult, OperatingPoint } from './roofline';
export { FITTED_FACTORS } from './fitted';
