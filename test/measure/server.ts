import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible streaming server on 127.0.0.1 (random port) whose
 * timing the test controls. Each request is answered by `plan(n, body)`: a list
 * of steps, each sent `afterMs` after the request arrived, or later (never
 * sooner, and never with a shorter gap to the previous step) when timers lag.
 */
export type Step =
  | { afterMs: number; data: unknown } // one SSE event `data: <json>` (or a raw string)
  | { afterMs: number; destroy: true } // cut the connection
  | { afterMs: number; end: true } // end the response
  | { afterMs: number; raw: string }; // bytes as given (no SSE framing)

export interface Received {
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  method: string;
  url: string;
  /**
   * When each event was actually written, ms after the request arrived. Timers
   * fire late on a busy machine, so tests compare the client's measurement with
   * these actual times, and with the plan only loosely.
   */
  writtenMs: number[];
}

export interface TestServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Chat completion chunk with `content` (or role-only when content is null). */
export function chatChunk(content: string | null): unknown {
  return { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: content === null ? { role: 'assistant' } : { content }, finish_reason: null }] };
}

export function usageChunk(completionTokens: number, promptTokens = 11): unknown {
  return { id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } };
}

/** Steps of a steady stream: first chunk at `ttftMs`, then one every `gapMs`, each carrying `tokensPerChunk` tokens; usage last (unless `usage` is false). */
export function steady(opts: { ttftMs: number; gapMs: number; chunks: number; tokensPerChunk?: number; usage?: boolean; roleFirstAtMs?: number }): Step[] {
  const steps: Step[] = [];
  if (opts.roleFirstAtMs !== undefined) steps.push({ afterMs: opts.roleFirstAtMs, data: chatChunk(null) });
  for (let k = 0; k < opts.chunks; k++) steps.push({ afterMs: opts.ttftMs + k * opts.gapMs, data: chatChunk('w'.repeat(opts.tokensPerChunk ?? 1)) });
  const last = opts.ttftMs + (opts.chunks - 1) * opts.gapMs;
  steps.push({ afterMs: last + 1, data: chatChunk('') });
  if (opts.usage !== false) steps.push({ afterMs: last + 2, data: usageChunk(opts.chunks * (opts.tokensPerChunk ?? 1)) });
  steps.push({ afterMs: last + 3, data: '[DONE]' }, { afterMs: last + 4, end: true });
  return steps;
}

/** A whole (non-streamed) answer: status, body and extra headers (a redirect's Location, a content type). */
export interface WholeAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export async function startServer(plan: (n: number, body: Record<string, unknown>) => Step[] | WholeAnswer): Promise<TestServer> {
  const received: Received[] = [];
  const open = new Set<ServerResponse>();
  let n = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        // a bodyless or non-JSON request (a redirected GET): recorded with an empty body
      }
      const rec: Received = { body, headers: req.headers, method: req.method ?? '', url: req.url ?? '', writtenMs: [] };
      received.push(rec);
      const p = plan(n++, body);
      if (!Array.isArray(p)) {
        res.writeHead(p.status, { 'content-type': 'application/json', ...p.headers });
        res.end(p.body);
        return;
      }
      open.add(res);
      res.on('close', () => open.delete(res));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.flushHeaders();
      const t0 = performance.now();
      // Steps are chained, each timer set after the previous step ran, and waits the
      // planned gap since it: separate timers can fire out of order when the event loop
      // lags (a real server never reorders), and a late step must not shorten later gaps.
      const run = (k: number): void => {
        const step = p[k];
        if (!step || res.destroyed || res.writableEnded) return;
        const gapMs = step.afterMs - (k > 0 ? p[k - 1].afterMs : 0);
        setTimeout(() => {
          if (res.destroyed || res.writableEnded) return;
          if ('destroy' in step) res.destroy();
          else if ('end' in step) res.end();
          else if ('raw' in step) res.write(step.raw);
          else {
            rec.writtenMs.push(performance.now() - t0);
            res.write(`data: ${typeof step.data === 'string' ? step.data : JSON.stringify(step.data)}\n\n`);
          }
          run(k + 1);
        }, Math.max(0, gapMs));
      };
      run(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nobody listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
