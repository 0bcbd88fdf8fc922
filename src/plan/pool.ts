/**
 * A plan on a pool of workers, whatever a worker is (a Web Worker on the
 * page, a worker thread in the CLI): the shapes are handed out one at a
 * time (the next goes to whichever worker answers first), their outcomes put
 * back in shape order, so the plan is the one `plan()` gives in one thread
 * for any number of workers. Once every shape is in, the cheapest rows' ranges
 * are checked the same way (one row per job, rangeCheck.ts). Cancel
 * terminates every worker at once.
 */
import { rangeCheckedRows, withRangeVerdicts, type RangeVerdict } from './rangeCheck';
import { combineOutcomes, planShapes, type PlanProgress, type ShapeOutcome } from './search';
import type { PlanTraceRef } from './planTrace';
import type { PlanConfig, PlanRequest, PlanResult } from './types';

/**
 * What a worker is told once, before any shape: the request it plans. With
 * `traceRef`, the request comes without its trace and the worker loads that
 * built-in trace itself and slices it (the page's workers: planTrace.ts).
 */
export interface PlanStart {
  kind: 'start';
  request: PlanRequest;
  traceRef?: PlanTraceRef;
}
/** What a worker is told for each shape: search shape number `index` of `planShapes(request)`. */
export interface ShapeJob {
  kind: 'shape';
  index: number;
}
/** What it is told for each of the cheapest rows, after every shape: check the ranges of row `row`, deployment `config`. */
export interface RangeJob {
  kind: 'range';
  row: number;
  config: PlanConfig;
}
/** What it answers to a shape. */
export interface ShapeDone {
  index: number;
  outcome: ShapeOutcome;
}
/** What it answers to a row: its range verdict. */
export interface RangeDone {
  row: number;
  verdict: RangeVerdict | null;
}
export type PlanWorkerMessage = PlanStart | ShapeJob | RangeJob;
/** A worker's answer. */
export type PlanWorkerAnswer = ShapeDone | RangeDone;

/** One worker as the pool sees it: it takes jobs, answers through the callbacks it was made with, and can be ended. */
export interface ShapeWorker {
  post(job: ShapeJob | RangeJob): void;
  terminate(): void;
}

/** Makes a worker that plans `request`, answering each job through `onDone` (or failing through `onError`). */
export type MakeShapeWorker = (request: PlanRequest, onDone: (m: PlanWorkerAnswer) => void, onError: (e: Error) => void) => ShapeWorker;

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
  // After every shape: the plan so far, and the range checks of its cheapest rows.
  let combined: PlanResult | null = null;
  let verdicts: (RangeVerdict | null | undefined)[] = [];
  let nextRow = 0;
  let rowsDone = 0;
  return new Promise<PlanResult>((resolve, reject) => {
    const pool: ShapeWorker[] = [];
    let settled = false;
    const end = () => {
      settled = true;
      for (const w of pool) w.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const settle = (result: PlanResult) => {
      if (settled) return;
      end();
      resolve(result);
    };
    const fail = (e: unknown) => {
      if (settled) return;
      end();
      reject(e instanceof Error ? e : new Error(String(e)));
    };
    // Cancelled during the range checks: every shape is in, but the ranges are not.
    const onAbort = () => settle(combined ? { ...combined, cancelled: true } : combineOutcomes(req, outcomes, true));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    onProgress?.({ done: 0, total: shapes.length, evaluated: 0 });
    if (shapes.length === 0) return settle(combineOutcomes(req, outcomes, false));
    const rows = () => (combined ? rangeCheckedRows(combined) : 0);
    const give = (w: ShapeWorker) => {
      if (next < shapes.length) w.post({ kind: 'shape', index: next++ });
      else if (combined && nextRow < rows()) {
        const row = nextRow++;
        w.post({ kind: 'range', row, config: combined.configs[row] });
      }
    };
    const allShapesIn = () => {
      combined = combineOutcomes(req, outcomes, false);
      verdicts = new Array(rows());
      if (rows() === 0) return settle(combined);
      onProgress?.({ done, total: shapes.length, evaluated, ranges: { done: 0, total: rows() } });
      // The progress callback may have cancelled the plan.
      if (settled) return;
      // Every worker is idle now: each takes a row.
      for (const w of pool) give(w);
    };
    for (let i = 0; i < count; i++) {
      const w = make(
        req,
        (m) => {
          // A worker's answer that arrives after the end (its terminate is on its way) changes nothing.
          if (settled) return;
          if ('row' in m) {
            if (!combined || verdicts[m.row] !== undefined) return;
            verdicts[m.row] = m.verdict;
            rowsDone++;
            if (rowsDone === rows()) return settle(withRangeVerdicts(combined, verdicts));
            onProgress?.({ done, total: shapes.length, evaluated, ranges: { done: rowsDone, total: rows() } });
            if (settled) return;
            give(w);
            return;
          }
          if (outcomes[m.index]) return;
          outcomes[m.index] = m.outcome;
          done++;
          evaluated += m.outcome.evaluated;
          onProgress?.({ done, total: shapes.length, evaluated });
          // The progress callback may have cancelled the plan: then no worker gets another shape.
          if (settled) return;
          if (done === shapes.length) allShapesIn();
          else give(w);
        },
        fail,
      );
      pool.push(w);
      give(w);
    }
  });
}
