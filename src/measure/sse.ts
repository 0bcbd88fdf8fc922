import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One server-sent event's data, with the time its bytes arrived. */
export interface SseEvent {
  /** The event's `data:` lines joined by newlines (`[DONE]` included). */
  data: string;
  /** `now()` when the read that completed this event resolved, ms. */
  atMs: number;
}

/** Limits of one stream: a completion stream's events are small, so a huge one means the stream is not one. */
export interface SseLimits {
  /** Most characters one event (its data plus an unfinished line) may hold. */
  maxEventChars: number;
}

/** Default limits: 1 Mi characters per event (a chunk of a completion stream is a few hundred). */
export const SSE_LIMITS: SseLimits = { maxEventChars: 1 << 20 };

/** A stream broke a limit of `SseLimits`; the message says which. */
export class SseLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SseLimitError';
  }
}

/**
 * Server-sent events of a response body, as they arrive. Each event is
 * stamped with the time the read that completed it returned, so chunk
 * timing is the client's, as vLLM and GenAI-Perf measure it. Parsing is
 * linear in the bytes received (eventsource-parser keeps an unfinished line
 * as fragments, never rescanning it), and an event longer than
 * `limits.maxEventChars` (a server streaming bytes with no event boundary)
 * throws `SseLimitError` instead of growing without end. Works with the web
 * ReadableStream of browsers and node 20's fetch.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>, now: () => number = () => performance.now(), limits: SseLimits = SSE_LIMITS): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const ready: EventSourceMessage[] = [];
  let overflow = false;
  const parser = createParser({
    onEvent: (e) => ready.push(e),
    onError: (e) => {
      if (e.type === 'max-buffer-size-exceeded') overflow = true;
    },
    maxBufferSize: limits.maxEventChars,
  });
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const atMs = now();
      if (done) {
        finished = true;
        break;
      }
      parser.feed(decoder.decode(value, { stream: true }));
      if (overflow) throw new SseLimitError(`the server sent more than ${limits.maxEventChars.toLocaleString('en-US')} characters without ending an event: this is not a completion stream`);
      for (const e of ready.splice(0)) yield { data: e.data, atMs };
    }
    // A last event the server did not end with a blank line still counts (browsers drop it; benchmark clients do not).
    parser.feed(`${decoder.decode()}\n\n`);
    const atMs = now();
    for (const e of ready.splice(0)) yield { data: e.data, atMs };
  } finally {
    // A consumer that stops early (on [DONE] or an error) must not leave the connection open.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
