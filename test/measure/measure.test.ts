import { afterEach, describe, expect, it, vi } from 'vitest';
import { computeImportedMetrics } from '../../src/import';
import { measureEndpoint, type MeasureHooks, type MeasureOptions } from '../../src/measure';
import { closedPort, startServer, steady, type TestServer } from './server';
import { virtualEndpoint } from './virtualEndpoint';

/**
 * The timing logic (where the TTFT clock starts and stops, TPOT and ITL,
 * closed-loop sends, timeouts, Stop) is checked exactly on a virtual clock,
 * so a busy machine cannot move a figure. Over a real socket the checks are
 * what load cannot break: the client never times a token before the server
 * wrote it (both read the same clock), every token is counted, errors and
 * the wire format are right. No check bounds elapsed time.
 */
const NO_SLO = { ttftMs: null, tpotMs: null, e2eMs: null };
let server: TestServer | null = null;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = null;
});

const options = (url: string, extra: Partial<MeasureOptions> = {}): MeasureOptions => ({
  baseUrl: url, model: 'test-model', endpoint: 'chat', promptTokens: 32, outputTokens: 6, requests: 3, concurrency: 3,
  timeoutMs: 5000, ignoreEos: true, warmup: true, ...extra,
});

async function measure(o: MeasureOptions, hooks: MeasureHooks = {}) {
  const out = await measureEndpoint(o, hooks);
  if (!out.ok) throw new Error(out.error);
  return { run: out.run, m: computeImportedMetrics(out.run, NO_SLO).metrics };
}

/** Generous guard against a hang, never a tolerance: a test that needs it has failed anyway. */
const HANG_GUARD_MS = 30_000;
const URL_V = 'http://virtual.test';

