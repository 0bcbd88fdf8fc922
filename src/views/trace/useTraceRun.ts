import type { Settings } from '../../settings/schema';
import type { TraceSource, TraceWorkerReply, TraceWorkerRequest } from '../../traces/traceProtocol';
import { useWorkerJob, WorkerChannel, type WorkerJobState } from '../common/workerJob';

/** The newest reply for the asked source and settings, and whether a newer one is on its way. */
export type TraceRunState = WorkerJobState<TraceWorkerReply>;

/** The trace worker, made on first use: nothing of a trace is fetched before one is asked for. */
const TRACE = new WorkerChannel<TraceWorkerRequest, TraceWorkerReply>(
  () => (typeof Worker === 'undefined' ? null : new Worker(new URL('../../workers/trace.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-trace' })),
  (id, message) => ({ id, format: null, ok: false, param: 'file', message }),
  'trace',
);

const request = (id: number, source: TraceSource, settings: Settings): TraceWorkerRequest => ({ id, source, settings });

/**
 * Loads, parses and replays `source` on the server of `settings` in the
 * trace worker whenever either changes; replies to older requests are dropped.
 */
export function useTraceRun(source: TraceSource | null, settings: Settings): TraceRunState {
  return useWorkerJob(TRACE, source, settings, request);
}
