import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlanTraceRef } from '../../plan/planTrace';
import type { PlanProgress } from '../../plan/search';
import type { PlanRequest, PlanResult } from '../../plan/types';
import { createPlanWorker, pageWorkerCount, planOnPage, tracedRequest, TraceRefused, type PlanWebWorker } from './pagePlanner';

/** Where a plan on the page is: not run, running (with its progress), done, stopped by Cancel, or failed. */
export type PlanRunState =
  | { status: 'idle' }
  | { status: 'running'; request: PlanRequest; progress: PlanProgress; workers: number; readingTrace?: boolean }
  | { status: 'done' | 'cancelled'; request: PlanRequest; progress: PlanProgress; result: PlanResult; elapsedS: number; workers: number }
  | { status: 'error'; message: string };

/**
 * Runs plans on the page's workers. `run` starts one (stopping any before
 * it); with `traceRef`, a worker first reads the trace's slice into the
 * request. `cancel` aborts it, which terminates every worker. `live` counts
 * the workers started and not yet terminated (the section shows it, so a
 * test can wait for 0).
 */
export function usePlanRun(): { state: PlanRunState; live: number; run: (req: PlanRequest, traceRef?: PlanTraceRef) => void; cancel: () => void } {
  const [state, setState] = useState<PlanRunState>({ status: 'idle' });
  const [live, setLive] = useState(0);
  const current = useRef<AbortController | null>(null);

  const cancel = useCallback(() => current.current?.abort(), []);
  useEffect(() => cancel, [cancel]);

  const run = useCallback((asked: PlanRequest, traceRef?: PlanTraceRef) => {
    current.current?.abort();
    const stop = new AbortController();
    current.current = stop;
    const workers = pageWorkerCount(typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency);
    const create = (): PlanWebWorker => {
      const w = createPlanWorker();
      setLive((n) => n + 1);
      return {
        postMessage: (m) => w.postMessage(m),
        addEventListener: w.addEventListener.bind(w) as PlanWebWorker['addEventListener'],
        terminate: () => {
          w.terminate();
          setLive((n) => Math.max(0, n - 1));
        },
      };
    };
    const t0 = performance.now();
    let last: PlanProgress = { done: 0, total: 0, evaluated: 0 };
    let request = asked;
    setState({ status: 'running', request, progress: last, workers, ...(traceRef ? { readingTrace: true } : {}) });
    // Cancelled while the trace was being read: nothing was planned, the form is as it was.
    const idle = { status: 'idle' } as const;
    (traceRef ? tracedRequest(asked, traceRef, create, stop.signal) : Promise.resolve(asked))
      .then((req) => {
        request = req;
        return planOnPage(request, {
          workers,
          create,
          signal: stop.signal,
          onProgress: (progress) => {
            last = progress;
            if (current.current === stop) setState({ status: 'running', request, progress, workers });
          },
        });
      })
      .then(
        (result) => {
          if (current.current !== stop) return;
          current.current = null;
          setState({ status: result.cancelled ? 'cancelled' : 'done', request, progress: last, result, elapsedS: (performance.now() - t0) / 1000, workers });
        },
        (e: unknown) => {
          if (current.current !== stop) return;
          current.current = null;
          if (stop.signal.aborted) return setState(idle);
          const why = e instanceof Error ? e.message : String(e);
          setState({ status: 'error', message: e instanceof TraceRefused ? `The trace cannot be planned: ${why}.` : `the planner stopped: ${why}. Reload the page to try again.` });
        },
      );
  }, []);

  return { state, live, run, cancel };
}
