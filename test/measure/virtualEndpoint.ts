import type { MeasureIo } from '../../src/measure';
import type { Step, WholeAnswer } from './server';

/**
 * A streaming endpoint on a virtual clock, for checking the measurement's
 * timing logic exactly: `fetch` answers at once and each planned step is
 * delivered at its planned virtual time, `now` reads that clock. Time moves
 * only when every request in flight is waiting for its next step, and then
 * straight to the earliest one, so a busy machine changes nothing.
 *
 * Streams are pull-based (a step is scheduled when the reader asks for more),
 * so a chunk is never read later than the clock said it was sent.
 */
export interface VirtualEndpoint extends Required<MeasureIo> {
  /** Requests received, in order: body, headers and virtual send time. */
  sent: { url: string; body: Record<string, unknown>; headers: Record<string, string>; atMs: number }[];
}

interface Pending {
  atMs: number;
  seq: number;
  fire: () => void;
}

export function virtualEndpoint(plan: (n: number, body: Record<string, unknown>) => Step[] | WholeAnswer): VirtualEndpoint {
  let clockMs = 0;
  let seq = 0;
  let pumping = false;
  const pending: Pending[] = [];
  const sent: VirtualEndpoint['sent'] = [];
  const encoder = new TextEncoder();

  // A macrotask, so every microtask chain (each request's read loop) has registered its next wait first.
  const pump = (): void => {
    if (pumping) return;
    pumping = true;
    setImmediate(() => {
      pumping = false;
      if (pending.length === 0) return;
      pending.sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
      const next = pending.shift()!;
      clockMs = Math.max(clockMs, next.atMs);
      next.fire();
      if (pending.length > 0) pump();
    });
  };
  const at = (atMs: number, fire: () => void): Pending => {
    const p = { atMs, seq: seq++, fire };
    pending.push(p);
    pump();
    return p;
  };
  const cancel = (p: Pending | null): void => {
    const i = p ? pending.indexOf(p) : -1;
    if (i >= 0) pending.splice(i, 1);
  };

  const fetchFn = async (url: string, init: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    const startMs = clockMs;
    sent.push({ url, body, headers: { ...(init.headers as Record<string, string>) }, atMs: startMs });
    const answer = plan(sent.length - 1, body);
    const signal = init.signal ?? null;
    const aborted = () => new DOMException('This operation was aborted', 'AbortError');
    if (signal?.aborted) throw aborted();
    if (!Array.isArray(answer)) return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
    let k = 0;
    let waiting: Pending | null = null;
    let fail: ((e: unknown) => void) | null = null;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          return new Promise<void>((resolve, reject) => {
            fail = reject;
            const step = answer[k++];
            // A plan with no further step never answers: only a timeout or Stop ends the request.
            if (!step) return;
            waiting = at(startMs + step.afterMs, () => {
              waiting = null;
              if ('end' in step) controller.close();
              else if ('destroy' in step) controller.error(new TypeError('terminated', { cause: new Error('other side closed') }));
              else if ('raw' in step) controller.enqueue(encoder.encode(step.raw));
              else controller.enqueue(encoder.encode(`data: ${typeof step.data === 'string' ? step.data : JSON.stringify(step.data)}\n\n`));
              resolve();
            });
          });
        },
      },
      { highWaterMark: 0 },
    );
    signal?.addEventListener('abort', () => {
      cancel(waiting);
      fail?.(aborted());
    }, { once: true });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { now: () => clockMs, fetch: fetchFn, sent };
}
