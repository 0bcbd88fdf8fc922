/** Live endpoint measurement: fetch + ReadableStream, in browsers and node 20. */
export { measureEndpoint } from './run';
export type { MeasureOutcome, MeasureProgress, MeasureHooks } from './run';
export { measureRequest, requestBody, redact } from './request';
export type { MeasuredRequest, MeasureIo } from './request';
export { validateMeasureOptions, measureOptionsSchema, endpointUrl, MEASURE_DEFAULTS, MEASURE_LIMITS } from './options';
export type { MeasureOptions } from './options';
export { syntheticPrompt } from './prompt';
export { sseEvents } from './sse';
export type { SseEvent } from './sse';
