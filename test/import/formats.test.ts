import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeImportedMetrics, parseRunText, prepareRun, withDuration, withSlo, type ImportedRun } from '../../src/import';

/**
 * The fixtures describe the same hand-worked run in each tool's own shape:
 *   r0: sent 0 ms, chunks at 200, 250, 300, 400 ms after send, 4 tokens, prompt 10
 *   r1: sent 100 ms, chunks at 300, 400 ms (one chunk carries several tokens), 5 tokens, prompt 20
 *   r2: sent 200 ms, failed
 *   r3: sent 300 ms, one chunk at 500 ms, 1 token, prompt 30
 * By hand: TTFT [200, 300, 500] → mean 333.33, p50 300; E2E [400, 400, 500];
 * TPOT r0 = (400 − 200)/3 = 66.67, r1 = (400 − 300)/4 = 25, r3 excluded (1 token)
 * → mean 45.83; ITL pooled per chunk [50, 50, 100, 100] → mean 75, p50 75, p99 100;
 * 10 output tokens. SLO TTFT ≤ 300, TPOT ≤ 50: only r1 is good (TTFT exactly 300: inclusive).
 */
const SLO = { ttftMs: 300, tpotMs: 50, e2eMs: null };
const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

function load(name: string): ImportedRun {
  const r = parseRunText(fixture(name), { fileName: name });
  if (!r.ok) throw new Error(`${name}: ${r.error}`);
  return r.run;
}

function expectHandWorked(run: ImportedRun, expected: { durationS: number; itl: boolean; tpotMean?: number }) {
  const { metrics: m } = computeImportedMetrics(run, SLO);
  expect(m.completed).toBe(3);
  expect(m.rejected).toBe(1);
  expect(m.ttftMs.mean).toBeCloseTo(1000 / 3, 3);
  expect(m.ttftMs.p50).toBeCloseTo(300, 3);
  expect(m.e2eMs.mean).toBeCloseTo(1300 / 3, 3);
  expect(m.tpotMs.count).toBe(2);
  expect(m.tpotMs.mean).toBeCloseTo(expected.tpotMean ?? (200 / 3 + 25) / 2, 3);
  if (expected.itl) {
    expect(m.itlMs.count).toBe(4);
    expect(m.itlMs.mean).toBeCloseTo(75, 3);
    expect(m.itlMs.p50).toBeCloseTo(75, 3);
    expect(m.itlMs.p99).toBeCloseTo(100, 3);
  } else {
    expect(m.itlMs.count).toBe(0);
  }
  expect(m.durationS).toBeCloseTo(expected.durationS, 6);
  expect(m.outputTokPerSec).toBeCloseTo(10 / expected.durationS, 6);
  expect(m.requestsPerSec).toBeCloseTo(3 / expected.durationS, 6);
  expect(m.goodputReqPerSec).toBeCloseTo(1 / expected.durationS, 6);
  expect(m.sloMetShare).toBeCloseTo(1 / 3, 9);
  return m;
}

