import { afterEach, describe, expect, it } from 'vitest';
import { computeImportedMetrics } from '../../src/import';
import { measureEndpoint, type MeasureOptions } from '../../src/measure';
import { closedPort, startServer, steady, type TestServer } from './server';

/**
 * A local server streams with known timing; the measurement must recover it.
 * On a loaded machine the server's timers fire late and the client's reads
 * lag, so the checks are: never earlier than planned (the clock starts at the
 * send and stops at the first content chunk, not at a role-only chunk), and
 * within 15 ms + 15% (TTFT) or ±15% (TPOT, ITL) of what the server actually
 * sent, as it recorded its own write times.
 */
const NO_SLO = { ttftMs: null, tpotMs: null, e2eMs: null };
let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const options = (url: string, extra: Partial<MeasureOptions> = {}): MeasureOptions => ({
  baseUrl: url, model: 'test-model', endpoint: 'chat', promptTokens: 32, outputTokens: 6, requests: 3, concurrency: 3,
  timeoutMs: 5000, ignoreEos: true, warmup: true, ...extra,
});

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Median actual TTFT and TPOT the server produced, from its write times (content chunks at `first`.. `first + chunks − 1`). */
function actual(from: number, chunks: number, tokens: number, first = 0) {
  const recs = server!.received.slice(from);
  return {
    ttftMs: median(recs.map((r) => r.writtenMs[first])),
    tpotMs: median(recs.map((r) => (r.writtenMs[first + chunks - 1] - r.writtenMs[first]) / (tokens - 1))),
    itlMs: median(recs.flatMap((r) => r.writtenMs.slice(first + 1, first + chunks).map((t, k) => t - r.writtenMs[first + k]))),
  };
}
/** Measured TTFT: at least what the server took, at most 15 ms + 15% more (request and delivery overhead). */
const nearTtft = (measured: number, serverMs: number) => {
  expect(measured).toBeGreaterThanOrEqual(serverMs - 1);
  expect(measured).toBeLessThanOrEqual(serverMs + 15 + 0.15 * serverMs);
};
const within = (x: number, target: number, rel: number) => {
  expect(x).toBeGreaterThanOrEqual(target * (1 - rel));
  expect(x).toBeLessThanOrEqual(target * (1 + rel));
};

async function measure(o: MeasureOptions) {
  const out = await measureEndpoint(o);
  if (!out.ok) throw new Error(out.error);
  return { run: out.run, m: computeImportedMetrics(out.run, NO_SLO).metrics };
}

describe('live measurement against a local streaming server', () => {
  it('recovers TTFT 200 ms and 20 ms per token; sends stream + include_usage + max_tokens + ignore_eos; warm-up discarded', async () => {
    server = await startServer(() => steady({ ttftMs: 200, gapMs: 20, chunks: 6 }));
    const { run, m } = await measure(options(server.url, { concurrency: 1 }));
    expect(server.received).toHaveLength(4); // warm-up + 3
    expect(run.requests).toHaveLength(3);
    expect(run.format).toBe('live');
    expect(m.completed).toBe(3);
    const truth = actual(1, 6, 6);
    nearTtft(m.ttftMs.p50, truth.ttftMs);
    expect(m.ttftMs.min).toBeGreaterThanOrEqual(199);
    within(m.tpotMs.p50, truth.tpotMs, 0.15);
    expect(m.itlMs.count).toBe(3 * 5);
    expect(run.outputTokensFrom).toBe('usage');
    expect(run.requests[0].inputTokens).toBe(11); // usage.prompt_tokens
    const body = server.received[1].body;
    expect(body).toMatchObject({ model: 'test-model', stream: true, stream_options: { include_usage: true }, max_tokens: 6, ignore_eos: true });
    expect(server.received[1].url).toBe('/v1/chat/completions');
    expect((body.messages as { content: string }[])[0].content.split(' ').length).toBeGreaterThan(20);
  });

  it('chunks carrying several tokens: TPOT from usage (40 tokens over 10 chunks), ITL per chunk is larger', async () => {
    server = await startServer(() => steady({ ttftMs: 100, gapMs: 40, chunks: 10, tokensPerChunk: 4 }));
    const { run, m } = await measure(options(server.url, { requests: 2, concurrency: 2, outputTokens: 40 }));
    expect(run.requests.map((r) => r.outputTokens)).toEqual([40, 40]);
    // Planned: (E2E − TTFT) / (40 − 1) = 9 × 40 / 39 = 9.2 ms per token, 40 ms per chunk.
    const truth = actual(1, 10, 40);
    within(m.tpotMs.p50, truth.tpotMs, 0.15);
    within(m.itlMs.p50, truth.itlMs, 0.15);
    // Per request, 9 chunk gaps add up to the 39 token intervals: pooled mean ITL = mean TPOT × 39 / 9.
    expect(m.itlMs.mean).toBeCloseTo((m.tpotMs.mean * 39) / 9, 6);
  });

  it('a role-only first chunk does not start the TTFT clock', async () => {
    server = await startServer(() => steady({ ttftMs: 150, gapMs: 10, chunks: 3, roleFirstAtMs: 5 }));
    const { m } = await measure(options(server.url, { requests: 2, concurrency: 1, warmup: false }));
    // writtenMs[0] is the role-only chunk at 5 ms; the first content chunk is writtenMs[1].
    nearTtft(m.ttftMs.p50, actual(0, 3, 3, 1).ttftMs);
    expect(m.ttftMs.min).toBeGreaterThanOrEqual(149);
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

  it('a refused connection gives a clear message and no hang', async () => {
    const port = await closedPort();
    const t0 = Date.now();
    const out = await measureEndpoint(options(`http://127.0.0.1:${port}`));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toBe(`connection refused by http://127.0.0.1:${port}: is the server running, and is the URL right?`);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('a request that exceeds the timeout fails as timed out; a run where every request failed is no run, and says why', async () => {
    server = await startServer(() => [{ afterMs: 5000, end: true }]);
    const out = await measureEndpoint(options(server.url, { requests: 1, concurrency: 1, timeoutMs: 200, warmup: false }));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toBe('the request failed: timed out after 200 ms');
  });

  it('stops on abort', async () => {
    server = await startServer(() => steady({ ttftMs: 50, gapMs: 50, chunks: 20 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const t0 = Date.now();
    const out = await measureEndpoint(options(server.url, { requests: 50, concurrency: 2, warmup: false }), { signal: controller.signal });
    expect(Date.now() - t0).toBeLessThan(2000);
    if (out.ok) expect(out.run.warnings.join(' ')).toMatch(/Stopped after/);
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
