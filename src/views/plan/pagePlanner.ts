/**
 * The page's planner: the planner's pool (src/plan/pool.ts, the CLI's too)
 * on Web Workers, one per core up to 4, each running workers/plan.worker.ts.
 * The worker script is fetched only when a plan is run.
 */
import { planInPool, type MakeShapeWorker, type PlanWorkerMessage, type PlanWorkerAnswer } from '../../plan/pool';
import type { PlanProgress } from '../../plan/search';
import type { PlanRequest, PlanResult } from '../../plan/types';

/** Most planner workers the page starts (a plan's shapes rarely keep more busy, and the page needs a core). */
export const MAX_PAGE_WORKERS = 4;

/** What the page needs of a Web Worker (a test passes one that runs in its own thread). */
export interface PlanWebWorker {
  postMessage(message: PlanWorkerMessage): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<PlanWorkerAnswer>) => void): void;
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

/** A Web Worker as the pool's worker: told the request first, then one shape at a time. */
export function webShapeWorker(create: () => PlanWebWorker): MakeShapeWorker {
  return (request, onDone, onError) => {
    const w = create();
    w.addEventListener('message', (e) => onDone(e.data));
    w.addEventListener('error', (e) => onError(new Error(e.message || 'the planner worker did not load')));
    w.postMessage({ kind: 'start', request });
    return { post: (job) => w.postMessage(job), terminate: () => w.terminate() };
  };
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
