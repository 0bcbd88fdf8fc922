/**
 * The page's planner: the planner's pool (src/plan/pool.ts, the CLI's too)
 * on Web Workers, one per core up to 4, each running workers/plan.worker.ts.
 * The worker script is fetched only when a plan is run. A plan for a
 * built-in trace asks one worker what the slice is first (its mean lengths
 * and rate make the request); every pool worker then loads the trace itself.
 */
import type { PlanTraceRef } from '../../plan/planTrace';
import { planInPool, type MakeShapeWorker } from '../../plan/pool';
import type { PlanProgress } from '../../plan/search';
import type { PagePlanAnswer, PagePlanMessage } from '../../plan/tracedHandler';
import type { PlanRequest, PlanResult } from '../../plan/types';

/** Most planner workers the page starts (a plan's shapes rarely keep more busy, and the page needs a core). */
export const MAX_PAGE_WORKERS = 4;

/** What the page needs of a Web Worker (a test passes one that runs in its own thread). */
export interface PlanWebWorker {
  postMessage(message: PagePlanMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<PagePlanAnswer>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
  terminate(): void;
}

/** Workers for a plan: one per core, capped at `MAX_PAGE_WORKERS`; 2 when the browser does not say. */
export function pageWorkerCount(hardwareConcurrency: number | undefined): number {
  const cores = Number.isInteger(hardwareConcurrency) && (hardwareConcurrency as number) > 0 ? (hardwareConcurrency as number) : 2;
  return Math.min(MAX_PAGE_WORKERS, cores);
}

/** The planner's Web Worker, same origin, as a module. */
export function createPlanWorker(): PlanWebWorker {
  return new Worker(new URL('../../workers/plan.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-plan' }) as PlanWebWorker;
}

/**
 * A Web Worker as the pool's worker: told the request first, then one shape
 * at a time. A built-in trace is not posted: the worker is told which one and
 * loads it itself (the same slice, from the same text).
 */
export function webShapeWorker(create: () => PlanWebWorker): MakeShapeWorker {
  return (request, onDone, onError) => {
    const w = create();
    w.addEventListener('message', (e) => {
      const m = e.data;
      if ('kind' in m) {
        if (m.kind === 'failed') onError(new Error(m.message));
        return;
      }
      onDone(m);
    });
    w.addEventListener('error', (e) => onError(new Error(e.message || 'the planner worker did not load')));
    const { trace, ...rest } = request;
    w.postMessage(trace?.builtIn ? { kind: 'start', request: rest, traceRef: trace.builtIn } : { kind: 'start', request });
    return { post: (job) => w.postMessage(job), terminate: () => w.terminate() };
  };
}

/** Why a traced plan cannot start (its slice is empty, its trace did not load): the page says it as it is. */
export class TraceRefused extends Error {}

/**
 * `base` with the built-in trace `ref` as its traffic: the slice's requests,
 * its mean lengths, and its mean rate as the rate to serve (as `lab plan
 * --trace` without `--rate`), asked of a worker made by `create` and ended at
 * once. Rejects with `TraceRefused` when the slice cannot be planned.
 */
export function tracedRequest(base: PlanRequest, ref: PlanTraceRef, create: () => PlanWebWorker, signal?: AbortSignal): Promise<PlanRequest> {
  return new Promise((resolve, reject) => {
    const w = create();
    let ended = false;
    const end = () => {
      if (ended) return false;
      ended = true;
      w.terminate();
      signal?.removeEventListener('abort', onAbort);
      return true;
    };
    const onAbort = () => end() && reject(new DOMException('the plan was cancelled', 'AbortError'));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    w.addEventListener('message', (e) => {
      const m = e.data;
      if (!('kind' in m) || !end()) return;
      if (m.kind === 'failed') return reject(new TraceRefused(m.message));
      if (m.kind !== 'traced') return;
      const o = m.outcome;
      if (!o.ok) return reject(new TraceRefused(o.error));
      resolve({ ...base, promptTokens: o.promptTokens, outputTokens: o.outputTokens, ratePerSec: o.trace.meanRatePerSec, trace: o.trace });
    });
    w.addEventListener('error', (e) => end() && reject(new Error(e.message || 'the planner worker did not load')));
    w.postMessage({ kind: 'trace', ref });
  });
}

/** How the page runs a plan: how many workers, and how they are made (the real Web Worker unless a test says). */
export interface PagePlanOptions {
  workers: number;
  create?: () => PlanWebWorker;
  signal?: AbortSignal;
  onProgress?: (p: PlanProgress) => void;
}

/** Plans `req` on the page's workers; resolves with the plan (also when cancelled: what was found so far). */
export function planOnPage(req: PlanRequest, { workers, create = createPlanWorker, signal, onProgress }: PagePlanOptions): Promise<PlanResult> {
  return planInPool(req, workers, webShapeWorker(create), signal, onProgress);
}
