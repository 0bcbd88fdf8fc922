/** Calibration of the roofline against published measurements: pure functions, no file I/O. */
export { parseCsv, parseCsvRecords } from './csv';
export { mapRow, mapRows, mapLoadRows, modelIdFromLabel, gpuIdFromLabel, precisionFromLabel, trustWeight, METRIC_LABELS, LOAD_KINDS } from './mapping';
export type { CalibrationCase, CaseKind, SkippedRow } from './mapping';
export { TRTLLM_MEMORY, TRTLLM_V014_REQUESTS, trtllmBenchSettings } from './bench';
export { predictCase, trtllmSettingsFor } from './predict';
export type { Prediction } from './predict';
export { surrogatePredict } from './surrogate';
export { FIT_PARAMS, INITIAL_FACTORS, fitFactors, fitLoss, nelderMead, encodeFactors, decodeFactors } from './fit';
export type { FitOptions, FitResult, FitParam } from './fit';
export { evaluateCases, errorTable, summarizeErrors, targetVerdicts, worstRows, TARGETS } from './report';
export type { CaseResult, ErrorStats } from './report';
export { textTable, markdownTable, worstRowsMarkdown, skippedMarkdown, factorsMarkdown, nimFactorsMarkdown, fittedSource } from './format';
export { NIM_FACTOR_KEYS, COMMITTED_FACTORS, sharedOnly, nimRoofline } from './factors';
export type { CalibrationFactors, NimFactors, NimFactorKey } from './factors';
export { NIM_LOAD, loadScenario, simulateLoadRow, predictLoadCase, surrogateLoadCase } from './load';
export type { LoadSourceSettings, LoadOutcome } from './load';
export { kneeAnalysis, kneeMarkdown } from './knee';
export type { CurveKnee } from './knee';
