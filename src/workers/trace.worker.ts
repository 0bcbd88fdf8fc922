/// <reference lib="webworker" />
/**
 * Loads, parses and replays request traces off the main thread: the
 * conversation trace is 19,366 rows, and a file the user drops may be far
 * bigger. A built-in trace arrives as a lazy chunk of this worker (same
 * origin, fetched only when a trace is asked for); the last few parsed traces
 * stay here, so changing the server only reruns them.
 */
import type { RequestTrace, TraceResult } from '../import/trace';
import { importTraceSource } from '../import/traceSource';
import type { BuiltInTraceId } from '../import/traceCatalog';
import { runTraceComparison } from '../traces/traceRun';
import { builtInTraceText } from './builtInTraceText';
import type { TraceSource, TraceWorkerReply, TraceWorkerRequest } from '../traces/traceProtocol';

declare const self: DedicatedWorkerGlobalScope;


const parsed = new Map<BuiltInTraceId | Blob, TraceResult>();

async function load(source: TraceSource): Promise<TraceResult> {
  const key = source.kind === 'built-in' ? source.id : source.file;
  const hit = parsed.get(key);
  if (hit) return hit;
  // A file takes the result files' door (size cap, text rules, line-numbered errors); a built-in trace the same parser.
  const result = await importTraceSource(source.kind === 'built-in' ? await builtInTraceText(source.id) : source.file);
  parsed.set(key, result);
  while (parsed.size > 4) parsed.delete(parsed.keys().next().value as BuiltInTraceId | Blob);
  return result;
}

let latest = 0;

self.onmessage = async (event: MessageEvent<TraceWorkerRequest>) => {
  const { id, source, settings } = event.data;
  latest = id;
  let trace: RequestTrace;
  try {
    const result = await load(source);
    if (!result.ok) {
      self.postMessage({ id, format: null, ok: false, param: 'file', message: result.error } satisfies TraceWorkerReply);
      return;
    }
    trace = result.trace;
  } catch (e) {
    self.postMessage({ id, format: null, ok: false, param: 'file', message: `could not read the trace (${e instanceof Error ? e.message : String(e)})` } satisfies TraceWorkerReply);
    return;
  }
  // Let requests already queued (a slider being dragged) arrive first: only the newest is run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (id !== latest) return;
  self.postMessage({ id, format: trace.format, ...runTraceComparison(trace, settings) } satisfies TraceWorkerReply);
};
