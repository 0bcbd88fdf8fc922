/**
 * A plan on a pool of workers, whatever a worker is (a Web Worker on the
 * page, a worker thread in the CLI): the shapes are handed out one at a
 * time (the next goes to whichever worker answers first), their outcomes put
 * back in shape order, so the plan is the one `plan()` gives in one thread
 * for any number of workers. Cancel terminates every worker at once.
 */
import { combineOutcomes, planShapes, type PlanProgress, type ShapeOutcome } from './search';
import type { PlanRequest, PlanResult } from './types';

/** What a worker is told once, before any shape: the request it plans. */
export interface PlanStart {
  kind: 'start';
  request: PlanRequest;
}
/** What a worker is told for each shape: search shape number `index` of `planShapes(request)`. */
export interface ShapeJob {
  kind: 'shape';
  index: number;
}
/** What it answers. */
export interface ShapeDone {
  index: number;
  outcome: ShapeOutcome;
}
export type PlanWorkerMessage = PlanStart | ShapeJob;

/** One worker as the pool sees it: it takes jobs, answers through the callbacks it was made with, and can be ended. */
export interface ShapeWorker {
  post(job: ShapeJob): void;
  terminate(): void;
}

/** Makes a worker that plans `request`, answering each job through `onDone` (or failing through `onError`). */
export type MakeShapeWorker = (request: PlanRequest, onDone: (m: ShapeDone) => void, onError: (e: Error) => void) => ShapeWorker;

/**
 * Plans `req` on `workers` workers (at least 1, at most one per shape).
 * Resolves with the plan; when `signal` aborts, with what the finished
 * shapes found (`cancelled: true`), every worker terminated. Rejects if a
 * worker fails (every worker terminated too).
 */
export function planInPool(req: PlanRequest, workers: number, make: MakeShapeWorker, signal?: AbortSignal, onProgress?: (p: PlanProgress) => void): Promise<PlanResult> {
  const shapes = planShapes(req);
  const outcomes: (ShapeOutcome | undefined)[] = new Array(shapes.length);
  const count = Math.max(1, Math.min(Math.floor(workers) || 1, shapes.length));
  let next = 0;
  let done = 0;
  let evaluated = 0;
  return new Promise<PlanResult>((resolve, reject) => {
    const pool: ShapeWorker[] = [];
    let settled = false;
    const end = () => {
      settled = true;
      for (const w of pool) w.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const finish = (cancelled: boolean) => {
      if (settled) return;
      end();
      resolve(combineOutcomes(req, outcomes, cancelled));
    };
    const fail = (e: unknown) => {
      if (settled) return;
      end();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    const onAbort = () => finish(true);
    if (signal?.aborted) return finish(true);
    signal?.addEventListener('abort', onAbort, { once: true });
    onProgress?.({ done: 0, total: shapes.length, evaluated: 0 });
    if (shapes.length === 0) return finish(false);
    const give = (w: ShapeWorker) => {
      if (next < shapes.length) w.post({ kind: 'shape', index: next++ });
    };
    for (let i = 0; i < count; i++) {
      const w = make(
        req,
        (m) => {
          // A worker's answer that arrives after the end (its terminate is on its way) changes nothing.
          if (settled || outcomes[m.index]) return;
          outcomes[m.index] = m.outcome;
          done++;
          evaluated += m.outcome.evaluated;
          onProgress?.({ done, total: shapes.length, evaluated });
          // The progress callback may have cancelled the plan: then no worker gets another shape.
          if (settled) return;
          if (done === shapes.length) finish(false);
          else give(w);
        },
        fail,
      );
      pool.push(w);
      give(w);
    }
  });
}