describe('measurement timing on a virtual clock', () => {
  it('recovers TTFT 200 ms and 20 ms per token exactly; sends stream + include_usage + max_tokens + ignore_eos; warm-up discarded', async () => {
    const v = virtualEndpoint(() => steady({ ttftMs: 200, gapMs: 20, chunks: 6 }));
    const { run, m } = await measure(options(URL_V, { concurrency: 1 }), v);
    expect(v.sent).toHaveLength(4); // warm-up + 3
    expect(run.requests).toHaveLength(3);
    expect(run.format).toBe('live');
    expect(m.completed).toBe(3);
    expect(run.requests.map((r) => r.ttftMs)).toEqual([200, 200, 200]);
    expect(m.tpotMs.min).toBe(20);
    expect(m.tpotMs.max).toBe(20);
    expect(m.itlMs.count).toBe(3 * 5);
    expect(m.itlMs.min).toBe(20);
    expect(m.itlMs.max).toBe(20);
    expect(run.outputTokensFrom).toBe('usage');
    expect(run.requests[0].inputTokens).toBe(11); // usage.prompt_tokens
    const body = v.sent[1].body;
    expect(body).toMatchObject({ model: 'test-model', stream: true, stream_options: { include_usage: true }, max_tokens: 6, ignore_eos: true });
    expect(v.sent[1].url).toBe(`${URL_V}/v1/chat/completions`);
    expect((body.messages as { content: string }[])[0].content.split(' ').length).toBeGreaterThan(20);
  });

  it('chunks carrying several tokens: TPOT from usage (40 tokens over 10 chunks), ITL per chunk is larger', async () => {
    const v = virtualEndpoint(() => steady({ ttftMs: 100, gapMs: 40, chunks: 10, tokensPerChunk: 4 }));
    const { run, m } = await measure(options(URL_V, { requests: 2, concurrency: 2, outputTokens: 40 }), v);
    expect(run.requests.map((r) => r.outputTokens)).toEqual([40, 40]);
    // (E2E − TTFT) / (40 − 1) = 9 × 40 / 39 ms per token; 40 ms between chunks.
    expect(m.tpotMs.p50).toBeCloseTo((9 * 40) / 39, 9);
    expect(m.itlMs.p50).toBe(40);
    // Per request, 9 chunk gaps add up to the 39 token intervals: pooled mean ITL = mean TPOT × 39 / 9.
    expect(m.itlMs.mean).toBeCloseTo((m.tpotMs.mean * 39) / 9, 6);
  });

  it('a role-only first chunk does not start the TTFT clock', async () => {
    const v = virtualEndpoint(() => steady({ ttftMs: 150, gapMs: 10, chunks: 3, roleFirstAtMs: 5 }));
    const { run } = await measure(options(URL_V, { requests: 2, concurrency: 1, warmup: false }), v);
    expect(run.requests.map((r) => r.ttftMs)).toEqual([150, 150]);
  });

  it('a closed loop sends the next request when the last one ends: send times and duration follow the streams', async () => {
    // Each stream: first chunk at 100 ms, 5 chunks 10 ms apart; [DONE] 3 ms after the last ends the request at 143 ms.
    const v = virtualEndpoint(() => steady({ ttftMs: 100, gapMs: 10, chunks: 5 }));
    const { run } = await measure(options(URL_V, { requests: 6, concurrency: 2, warmup: false, outputTokens: 5 }), v);
    expect(run.requests.map((r) => r.sendMs)).toEqual([0, 0, 143, 143, 286, 286]);
    expect(run.durationS).toBeCloseTo(0.429, 12);
  });

  it('a request that exceeds the timeout fails as timed out; a run where every request failed is no run, and says why', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const v = virtualEndpoint(() => []); // accepts the request and never answers
    const outcome = measureEndpoint(options(URL_V, { requests: 1, concurrency: 1, timeoutMs: 200, warmup: false }), v);
    await vi.advanceTimersByTimeAsync(199);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled, 'still waiting 1 ms before the timeout').toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const out = await outcome;
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toBe('the request failed: timed out after 200 ms');
  });

  it('a warm-up that times out stops the run before any measured request is sent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const v = virtualEndpoint(() => []);
    const outcome = measureEndpoint(options(URL_V, { requests: 5, concurrency: 1, timeoutMs: 300 }), v);
    await vi.advanceTimersByTimeAsync(300);
    const out = await outcome;
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/^the warm-up request timed out after 300 ms: the server accepted the request/);
    expect(v.sent).toHaveLength(1);
  });

  it('stops on abort: requests in flight end, no new ones are sent, and the run says it stopped', async () => {
    const v = virtualEndpoint(() => steady({ ttftMs: 50, gapMs: 50, chunks: 20 }));
    const controller = new AbortController();
    const onProgress: MeasureHooks['onProgress'] = (p) => {
      if (p.finished >= 2) controller.abort();
    };
    const out = await measureEndpoint(options(URL_V, { requests: 50, concurrency: 2, warmup: false }), { ...v, signal: controller.signal, onProgress });
    expect(out.ok).toBe(true);
    if (out.ok) {
      expect(out.run.warnings.join(' ')).toMatch(/Stopped after \d+ of 50 requests/);
      expect(out.run.requests.length).toBeLessThan(50);
    }
    // The first two end together: the first to finish sends the third at once, the second's finish
    // brings Stop, so the third is stopped in flight and nothing is sent after it.
    expect(v.sent).toHaveLength(3);
    expect(out.ok && out.run.requests.find((r) => r.id === '2')?.error).toBe('stopped');
  });
});

