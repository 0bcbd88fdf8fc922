import { useCallback, useEffect, useRef, useState } from 'react';
import type { MeasureOutcome, MeasureProgress } from '../../measure/run';
import type { MeasureOptions } from '../../measure/options';
import { runMeasureMessage, type MeasureWorkerReply, type MeasureWorkerRequest } from '../../workers/measureProtocol';

/** The part of a Worker the hook uses (a real one, or the in-page fallback). */
interface Port {
  post(msg: MeasureWorkerRequest): void;
  terminate(): void;
}

/** How long Stop waits for the worker to hand back what finished before giving up on it, ms. */
const STOP_GRACE_MS = 2000;

function openPort(onReply: (r: MeasureWorkerReply) => void): Port {
  try {
    if (typeof Worker !== 'undefined') {
      const w = new Worker(new URL('../../workers/measure.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-measure' });
      w.addEventListener('message', (e: MessageEvent<MeasureWorkerReply>) => onReply(e.data));
      return { post: (m) => w.postMessage(m), terminate: () => w.terminate() };
    }
  } catch {
    // fall through to the page
  }
  // No workers (tests, very old browsers): the same code on the page.
  const handle = runMeasureMessage(onReply);
  return { post: handle, terminate: () => undefined };
}

/**
 * A live measurement run in the measure worker. `start` resolves with the
 * outcome; `stop` asks the worker to stop and keep what finished, answered at
 * once in the UI (`stopping`), and gives up on the worker if it has not
 * answered within two seconds.
 */
export function useLiveMeasure() {
  const port = useRef<Port | null>(null);
  const current = useRef<{ id: number; resolve: (o: MeasureOutcome) => void } | null>(null);
  const nextId = useRef(0);
  const [progress, setProgress] = useState<MeasureProgress | null>(null);
  const [state, setState] = useState<'idle' | 'running' | 'stopping'>('idle');

  useEffect(() => () => {
    port.current?.terminate();
    port.current = null;
  }, []);

  const finish = useCallback((outcome: MeasureOutcome) => {
    const c = current.current;
    current.current = null;
    setState('idle');
    setProgress((p) => (p ? { ...p, phase: 'done' } : p));
    c?.resolve(outcome);
  }, []);

  const start = useCallback(
    (options: MeasureOptions): Promise<MeasureOutcome> => {
      if (!port.current) {
        port.current = openPort((reply) => {
          if (reply.id !== current.current?.id) return;
          if (reply.type === 'progress') setProgress(reply.progress);
          else finish(reply.outcome);
        });
      }
      const id = ++nextId.current;
      setState('running');
      setProgress({ phase: options.warmup ? 'warmup' : 'measuring', finished: 0, failed: 0, total: options.requests });
      return new Promise<MeasureOutcome>((resolve) => {
        current.current = { id, resolve };
        port.current!.post({ type: 'start', id, options });
      });
    },
    [finish],
  );

  const stop = useCallback(() => {
    const c = current.current;
    if (!c) return;
    setState('stopping');
    port.current?.post({ type: 'stop', id: c.id });
    setTimeout(() => {
      if (current.current?.id !== c.id) return;
      // The worker did not answer: drop it (a new one is made for the next run).
      port.current?.terminate();
      port.current = null;
      finish({ ok: false, error: 'stopped (the measurement did not answer in time, so nothing it measured is kept)' });
    }, STOP_GRACE_MS);
  }, [finish]);

  return { start, stop, progress, state };
}
