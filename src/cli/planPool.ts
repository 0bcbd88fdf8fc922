/**
 * `lab plan` on every core: the planner's pool (src/plan/pool.ts, the same
 * one the page uses) with worker threads for workers. Cancel terminates
 * every worker at once.
 */
import { Worker } from 'node:worker_threads';
import { planInPool, type MakeShapeWorker, type PlanWorkerMessage, type PlanWorkerAnswer } from '../plan/pool';
import type { PlanProgress } from '../plan/search';
import type { PlanRequest, PlanResult } from '../plan/types';

const WORKER_URL = new URL(`./planWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * A worker thread running planWorker. Run from TypeScript sources (tsx, as
 * `npm run lab` does), a worker does not inherit tsx's loader, so a small
 * bootstrap registers it before importing the worker's module.
 */
export function startThread(): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL);
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true });
}

/** A worker thread as the pool's worker: told the request first, then one shape at a time. */
export const threadWorker: MakeShapeWorker = (request, onDone, onError) => {
  const w = startThread();
  w.on('message', (m: PlanWorkerAnswer) => onDone(m));
  w.on('error', onError);
  w.postMessage({ kind: 'start', request } satisfies PlanWorkerMessage);
  return {
    post: (job) => w.postMessage(job satisfies PlanWorkerMessage),
    terminate: () => void w.terminate(),
  };
};

/**
 * Plans `req` on `workers` threads (at least 1, at most one per shape).
 * Resolves with the plan; when `signal` aborts, with what the finished
 * shapes found (`cancelled: true`). Rejects if a worker fails.
 */
export function planOnWorkers(req: PlanRequest, workers: number, signal?: AbortSignal, onProgress?: (p: PlanProgress) => void): Promise<PlanResult> {
  return planInPool(req, workers, threadWorker, signal, onProgress);
}
