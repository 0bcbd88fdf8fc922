import type { BuiltInTraceId } from '../import/traceCatalog';
import type { Settings } from '../settings/schema';
import type { TraceRunOutcome } from './traceRun';

/** Where a trace comes from: one that ships with the lab, or a file the user chose. */
export type TraceSource = { kind: 'built-in'; id: BuiltInTraceId } | { kind: 'file'; file: Blob; name: string };

/** Trace worker protocol: one request, one reply with the same id. */
export interface TraceWorkerRequest {
  id: number;
  source: TraceSource;
  settings: Settings;
}
export type TraceWorkerReply = { id: number; format: string | null } & (TraceRunOutcome | { ok: false; param: 'file'; message: string });
