import { useEffect, useRef, useState } from 'react';
import type { Settings } from '../../settings/schema';
import type { TraceSource, TraceWorkerReply, TraceWorkerRequest } from '../../traces/traceProtocol';

/** The newest reply for the asked source and settings, and whether a newer one is on its way. */
export interface TraceRunState {
  reply: TraceWorkerReply | null;
  busy: boolean;
}

let worker: Worker | null = null;
let nextId = 1;
const listeners = new Set<(r: TraceWorkerReply) => void>();

/** The trace worker, made on first use: nothing of a trace is fetched before one is asked for. */
function traceWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('../../workers/trace.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-trace' });
  worker.addEventListener('message', (e: MessageEvent<TraceWorkerReply>) => {
    for (const l of listeners) l(e.data);
  });
  worker.addEventListener('error', (e) => {
    for (const l of listeners) l({ id: nextId - 1, format: null, ok: false, param: 'file', message: `the trace worker failed (${e.message || 'the script did not load'}); reload the page to try again` });
  });
  return worker;
}

/**
 * Loads, parses and replays `source` on the server of `settings` in the
 * trace worker whenever either changes; replies to older requests are dropped.
 */
export function useTraceRun(source: TraceSource | null, settings: Settings): TraceRunState {
  const [state, setState] = useState<TraceRunState>({ reply: null, busy: false });
  const asked = useRef(0);
  useEffect(() => {
    const onReply = (r: TraceWorkerReply) => {
      if (r.id === asked.current) setState({ reply: r, busy: false });
    };
    listeners.add(onReply);
    return () => {
      listeners.delete(onReply);
    };
  }, []);
  useEffect(() => {
    if (!source) return;
    const id = nextId++;
    asked.current = id;
    setState((s) => ({ reply: s.reply, busy: true }));
    traceWorker().postMessage({ id, source, settings } satisfies TraceWorkerRequest);
  }, [source, settings]);
  return source ? state : { reply: null, busy: false };
}
