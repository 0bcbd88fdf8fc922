import { useEffect, useRef, useState } from 'react';
import type { RequestTrace } from '../../import/trace';
import type { Settings } from '../../settings/schema';
import type { ReplayWorkerReply, ReplayWorkerRequest } from '../../traces/replayProtocol';

/** The newest reply for the asked trace and server, and whether a newer one is on its way. */
export interface ReplayState {
  reply: ReplayWorkerReply | null;
  busy: boolean;
}

let worker: Worker | null = null;
let nextId = 1;
const listeners = new Set<(r: ReplayWorkerReply) => void>();

/** The replay worker, made on first replay: nothing of it loads before one is asked for. */
function replayWorker(): Worker | null {
  if (worker) return worker;
  try {
    if (typeof Worker === 'undefined') return null;
    worker = new Worker(new URL('../../workers/replay.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-replay' });
  } catch {
    return null;
  }
  worker.addEventListener('message', (e: MessageEvent<ReplayWorkerReply>) => {
    for (const l of listeners) l(e.data);
  });
  worker.addEventListener('error', (e) => {
    for (const l of listeners) l({ id: nextId - 1, ok: false, param: 'worker', message: `the replay worker failed (${e.message || 'the script did not load'}); reload the page to try again` });
  });
  return worker;
}

/**
 * Replays `trace` on the server of `settings` in the replay worker whenever
 * either changes (nothing while `trace` is null); replies to older requests
 * are dropped. Where no worker can be made, it says so.
 */
export function useReplay(trace: RequestTrace | null, settings: Settings): ReplayState {
  const [state, setState] = useState<ReplayState>({ reply: null, busy: false });
  const asked = useRef(0);
  useEffect(() => {
    const onReply = (r: ReplayWorkerReply) => {
      if (r.id === asked.current) setState({ reply: r, busy: false });
    };
    listeners.add(onReply);
    return () => {
      listeners.delete(onReply);
    };
  }, []);
  useEffect(() => {
    if (!trace) return;
    const id = nextId++;
    asked.current = id;
    setState((s) => ({ reply: s.reply, busy: true }));
    const w = replayWorker();
    // A replay runs thousands of simulated requests: never on the page's thread.
    if (w) w.postMessage({ id, trace, settings } satisfies ReplayWorkerRequest);
    else setState({ reply: { id, ok: false, param: 'worker', message: 'this browser cannot start a worker, and a replay is too long to run on the page' }, busy: false });
  }, [trace, settings]);
  return trace ? state : { reply: null, busy: false };
}
