import { afterEach, describe, expect, it } from 'vitest';
import { parseMeasureArgs, runMeasure } from '../../src/cli/measure';
import { closedPort, startServer, steady, type TestServer } from './server';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function cli(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMeasure(argv, (s) => out.push(s), (s) => err.push(s), env);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('lab measure', () => {
  it('bad options exit 2 with a message naming the option', async () => {
    const cases: [string[], RegExp][] = [
      [['--model', 'm'], /--url is required/],
      [['--url', 'http://127.0.0.1:1'], /--model is required/],
      [['--url', 'ftp://x', '--model', 'm'], /^lab measure: --url: expected an http/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--requests', 'many'], /^lab measure: --requests: "many" is not a decimal number/],
      [["--url", "http://127.0.0.1:1", "--model", "m", "--requests", "0x10"], /^lab measure: --requests: "0x10" is not a decimal number/],
      [["--url", "http://127.0.0.1:1", "--model", "m", "--ttft-slo", ""], /^lab measure: --ttft-slo: "" is not a decimal number/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--requests', '0'], /^lab measure: --requests: expected a whole number from 1 to 10000/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--concurrency', '1.5'], /^lab measure: --concurrency: expected a whole number/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--prompt'], /option --prompt needs a value/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--ttft-slo', '-5'], /--ttft-slo: "-5" must be ≥ 0 ms/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--endpoint', 'embeddings'], /--endpoint: "embeddings" is not chat or completions/],
      [['--url', 'http://127.0.0.1:1', '--model', 'm', '--colour'], /unknown option --colour/],
    ];
    for (const [argv, message] of cases) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });

  // The guard is against a hang (a refused connection must not wait for the request timeout), never a tolerance.
  it('a refused connection exits 1 with a clear message, without waiting for a timeout', { timeout: 30_000 }, async () => {
    const port = await closedPort();
    const r = await cli(['--url', `http://127.0.0.1:${port}`, '--model', 'm', '--requests', '2', '--timeout-ms', '600000']);
    expect(r.code).toBe(1);
    expect(r.err.split('\n').at(-1)).toBe(`lab measure: connection refused by http://127.0.0.1:${port}: is the server running, and is the URL right?`);
  });

  it('every request failing with an HTTP error exits 1 naming the error', async () => {
    server = await startServer(() => ({ status: 503, body: 'overloaded' }));
    const r = await cli(['--url', server.url, '--model', 'm', '--requests', '2']);
    expect(r.code).toBe(1);
    expect(r.err.split('\n').at(-1)).toMatch(/^lab measure: all 2 requests failed: HTTP 503 Service Unavailable .*: overloaded \(2 requests\)$/);
  });

  it('measures and prints JSON metrics; the key from LAB_API_KEY is sent but never printed', async () => {
    server = await startServer(() => steady({ ttftMs: 30, gapMs: 5, chunks: 4 }));
    const key = 'sk-never-print-me-42';
    const r = await cli(['--url', server.url, '--model', 'tiny', '--requests', '3', '--concurrency', '2', '--output', '4', '--json', '--tpot-slo', 'off'], { LAB_API_KEY: key });
    expect(r.code).toBe(0);
    expect(server.received[0].headers.authorization).toBe(`Bearer ${key}`);
    expect(r.out + r.err).not.toContain(key);
    const doc = JSON.parse(r.out);
    expect(doc.metrics.completed).toBe(3);
    expect(doc.metrics.ttftMs.p50).toBeGreaterThanOrEqual(29);
    expect(doc.slo).toEqual({ ttftMs: 500, tpotMs: null, e2eMs: null });
    expect(doc.outputTokensFrom).toBe('usage');
  });

  it('text output reads like predict', async () => {
    server = await startServer(() => steady({ ttftMs: 10, gapMs: 5, chunks: 3 }));
    const r = await cli(['--url', server.url, '--model', 'tiny', '--requests', '2', '--api-key', 'sk-secret-flag-77']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Endpoint {2}tiny at 127\.0\.0\.1:\d+\nCompleted 2 of 2 in /);
    expect(r.out).toMatch(/ {2}TTFT {2}mean/);
    expect(r.out).toMatch(/Goodput/);
    expect(r.out).not.toContain('sk-secret-flag-77');
  });

  it('--help', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/--api-key KEY/);
  });

  it('parses --flag=value and defaults', () => {
    const p = parseMeasureArgs(['--url=http://h:1', '--model=m', '--prompt=100'], {});
    expect(p.ok && p.args.options).toMatchObject({ baseUrl: 'http://h:1', model: 'm', promptTokens: 100, outputTokens: 64, requests: 20, concurrency: 1, endpoint: 'chat', ignoreEos: true });
  });
});
