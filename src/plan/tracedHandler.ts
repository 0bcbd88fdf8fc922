/**
 * What one of the page's planner workers does: the planner's worker handler
 * (workerHandler.ts), and before it the built-in trace a traced plan names,
 * loaded by the worker itself (`loadText`: the page's lazy chunk, a test's
 * file) and sliced by planTrace.ts. A `trace` job only describes the slice
 * (the page's form needs its mean lengths and rate before the plan starts).
 */
import type { BuiltInTraceId } from '../import/traceCatalog';
import { planTraceFromText, type PlanTraceOutcome, type PlanTraceRef } from './planTrace';
import type { PlanWorkerAnswer, PlanWorkerMessage } from './pool';
import { planWorkerHandler } from './workerHandler';

/** Slice `ref` of a built-in trace and say what it is (its sends, lengths, mean rate), nothing else. */
export interface TraceJob {
  kind: 'trace';
  ref: PlanTraceRef;
}
/** The answer to a trace job. */
export interface TraceDescribed {
  kind: 'traced';
  outcome: PlanTraceOutcome;
}
/** A job the worker could not do (its trace did not load or slice), with why. */
export interface JobFailed {
  kind: 'failed';
  message: string;
}
export type PagePlanMessage = PlanWorkerMessage | TraceJob;
export type PagePlanAnswer = PlanWorkerAnswer | TraceDescribed | JobFailed;

/** A page planner worker's handler: answers each message in order (null to `start`); a failure is answered, never thrown. */
export function tracedWorkerHandler(loadText: (id: BuiltInTraceId) => Promise<string>): (m: PagePlanMessage) => Promise<PagePlanAnswer | null> {
  const inner = planWorkerHandler();
  const slice = async (ref: PlanTraceRef): Promise<PlanTraceOutcome> => {
    try {
      return planTraceFromText(await loadText(ref.id), ref);
    } catch (e) {
      return { ok: false, error: `the trace ${ref.id} did not load (${e instanceof Error ? e.message : String(e)})` };
    }
  };
  // Jobs wait for the start's trace; the pool sends a worker one job at a time, so they keep their order.
  let ready: Promise<string | null> = Promise.resolve(null);
  return async (m) => {
    if (m.kind === 'trace') return { kind: 'traced', outcome: await slice(m.ref) };
    if (m.kind === 'start' && m.traceRef) {
      const { request, traceRef } = m;
      ready = slice(traceRef).then((o) => {
        if (!o.ok) return o.error;
        inner({ kind: 'start', request: { ...request, trace: o.trace } });
        return null;
      });
      const why = await ready;
      return why === null ? null : { kind: 'failed', message: why };
    }
    const why = await ready;
    if (why !== null) return { kind: 'failed', message: why };
    try {
      return inner(m);
    } catch (e) {
      return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
    }
  };
}
