/** Import of benchmark results: pure TypeScript, no DOM (runs in node and in a Web Worker). */
export * from './types';
export { parseRunText } from './parse';
export { computeImportedMetrics, prepareRun, withSlo, withDuration, requestTpotMs } from './metrics';
export type { ImportedMetrics, PreparedRun, RunSamples } from './metrics';
export { CSV_COLUMNS, CSV_MAGIC } from './labCsv';
export { neutraliseCell, restoreCell } from './csvCells';
export { parseRunFiles } from './parse';
export type { NamedText, FileGroupResult } from './parse';
export { PLAUSIBLE, checkPlausible } from './plausible';
export { applyLlmperfSummary, withAssumedConcurrency } from './llmperf';
export { LAB_JSON_FORMAT, LAB_JSON_VERSION } from './labJson';
export { readOpenAiChunk, sseDataPayloads } from './openaiChunk';
export type { ChunkInfo } from './openaiChunk';
export { importSource, importSources, pageCopy, chunkCount } from './importSource';
export type { ImportSource, NamedSource, ImportReply, ImportWorkerRequest, ImportWorkerReply } from './importSource';
export { failureReasons } from './failures';
export { importTraceSource } from './traceSource';
export { MAX_IMPORT_BYTES, regularText, readSourceText, sizeProblem, binaryProblem } from './textRules';
