/**
 * The request traces that ship with the lab (data/traces/, CC-BY 4.0): their
 * ids in links and on the command line, their files, and the attribution
 * every place that replays one must show. Data only, so the settings, the CLI
 * and the page share it without loading a trace.
 */

/** Ids of the built-in traces. */
export const BUILT_IN_TRACE_IDS = ['azure-code', 'azure-conv'] as const;
export type BuiltInTraceId = (typeof BUILT_IN_TRACE_IDS)[number];

/** Each built-in trace: its file in data/traces/ and what it is. */
export const BUILT_IN_TRACES: Record<BuiltInTraceId, { file: string; label: string; short: string }> = {
  'azure-code': { file: 'AzureLLMInferenceTrace_code.csv', label: 'Azure LLM inference trace 2023, coding service', short: 'Azure coding service (2023)' },
  'azure-conv': { file: 'AzureLLMInferenceTrace_conv.csv', label: 'Azure LLM inference trace 2023, conversation service', short: 'Azure conversation service (2023)' },
};