describe('live measurement over a real local socket', () => {
  it('over a real socket: the first token is never timed before the server wrote it, and every token is counted', async () => {
    server = await startServer(() => steady({ ttftMs: 30, gapMs: 5, chunks: 6 }));
    const { run, m } = await measure(options(server.url, { concurrency: 1 }));
    expect(server.received).toHaveLength(4); // warm-up + 3
    expect(m.completed).toBe(3);
    // The client's clock starts before the server's (send precedes arrival) and both read one process's clock,
    // so the client's TTFT is at least the time the server took to write its first content chunk.
    run.requests.forEach((r, k) => expect(r.ttftMs).toBeGreaterThanOrEqual(server!.received[k + 1].writtenMs[0]));
    expect(m.itlMs.count).toBe(3 * 5);
    expect(run.requests.map((r) => r.chunkMs?.length)).toEqual([6, 6, 6]);
    expect(run.requests.map((r) => r.outputTokens)).toEqual([6, 6, 6]);
    expect(server.received[1].url).toBe('/v1/chat/completions');
    expect(server.received[1].body).toMatchObject({ stream: true, max_tokens: 6 });
  });

  it('no usage from the server: output tokens counted as chunks, flagged', async () => {
    server = await startServer(() => steady({ ttftMs: 20, gapMs: 10, chunks: 4, usage: false }));
    const { run } = await measure(options(server.url, { requests: 2, concurrency: 2 }));
    expect(run.outputTokensFrom).toBe('chunks');
    expect(run.requests[0].outputTokens).toBe(4);
    expect(run.warnings.join(' ')).toMatch(/counted as chunks/);
  });

  it('a server error mid-stream fails that request with a clear message; the others still count', async () => {
    server = await startServer((n) => {
      if (n === 2) return [...steady({ ttftMs: 20, gapMs: 10, chunks: 2 }).slice(0, 2), { afterMs: 40, data: { error: { message: 'out of KV cache', code: 500 } } }, { afterMs: 45, end: true }];
      if (n === 3) return [...steady({ ttftMs: 20, gapMs: 10, chunks: 3 }).slice(0, 2), { afterMs: 40, destroy: true }];
      return steady({ ttftMs: 20, gapMs: 10, chunks: 3 });
    });
    const { run, m } = await measure(options(server.url, { requests: 4, concurrency: 1 }));
    expect(m.completed).toBe(2);
    expect(m.rejected).toBe(2);
    const errors = run.requests.map((r) => r.error).filter(Boolean);
    expect(errors[0]).toMatch(/server error mid-stream after 2 chunks: out of KV cache/);
    expect(errors[1]).toMatch(/stream broke off after 2 chunks/);
    expect(run.warnings.join(' ')).toMatch(/2 of 4 requests failed/);
  });

  it('an HTTP error is reported with status and body', async () => {
    server = await startServer((n) => (n !== 1 ? steady({ ttftMs: 5, gapMs: 5, chunks: 2 }) : { status: 500, body: '{"error":{"message":"boom"}}' }));
    const { run } = await measure(options(server.url, { requests: 2, concurrency: 1 }));
    expect(run.requests[0].error).toMatch(/^HTTP 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: \{"error":\{"message":"boom"\}\}/);
    expect(run.warnings.join(' ')).toMatch(/1 of 2 requests failed; .* HTTP 500 Internal Server Error/);
  });

  it('a refused connection gives a clear message and no hang', { timeout: HANG_GUARD_MS }, async () => {
    const port = await closedPort();
    const out = await measureEndpoint(options(`http://127.0.0.1:${port}`));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toBe(`connection refused by http://127.0.0.1:${port}: is the server running, and is the URL right?`);
  });

  it('sends the API key only as a bearer header, never in the URL, and never echoes it in messages', async () => {
    const key = 'sk-test-SECRET-123456';
    server = await startServer(() => ({ status: 401, body: `{"error":{"message":"invalid key ${key}"}}` }));
    const out = await measureEndpoint(options(server.url, { apiKey: key }));
    expect(server.received[0].headers.authorization).toBe(`Bearer ${key}`);
    expect(server.received[0].url).not.toContain(key);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error).toMatch(/^HTTP 401/);
      expect(out.error).not.toContain(key);
      expect(out.error).toContain('***');
    }
  });

  it('completions endpoint sends a prompt instead of messages', async () => {
    server = await startServer(() => steady({ ttftMs: 5, gapMs: 5, chunks: 2 }).map((s) => ('data' in s && typeof s.data === 'object' && s.data !== null && 'choices' in s.data ? { ...s, data: { ...(s.data as object), object: 'text_completion', choices: (s.data as { choices: { delta: { content?: string } }[] }).choices.map((c) => ({ index: 0, text: c.delta.content ?? '' })) } } : s)));
    const { m } = await measure(options(`${server.url}/v1/`, { endpoint: 'completions', requests: 1, concurrency: 1, ignoreEos: false }));
    expect(server.received[1].url).toBe('/v1/completions');
    expect(typeof server.received[1].body.prompt).toBe('string');
    expect('ignore_eos' in server.received[1].body).toBe(false);
    expect(m.completed).toBe(1);
  });
});
