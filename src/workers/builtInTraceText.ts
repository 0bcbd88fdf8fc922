/**
 * The built-in traces' text, each a lazy chunk on the page's own origin
 * (fetched only when a worker asks for it): the trace worker and the planner
 * workers load the same chunks.
 */
import type { BuiltInTraceId } from '../import/traceCatalog';

/** Loads a built-in trace's CSV text. */
export const BUILT_IN_TRACE_TEXT: Record<BuiltInTraceId, () => Promise<{ default: string }>> = {
  'azure-code': () => import('../../data/traces/AzureLLMInferenceTrace_code.csv?raw'),
  'azure-conv': () => import('../../data/traces/AzureLLMInferenceTrace_conv.csv?raw'),
};

/** A built-in trace's text. */
export async function builtInTraceText(id: BuiltInTraceId): Promise<string> {
  return (await BUILT_IN_TRACE_TEXT[id]()).default;
}