describe('import of each format reproduces the hand-worked run', () => {
  it('vLLM detailed result: duration is the file\'s wall clock, and the tool\'s own means agree', () => {
    const run = load('vllm-detailed.json');
    expect(run.format).toBe('vllm');
    expect(run.load).toEqual({ concurrency: 2, ratePerSec: Infinity });
    expect(run.requests.map((r) => r.sendMs)).toEqual([0, expect.closeTo(100, 6), expect.closeTo(200, 6), expect.closeTo(300, 6)]);
    expect(run.requests[2].error).toBe('Bad Request: HTTP 400');
    expectHandWorked(run, { durationS: 1, itl: true });
    const checks = computeImportedMetrics(run, SLO).crossChecks;
    expect(checks.length).toBeGreaterThan(3);
    expect(checks.every((c) => c.endsWith('(agree)'))).toBe(true);
  });

  it('GenAI-Perf profile export: role-only and empty responses are dropped, usage wins over chunk count, duration is last response − first request', () => {
    const run = load('genai-perf-profile_export.json');
    expect(run.format).toBe('genai-perf');
    expect(run.load.concurrency).toBe(2);
    expect(run.requests[0].ttftMs).toBeCloseTo(200, 3); // not 150: the role-only chunk is not a token
    expect(run.requests[0].outputTokens).toBe(4); // counted as chunks (no usage)
    expect(run.requests[1].outputTokens).toBe(5); // from usage.completion_tokens
    expect(run.requests[2].error).toMatch(/no response carried any content/);
    expect(run.outputTokensFrom).toBe('mixed');
    expect(run.warnings.join(' ')).toMatch(/counted as content chunks/);
    expectHandWorked(run, { durationS: 0.8, itl: true });
    expect(run.notes.join(' ')).toMatch(/inter token latency.*TPOT/);
  });

  it('AIPerf JSONL: warm-up records skipped, inter_chunk_latency pooled, duration max(start + latency) − first start', () => {
    const run = load('aiperf-profile_export.jsonl');
    expect(run.format).toBe('aiperf');
    expect(run.requests).toHaveLength(4);
    expect(run.requests[2].error).toMatch(/500 InternalServerError: Server encountered/);
    expect(run.notes.join(' ')).toMatch(/1 warm-up record/);
    expectHandWorked(run, { durationS: 0.8, itl: true });
  });

  it('llmperf individual responses: no chunk times (ITL empty), duration estimated from Σ E2E ÷ concurrency', () => {
    const run = load('llmperf_individual_responses.json');
    expect(run.format).toBe('llmperf');
    expect(run.requests.every((r) => r.sendMs === null)).toBe(true);
    expectHandWorked(run, { durationS: 1.3, itl: false });
    const two = parseRunText(fixture('llmperf_individual_responses.json'), { assumedConcurrency: 2 });
    expect(two.ok && two.run.durationS).toBeCloseTo(0.65, 9);
    expect(run.warnings.join(' ')).toMatch(/estimated/);
    // A known concurrency halves the estimated duration: rates double, latencies stay.
    const halved = withSlo(withDuration(prepareRun(run), 0.65), SLO);
    expect(halved.outputTokPerSec).toBeCloseTo(20 / 1.3, 9);
    expect(halved.goodputReqPerSec).toBeCloseTo(1 / 0.65, 9);
    expect(halved.ttftMs.p50).toBeCloseTo(300, 9);
  });

  it('lab CSV example: metadata lines, quoted error with a comma', () => {
    const run = load('lab-run.csv');
    expect(run.format).toBe('lab-csv');
    expect(run.label).toMatch(/hand-made example/);
    expect(run.load.concurrency).toBe(2);
    expect(run.requests[2].error).toBe('Bad Request: HTTP 400, prompt too long');
    expectHandWorked(run, { durationS: 1, itl: true });
  });
});

describe('metric definitions', () => {
  it('TPOT is per request then averaged (each request weighs the same), ITL is pooled per chunk (long requests weigh more)', () => {
    // One long request with 11 chunks 10 ms apart, one short with 2 chunks 100 ms apart.
    const csv = [
      'request_id,send_ms,ttft_ms,e2e_ms,output_tokens,input_tokens,chunk_ms,error',
      `long,0,100,200,11,,${Array.from({ length: 11 }, (_, k) => 100 + 10 * k).join(';')},`,
      'short,0,100,200,2,,100;200,',
    ].join('\n');
    const r = parseRunText(csv);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { metrics: m } = computeImportedMetrics(r.run, { ttftMs: null, tpotMs: null, e2eMs: null });
    expect(m.tpotMs.mean).toBeCloseTo((10 + 100) / 2, 9); // 55: per request
    expect(m.itlMs.mean).toBeCloseTo((10 * 10 + 100) / 11, 9); // 18.2: per chunk
    expect(m.goodputReqPerSec).toBe(m.requestsPerSec); // no SLO: every completed request is good
  });

  it('goodput is inclusive and a one-token request has TPOT 0 for goodput', () => {
    const csv = ['request_id,send_ms,ttft_ms,e2e_ms,output_tokens,input_tokens,chunk_ms,error', 'a,0,500,900,1,,,', 'b,0,500.001,900,1,,,'].join('\n');
    const r = parseRunText(csv);
    if (!r.ok) throw new Error(r.error);
    const { metrics: m } = computeImportedMetrics(r.run, { ttftMs: 500, tpotMs: 0, e2eMs: null });
    expect(m.sloMetShare).toBe(0.5);
    expect(m.tpotMs.count).toBe(0);
  });
});
