/** One server-sent event's data, with the time its bytes arrived. */
export interface SseEvent {
  /** The event's `data:` lines joined by newlines (`[DONE]` included). */
  data: string;
  /** `now()` when the read that completed this event resolved, ms. */
  atMs: number;
}

/**
 * Server-sent events of a response body, as they arrive. Each event is
 * stamped with the time the read that completed it returned, so chunk
 * timing is the client's, as vLLM and GenAI-Perf measure it. Works with the
 * web ReadableStream of both browsers and node 20's fetch.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>, now: () => number = () => performance.now()): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const atMs = now();
      if (done) {
        finished = true;
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      // Events end at a blank line; normalise CRLF so one rule finds them.
      if (buffer.includes('\r')) buffer = buffer.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = dataOf(block);
        if (data !== null) yield { data, atMs };
      }
    }
    const tail = dataOf(buffer + decoder.decode());
    if (tail !== null) yield { data: tail, atMs: now() };
  } finally {
    // A consumer that stops early (on [DONE] or an error) must not leave the connection open.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The data of one event block, or null when it has none (comments, `event:` only). */
function dataOf(block: string): string | null {
  const lines: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('data:')) lines.push(line.slice(line[5] === ' ' ? 6 : 5));
  }
  return lines.length > 0 ? lines.join('\n') : null;
}
