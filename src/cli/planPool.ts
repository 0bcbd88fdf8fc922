/**
 * `lab plan` on every core: the planner's shapes handed out one at a time
 * to worker threads (the next shape goes to whichever worker finishes
 * first), their outcomes put back in shape order, so the plan is the same
 * as the single-thread one whatever the number of workers. Cancel
 * terminates every worker at once.
 */
import { Worker } from 'node:worker_threads';
import { combineOutcomes, planShapes, type PlanProgress, type ShapeOutcome } from '../plan/search';
import type { PlanRequest, PlanResult } from '../plan/types';

/** What a worker is told: plan this request's shape number `index`. */
export interface ShapeJob {
  index: number;
}

/** What it answers. */
export interface ShapeDone {
  index: number;
  outcome: ShapeOutcome;
}

const WORKER_URL = new URL(`./planWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * A worker thread running planWorker. Run from TypeScript sources (tsx, as
 * `npm run lab` does), a worker does not inherit tsx's loader, so a small
 * bootstrap registers it before importing the worker's module.
 */
function startWorker(req: PlanRequest): Worker {
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL, { workerData: req });
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => m.tsImport(${JSON.stringify(WORKER_URL.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData: req });
}

/**
 * Plans `req` on `workers` threads (at least 1, at most one per shape).
 * Resolves with the plan; when `signal` aborts, with what the finished
 * shapes found (`cancelled: true`). Rejects if a worker fails.
 */
export function planOnWorkers(req: PlanRequest, workers: number, signal?: AbortSignal, onProgress?: (p: PlanProgress) => void): Promise<PlanResult> {
  const shapes = planShapes(req);
  const outcomes: (ShapeOutcome | undefined)[] = new Array(shapes.length);
  const count = Math.max(1, Math.min(workers, shapes.length));
  let next = 0;
  let done = 0;
  let evaluated = 0;
  return new Promise<PlanResult>((resolve, reject) => {
    const pool: Worker[] = [];
    let settled = false;
    const finish = (cancelled: boolean) => {
      if (settled) return;
      settled = true;
      for (const w of pool) void w.terminate();
      signal?.removeEventListener('abort', onAbort);
      resolve(combineOutcomes(req, outcomes, cancelled));
    };
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      for (const w of pool) void w.terminate();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    const onAbort = () => finish(true);
    if (signal?.aborted) return finish(true);
    signal?.addEventListener('abort', onAbort, { once: true });
    if (shapes.length === 0) return finish(false);
    const give = (w: Worker) => {
      if (next < shapes.length) w.postMessage({ index: next++ } satisfies ShapeJob);
    };
    for (let i = 0; i < count; i++) {
      const w = startWorker(req);
      pool.push(w);
      w.on('message', (m: ShapeDone) => {
        outcomes[m.index] = m.outcome;
        done++;
        evaluated += m.outcome.evaluated;
        onProgress?.({ done, total: shapes.length, evaluated });
        if (done === shapes.length) finish(false);
        else give(w);
      });
      w.on('error', fail);
      give(w);
    }
  });
}
