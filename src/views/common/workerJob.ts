/**
 * One long job at a time in a worker of its own, the newest answer kept: the
 * shape the replay (compare/useReplay.ts) and the trace section
 * (trace/useTraceRun.ts) share. The worker is made on the first request, so
 * nothing of it loads before one is asked for; each request carries an id,
 * and an answer to an older request than the newest is dropped, so a changed
 * input "cancels" the job before it (its answer never shows).
 */
import { useEffect, useRef, useState } from 'react';

/** What the channel needs of a Web Worker (a test passes its own). */
export interface WorkerLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
}

/** The newest reply for the asked input, and whether a newer one is on its way. */
export interface WorkerJobState<Rep> {
  reply: Rep | null;
  busy: boolean;
}

/**
 * A worker shared by every caller, made on first use, that answers each
 * request with a reply of the same id. A worker that fails, or cannot be
 * made, answers through `failed` with the reason.
 */
export class WorkerChannel<Req extends { id: number }, Rep extends { id: number }> {
  private worker: WorkerLike | null | undefined;
  private lastId = 0;
  private readonly listeners = new Set<(r: Rep) => void>();

  /**
   * `make` starts the worker (null, or a throw, when it cannot); `failed(id,
   * message)` is the reply that says it cannot answer; `what` names the job
   * in that message ("replay").
   */
  constructor(
    private readonly make: () => WorkerLike | null,
    private readonly failed: (id: number, message: string) => Rep,
    private readonly what: string,
  ) {}

  /** A new request id, newer than every one before. */
  nextId(): number {
    return ++this.lastId;
  }

  /** Hears every reply; returns how to stop. */
  listen(l: (r: Rep) => void): () => void {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  private tell(r: Rep) {
    for (const l of this.listeners) l(r);
  }

  private start(): WorkerLike | null {
    if (this.worker !== undefined) return this.worker;
    try {
      this.worker = this.make();
    } catch {
      this.worker = null;
    }
    this.worker?.addEventListener('message', (e: MessageEvent) => this.tell(e.data as Rep));
    this.worker?.addEventListener('error', (e: ErrorEvent) => this.tell(this.failed(this.lastId, `the ${this.what} worker failed (${e.message || 'the script did not load'}); reload the page to try again`)));
    return this.worker;
  }

  /** Sends `request` (its id from `nextId`); without a worker, the listeners hear why at once. */
  send(request: Req): void {
    const w = this.start();
    // A long job never runs on the page's thread.
    if (w) w.postMessage(request);
    else this.tell(this.failed(request.id, `this browser cannot start a worker, and a ${this.what} is too long to run on the page`));
  }
}

/**
 * Runs the job for `input` and `settings` on `channel` whenever either changes
 * (nothing while `input` is null), keeping the newest reply; `request` builds
 * the message for an id.
 */
export function useWorkerJob<In, S, Req extends { id: number }, Rep extends { id: number }>(
  channel: WorkerChannel<Req, Rep>,
  input: In | null,
  settings: S,
  request: (id: number, input: In, settings: S) => Req,
): WorkerJobState<Rep> {
  const [state, setState] = useState<WorkerJobState<Rep>>({ reply: null, busy: false });
  const asked = useRef(0);
  useEffect(
    () =>
      channel.listen((r) => {
        if (r.id === asked.current) setState({ reply: r, busy: false });
      }),
    [channel],
  );
  useEffect(() => {
    if (input === null) return;
    const id = channel.nextId();
    asked.current = id;
    setState((s) => ({ reply: s.reply, busy: true }));
    channel.send(request(id, input, settings));
    // `request` is a module-level builder: the job reruns when the input or the settings change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channel, input, settings]);
  return input !== null ? state : { reply: null, busy: false };
}
