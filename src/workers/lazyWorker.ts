import type { WorkerLike } from './simClientTypes';

/**
 * A worker made on its first message: a client that may never be used (the
 * pinned baseline's, until something is pinned) costs no thread and no fetch
 * of the worker script at load.
 */
export function lazyWorker(make: () => WorkerLike): WorkerLike {
  let real: WorkerLike | null = null;
  const listeners: [string, (event: never) => void][] = [];
  const ensure = (): WorkerLike => {
    if (real) return real;
    const w = make();
    for (const [type, l] of listeners) (w.addEventListener as (t: string, l: (event: never) => void) => void)(type, l);
    real = w;
    return w;
  };
  return {
    postMessage: (message) => ensure().postMessage(message),
    addEventListener: ((type: string, listener: (event: never) => void) => {
      listeners.push([type, listener]);
      if (real) (real.addEventListener as (t: string, l: (event: never) => void) => void)(type, listener);
    }) as WorkerLike['addEventListener'],
    terminate: () => real?.terminate(),
  };
}
