import { afterEach, describe, expect, it } from 'vitest';
import { runMeasure } from '../../src/cli/measure';
import { endpointUrl, measureEndpoint, sseEvents, type MeasureOptions } from '../../src/measure';
import { chatChunk, startServer, usageChunk, type Step, type TestServer } from './server';

/**
 * Hostile or broken servers (issue 9, section 3): the measurement must stay
 * linear and bounded, refuse redirects, not trust impossible usage counts,
 * and say why requests failed.
 */
let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const options = (url: string, extra: Partial<MeasureOptions> = {}): MeasureOptions => ({
  baseUrl: url, model: 'm', endpoint: 'chat', promptTokens: 16, outputTokens: 4, requests: 2, concurrency: 1,
  timeoutMs: 5000, ignoreEos: true, warmup: false, ...extra,
});

/** A normal answer of `chunks` content chunks whose usage says `completionTokens`. */
function answer(chunks: number, completionTokens: unknown): Step[] {
  const steps: Step[] = [];
  for (let k = 0; k < chunks; k++) steps.push({ afterMs: 5 + k, data: chatChunk('w') });
  steps.push({ afterMs: 5 + chunks, data: { ...(usageChunk(0) as object), usage: { prompt_tokens: 16, completion_tokens: completionTokens } } });
  steps.push({ afterMs: 6 + chunks, data: '[DONE]' }, { afterMs: 7 + chunks, end: true });
  return steps;
}

describe('the SSE reader is bounded', () => {
  it('a stream of bytes with no event boundary fails the request with the limit, instead of growing (and rescanning) a buffer', async () => {
    const block = 'x'.repeat(64 * 1024);
    server = await startServer(() => [{ afterMs: 1, raw: 'data: ' }, ...Array.from({ length: 40 }, (_, k) => ({ afterMs: 2 + k, raw: block })), { afterMs: 100, end: true }]);
    const out = await measureEndpoint(options(server.url, { requests: 1 }));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/more than 1,048,576 characters without ending an event: this is not a completion stream/);
  });

  it('one huge event sent at once fails the same way (it used to be timed as a 40 s TTFT)', async () => {
    server = await startServer(() => [{ afterMs: 1, raw: `data: ${JSON.stringify(chatChunk('y'.repeat(3_000_000)))}\n\n` }, { afterMs: 5, end: true }]);
    const out = await measureEndpoint(options(server.url, { requests: 1 }));
    expect(!out.ok && out.error).toMatch(/without ending an event/);
  });

  it('events split across reads at any byte, CRLF line ends and a last event without a blank line still parse', async () => {
    const text = 'data: a\r\n\r\n: comment\n\ndata: b\ndata: c\n\nevent: x\ndata: d';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const b of bytes) c.enqueue(new Uint8Array([b]));
        c.close();
      },
    });
    const got: string[] = [];
    for await (const e of sseEvents(body)) got.push(e.data);
    expect(got).toEqual(['a', 'b\nc', 'd']);
  });
});

describe('redirects are not followed', () => {
  it('a 302 to another place fails the run with the reason, and no GET is sent after it', async () => {
    server = await startServer((n, body) => (body.model ? { status: 302, body: '', headers: { location: `http://127.0.0.1:9/elsewhere?token=secret${n}` } } : answer(2, 2)));
    const out = await measureEndpoint(options(server.url));
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error).toMatch(/redirect \(HTTP 302 to http:\/\/127\.0\.0\.1:9\/elsewhere\); measurement requests do not follow redirects/);
      expect(out.error).not.toMatch(/secret/);
    }
    expect(server.received.map((r) => r.method)).toEqual(['POST']);
  });
});

describe('usage counts are checked against max_tokens and the chunks seen', () => {
  for (const [usage, reason] of [
    [1e18, /completion_tokens 1000000000000000000 is more than max_tokens 4/],
    [-7, /completion_tokens -7 is not a token count/],
    [2.5, /completion_tokens 2.5 is not a token count/],
    [1, /completion_tokens 1 is fewer than the 3 chunks with text/],
  ] as const) {
    it(`completion_tokens ${usage}: counted as chunks, with a warning`, async () => {
      server = await startServer(() => answer(3, usage));
      const out = await measureEndpoint(options(server.url));
      if (!out.ok) throw new Error(out.error);
      expect(out.run.requests.map((r) => r.outputTokens)).toEqual([3, 3]);
      expect(out.run.outputTokensFrom).toBe('chunks');
      expect(out.run.warnings.join(' ')).toMatch(reason);
    });
  }

  it('a believable count is used as is', async () => {
    server = await startServer(() => answer(3, 4));
    const out = await measureEndpoint(options(server.url));
    if (!out.ok) throw new Error(out.error);
    expect(out.run.requests.map((r) => r.outputTokens)).toEqual([4, 4]);
    expect(out.run.outputTokensFrom).toBe('usage');
    expect(out.run.warnings).toEqual([]);
  });
});

