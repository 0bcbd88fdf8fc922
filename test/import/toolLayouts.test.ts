import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeImportedMetrics, parseRunFiles, parseRunText, withAssumedConcurrency, type ImportedRun } from '../../src/import';

/**
 * Layouts real tools write that the first importer missed (issue 9, section 2),
 * on our own small fixtures in the same formats: a GenAI-Perf run made without
 * --streaming, AIPerf's pre-release JSONL layout, and an llmperf responses file
 * with the summary written beside it.
 */
const fixture = (name: string): string => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const NO_SLO = { ttftMs: null, tpotMs: null, e2eMs: null };

function imported(name: string): ImportedRun {
  const r = parseRunText(fixture(name), { fileName: name });
  if (!r.ok) throw new Error(r.error);
  return r.run;
}

describe('GenAI-Perf without --streaming (each response one chat.completion body)', () => {
  const run = imported('genai-perf-unstreamed_profile_export.json');
  const m = computeImportedMetrics(run, { ttftMs: 1000, tpotMs: 1, e2eMs: null }).metrics;

  it('imports every request as one whole response: TTFT = E2E = the request latency, as GenAI-Perf reports it', () => {
    expect(m.completed).toBe(3);
    expect(m.rejected).toBe(0);
    expect(run.requests.map((r) => r.ttftMs)).toEqual([1200, 800, 1500].map((x) => expect.closeTo(x, 3)));
    expect(run.requests.map((r) => r.e2eMs)).toEqual(run.requests.map((r) => r.ttftMs));
    expect(m.ttftMs.mean).toBeCloseTo((1200 + 800 + 1500) / 3, 3);
  });

  it('takes output tokens from the body\'s usage and the duration as GenAI-Perf does (last response − first request)', () => {
    expect(run.outputTokensFrom).toBe('usage');
    expect(run.requests.map((r) => r.outputTokens)).toEqual([5, 4, 10]);
    expect(m.durationS).toBeCloseTo(2.7, 6);
    expect(m.requestsPerSec).toBeCloseTo(3 / 2.7, 6);
    expect(m.outputTokPerSec).toBeCloseTo(19 / 2.7, 6);
    expect(run.load.concurrency).toBe(2);
  });

  it('says the run was not streamed, and has no TPOT or ITL (not a TPOT of 0 that meets any target)', () => {
    expect(run.streamed).toBe(false);
    expect(run.warnings.join(' ')).toMatch(/not streamed/);
    expect(m.tpotMs.count).toBe(0);
    expect(m.itlMs.count).toBe(0);
    // The TPOT target (1 ms) is not judged; the TTFT target (1000 ms) is met by one of three.
    expect(m.sloMetShare).toBeCloseTo(1 / 3, 9);
  });
});

describe('AIPerf pre-release JSONL layout (metadata.timestamp_ns, credit_phase, metrics.ttft)', () => {
  const run = imported('aiperf-prerelease_profile_export.jsonl');
  const m = computeImportedMetrics(run, NO_SLO).metrics;

  it('reads it, names the layout, and skips warm-up records', () => {
    expect(run.format).toBe('aiperf');
    expect(run.notes.join(' ')).toMatch(/pre-release AIPerf record layout/);
    expect(run.notes.join(' ')).toMatch(/1 warm-up record/);
    expect(m.completed).toBe(2);
    expect(m.rejected).toBe(1);
    expect(run.requests.find((r) => r.error)?.error).toMatch(/^499 RequestCancellationError/);
  });

  it('uses ttft, the chunk gaps and output_sequence_length; duration = last response − first request start', () => {
    expect(m.ttftMs.mean).toBeCloseTo(125, 9);
    expect(run.requests.filter((r) => !r.error).map((r) => r.outputTokens)).toEqual([4, 3]);
    expect(m.itlMs.count).toBe(5);
    expect(m.itlMs.mean).toBeCloseTo(400 / 5, 9);
    expect(m.tpotMs.mean).toBeCloseTo(((400 - 100) / 3 + (250 - 150) / 2) / 2, 9);
    // The cancelled record started first (T); r-a ended last at T + 1 ms + 400 ms.
    expect(m.durationS).toBeCloseTo(0.401, 6);
  });
});

describe('llmperf individual responses with the summary beside them', () => {
  const responses = { name: 'llmperf-c2_individual_responses.json', text: fixture('llmperf-c2_individual_responses.json') };
  const summary = { name: 'llmperf-c2_summary.json', text: fixture('llmperf-c2_summary.json') };

  it('takes the summary\'s duration and concurrency, and the estimation warning goes away', () => {
    const groups = parseRunFiles([summary, responses]);
    expect(groups).toHaveLength(1);
    expect(groups[0].files).toEqual([responses.name, summary.name]);
    const r = groups[0].result;
    if (!r.ok) throw new Error(r.error);
    expect(r.run.durationS).toBeCloseTo(2.5, 9);
    expect(r.run.durationEstimated).toBe(false);
    expect(r.run.load.concurrency).toBe(2);
    expect(r.run.warnings.join(' ')).not.toMatch(/estimated/i);
    const m = computeImportedMetrics(r.run, NO_SLO);
    expect(m.metrics.outputTokPerSec).toBeCloseTo(75 / 2.5, 9);
    expect(m.crossChecks.every((c) => c.endsWith('(agree)'))).toBe(true);
    expect(m.crossChecks).toHaveLength(4);
  });

  it('pairs by name stem among several files, and a summary alone is refused with the advice', () => {
    const a = { name: 'a_individual_responses.json', text: responses.text };
    const b = { name: 'b_individual_responses.json', text: responses.text };
    const groups = parseRunFiles([a, b, { name: 'b_summary.json', text: summary.text }, { name: 'x.csv', text: fixture('lab-run.csv') }]);
    expect(groups.map((g) => g.files)).toEqual([[a.name], [b.name, 'b_summary.json'], ['x.csv']]);
    expect(groups.map((g) => g.result.ok && g.result.run.durationEstimated === true)).toEqual([true, false, false]);
    const [alone] = parseRunFiles([summary]);
    expect(!alone.result.ok && alone.result.error).toMatch(/summary file .* import the matching \*_individual_responses\.json instead, or both files together/);
  });

  it('refuses a summary that belongs to another run (different completed count)', () => {
    const other = JSON.parse(fixture('llmperf-c2_summary.json'));
    other.results_num_completed_requests = 7;
    const [g] = parseRunFiles([responses, { name: 'llmperf-c2_summary.json', text: JSON.stringify(other) }]);
    expect(!g.result.ok && g.result.error).toMatch(/says 7 requests completed, but the responses file has 3/);
  });

  it('without the summary the duration is estimated and the warning says how; a given concurrency updates the warning', () => {
    const run = imported('llmperf-c2_individual_responses.json');
    expect(run.durationEstimated).toBe(true);
    expect(run.durationS).toBeCloseTo(1.0 + 1.4 + 1.2, 9);
    expect(run.warnings.join(' ')).toMatch(/Σ E2E ÷ 1 \(one request at a time assumed\)/);
    const two = withAssumedConcurrency(run, 2);
    expect(two.durationS).toBeCloseTo(1.8, 9);
    expect(two.warnings.join(' ')).toMatch(/Σ E2E ÷ 2 \(the concurrency given\)/);
    expect(two.warnings.join(' ')).not.toMatch(/Set the run's concurrency/);
    expect(two.warnings).toHaveLength(2);
  });
});
