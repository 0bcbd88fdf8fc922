import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { customWorkload } from '../../src/engine/workloads';
import type { RunMetrics, Scenario, Stats } from '../../src/engine/types';
import { runResultToRun, runToCsv, runToJson, simulatedRun } from '../../src/export';
import { computeImportedMetrics, parseRunText } from '../../src/import';

const SLO = { ttftMs: 500, tpotMs: 40, e2eMs: null };

function scenario(users: number, requests: number, kvCapacityTokens?: number): Scenario {
  const server = lessonProfile();
  return {
    workload: customWorkload(300, 40, 0.5),
    server: kvCapacityTokens ? { ...server, kvCapacityTokens } : server,
    load: { kind: 'closed', users, thinkMs: 0 },
    slo: SLO,
    requests,
    seed: 3,
    chunkedPrefill: false,
    networkRttMs: 40,
  };
}

function expectStatsClose(a: Stats, b: Stats, digits = 2) {
  expect(a.count).toBe(b.count);
  for (const k of ['mean', 'p50', 'p90', 'p95', 'p99', 'min', 'max'] as const) expect(a[k]).toBeCloseTo(b[k], digits);
}

function expectSameMetrics(a: RunMetrics, b: RunMetrics) {
  expect(a.completed).toBe(b.completed);
  expect(a.rejected).toBe(b.rejected);
  expect(a.durationS).toBeCloseTo(b.durationS, 9);
  expectStatsClose(a.ttftMs, b.ttftMs);
  expectStatsClose(a.tpotMs, b.tpotMs);
  expectStatsClose(a.itlMs, b.itlMs);
  expectStatsClose(a.e2eMs, b.e2eMs);
  expect(a.outputTokPerSec).toBeCloseTo(b.outputTokPerSec, 6);
  expect(a.requestsPerSec).toBeCloseTo(b.requestsPerSec, 6);
  expect(a.goodputReqPerSec).toBeCloseTo(b.goodputReqPerSec, 6);
}

describe('export → import round trip', () => {
  it('a simulated run exported as CSV imports with the engine\'s own metrics (TTFT, TPOT, ITL, E2E, throughput, goodput)', () => {
    const result = simulate(scenario(8, 60));
    const csv = runToCsv(runResultToRun(result, 'sim, 8 users'));
    const back = parseRunText(csv);
    if (!back.ok) throw new Error(back.error);
    expect(back.run.label).toBe('sim, 8 users');
    expect(back.run.load.concurrency).toBe(8);
    expectSameMetrics(computeImportedMetrics(back.run, SLO).metrics, result.metrics);
  });

  it('rejected requests survive as failed rows', () => {
    // KV capacity below the largest request (300 × 1.5 + 40 × 1.5 = 510 tokens) rejects some.
    const result = simulate(scenario(2, 40, 480));
    expect(result.metrics.rejected).toBeGreaterThan(0);
    const back = parseRunText(runToCsv(runResultToRun(result)));
    if (!back.ok) throw new Error(back.error);
    const m = computeImportedMetrics(back.run, SLO).metrics;
    expect(m.rejected).toBe(result.metrics.rejected);
    expect(m.completed).toBe(result.metrics.completed);
    expect(back.run.requests.find((r) => r.error)?.error).toMatch(/rejected/);
  });

  it('an imported run exported as CSV and as JSON imports back identical', () => {
    for (const name of ['vllm-detailed.json', 'genai-perf-profile_export.json', 'aiperf-profile_export.jsonl', 'llmperf_individual_responses.json']) {
      const first = parseRunText(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
      if (!first.ok) throw new Error(first.error);
      const m1 = computeImportedMetrics(first.run, SLO).metrics;
      for (const text of [runToCsv(first.run), runToJson(first.run, m1)]) {
        const again = parseRunText(text);
        if (!again.ok) throw new Error(`${name}: ${again.error}`);
        expect(again.run.requests).toHaveLength(first.run.requests.length);
        expect(again.run.load).toEqual(first.run.load);
        expect(again.run.outputTokensFrom).toBe(first.run.outputTokensFrom);
        expectSameMetrics(computeImportedMetrics(again.run, SLO).metrics, m1);
      }
    }
  });

  it('CSV without send times or duration still imports (duration estimated, flagged)', () => {
    const run = simulatedRun(simulate(scenario(1, 5)).requests);
    const csv = runToCsv({ ...run, requests: run.requests.map((r) => ({ ...r, sendMs: null })) }).replace(/^# duration_s:.*\n/m, '');
    const back = parseRunText(csv);
    if (!back.ok) throw new Error(back.error);
    expect(back.run.warnings.join(' ')).toMatch(/estimated/);
    expect(back.run.requests.every((r) => r.chunkMs === null)).toBe(true);
  });

  it('JSON keeps an infinite rate', () => {
    const run = { ...simulatedRun(simulate(scenario(1, 3)).requests), load: { concurrency: null, ratePerSec: Infinity } };
    const back = parseRunText(runToJson(run));
    expect(back.ok && back.run.load.ratePerSec).toBe(Infinity);
    const backCsv = parseRunText(runToCsv(run));
    expect(backCsv.ok && backCsv.run.load.ratePerSec).toBe(Infinity);
  });

  it('error messages with commas, quotes and line breaks stay one CSV cell', () => {
    const run = simulatedRun(simulate(scenario(1, 2)).requests);
    run.requests[1] = { ...run.requests[1], error: 'HTTP 500: "oops",\nretry later' };
    const back = parseRunText(runToCsv(run));
    if (!back.ok) throw new Error(back.error);
    expect(back.run.requests[1].error).toBe('HTTP 500: "oops", retry later');
  });
});
