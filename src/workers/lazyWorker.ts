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

/**
 * A worker made when `release` is called; messages posted before wait for it. The page's
 * first run is usually simulated on the page itself, and its worker (the sweep's) then
 * starts only once the first readouts have painted: its script is no longer fetched and
 * compiled before them.
 */
export function heldWorker(make: () => WorkerLike): WorkerLike & { release(): void } {
  const inner = lazyWorker(make);
  let queue: Parameters<WorkerLike['postMessage']>[0][] | null = [];
  let terminated = false;
  return {
    postMessage: (message) => {
      if (queue) queue.push(message);
      else if (!terminated) inner.postMessage(message);
    },
    addEventListener: inner.addEventListener,
    terminate: () => {
      terminated = true;
      queue = null;
      inner.terminate();
    },
    release: () => {
      if (!queue || terminated) return;
      const waiting = queue;
      queue = null;
      for (const m of waiting) inner.postMessage(m);
    },
  };
}