describe('failures say why', () => {
  it('an all-failed run is refused with the most common reasons (HTTP 500 with a body, 429, a JSON error with status 200, a mid-stream error)', async () => {
    const plans: (Step[] | { status: number; body: string })[] = [
      { status: 500, body: 'CUDA out of memory. Tried to allocate 2.00 GiB' },
      { status: 500, body: 'CUDA out of memory. Tried to allocate 2.00 GiB' },
      { status: 429, body: 'rate limited' },
      { status: 200, body: '{"error": {"message": "model is loading"}}' },
      [{ afterMs: 2, data: chatChunk('a') }, { afterMs: 4, data: { error: { message: 'engine died' } } }, { afterMs: 6, end: true }],
    ];
    server = await startServer((n) => plans[n]);
    const out = await measureEndpoint(options(server.url, { requests: 5 }));
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error).toMatch(/^all 5 requests failed: HTTP 500 Internal Server Error .*CUDA out of memory.* \(2 requests\); HTTP 429/);
      expect(out.error).toMatch(/server error: model is loading/);
    }
  });

  it('a timed-out warm-up stops the run at once (not requests × timeout later)', async () => {
    server = await startServer(() => [{ afterMs: 10_000, end: true }]);
    const out = await measureEndpoint(options(server.url, { requests: 20, timeoutMs: 150, warmup: true }));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/^the warm-up request timed out after 150 ms: the server accepted the request but did not finish answering/);
    expect(server.received).toHaveLength(1);
  });

  it('lab measure against a silent server says what it is doing, then why it stopped', async () => {
    server = await startServer(() => [{ afterMs: 10_000, end: true }]);
    const err: string[] = [];
    const code = await runMeasure(['--url', server.url, '--model', 'm', '--timeout-ms', '200'], () => undefined, (s) => err.push(s), {});
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^lab measure: a warm-up request, then 20 requests to http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(timeout 0\.2 s each\)…$/);
    expect(err[1]).toMatch(/^lab measure: the warm-up request timed out after 200 ms/);
  });
});

describe('the endpoint URL', () => {
  it('keeps a query string and adds /v1 to the path, not after the query', () => {
    expect(endpointUrl({ baseUrl: 'https://gw.example/openai?api-version=2024-06-01&key=a%2Fb', endpoint: 'chat' })).toBe('https://gw.example/openai/v1/chat/completions?api-version=2024-06-01&key=a%2Fb');
    expect(endpointUrl({ baseUrl: 'http://127.0.0.1:8000/v1/?x=1#frag', endpoint: 'completions' })).toBe('http://127.0.0.1:8000/v1/completions?x=1');
    expect(endpointUrl({ baseUrl: 'http://127.0.0.1:8000', endpoint: 'chat' })).toBe('http://127.0.0.1:8000/v1/chat/completions');
  });
});

describe('a server\'s text cannot drive the terminal', () => {
  // Clear the screen, set the window title, a C1 CSI and a right-to-left override.
  const hostile = 'boom\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eevil';
  it('lab measure prints an error page\'s escape codes as visible \\u escapes, text and JSON alike', async () => {
    server = await startServer(() => ({ status: 500, body: hostile }));
    for (const json of [false, true]) {
      const out: string[] = [];
      const err: string[] = [];
      const status = await runMeasure(['--url', server.url, '--model', 'm', '--requests', '1', '--prompt', '8', '--output', '2', ...(json ? ['--json'] : [])], (s) => out.push(s), (s) => err.push(s), {});
      expect(status).toBe(1);
      const printed = [...out, ...err].join('\n');
      expect(printed).toContain('boom');
      expect(printed).toContain('\\u001b[2J');
      expect(printed).toContain('\\u009b31m');
      // eslint-disable-next-line no-control-regex
      expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
  });
});
