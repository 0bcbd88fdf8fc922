// A measured run replayed on the lab's server (issue 20): each request at its own recorded
// send time, with its own lengths; an llmperf run (no send times) as the closed loop of its users it
// was sent by, or refused with the reason when its concurrency is unknown.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { prepareRun } from '../../src/import/metrics';
import { withAssumedConcurrency } from '../../src/import/llmperf';
import { parseRunFiles, parseRunText } from '../../src/import/parse';
import { closedLoopText, traceFromRun } from '../../src/import/replay';
import type { ImportedRun } from '../../src/import/types';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { replayOnServer, replayScenario } from '../../src/traces/replayRun';

const FIXTURE = 'replay-vllm_llama-3.1-8b_h100.json';
const fixtureText = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
const run = (name: string): ImportedRun => {
  const r = parseRunText(fixtureText(name), { fileName: name });
  if (!r.ok) throw new Error(r.error);
  return r.run;
};
const h100: Settings = { ...DEFAULT_SETTINGS, server: 'hardware', model: 'llama-3.1-8b', gpu: 'h100-sxm', engine: 'vllm' };

describe('a measured run, replayed', () => {
  it('sends each request at its own recorded time (in order) with its own prompt and output lengths', () => {
    const file = JSON.parse(fixtureText(FIXTURE)) as { start_times: number[]; input_lens: number[]; output_lens: number[] };
    const t = traceFromRun(run(FIXTURE), 100);
    if (!t.ok) throw new Error(t.error);
    const built = replayScenario(t.trace, { ...h100, warmup: 5, window: 'steady', requests: 3 });
    if (!built.ok) throw new Error(built.message);
    const records = [...simulate(built.scenario).requests].sort((a, b) => a.id - b.id);
    // The file's own send times (perf_counter seconds), rebased to the first send: the fixture's start_times are in send order.
    const sent = file.start_times.map((s) => s - file.start_times[0]);
    expect(records.length).toBe(sent.length);
    records.forEach((r, i) => {
      expect(r.sendS).toBeCloseTo(sent[i], 9);
      if (i > 0) expect(r.sendS).toBeGreaterThanOrEqual(records[i - 1].sendS);
    });
    expect(records.map((r) => r.promptTokens)).toEqual(file.input_lens);
    expect(records.map((r) => r.outputTokens)).toEqual(file.output_lens);
    // Every request is measured, as the tool counted them: no warm-up, the whole window, whatever the lab is set to.
    expect(built.scenario.window).toBeUndefined();
    expect(built.scenario.requests).toBe(sent.length);
  });

  it.each([
    // Hand-read from the fixtures: profiling requests sent 0, 100, 200, 300 ms after the first; the third failed.
    ['aiperf-profile_export.jsonl', [10, 20, 30]],
    // GenAI-Perf records no prompt lengths: they take the fallback (100), with a note.
    ['genai-perf-profile_export.json', [100, 100, 100]],
  ])('%s: each completed request is sent at its own recorded time with its lengths', (name, prompts) => {
    const t = traceFromRun(run(name), 100);
    if (!t.ok) throw new Error(t.error);
    const built = replayScenario(t.trace, h100);
    if (!built.ok) throw new Error(built.message);
    const records = [...simulate(built.scenario).requests].sort((a, b) => a.id - b.id);
    expect(records.map((r) => r.sendS)).toEqual([0, 0.1, 0.3]);
    expect(records.map((r) => r.promptTokens)).toEqual(prompts);
    expect(records.map((r) => r.outputTokens)).toEqual([4, 5, 1]);
    expect(t.trace.notes[0]).toBe('1 failed request left out (no answer to replay).');
  });

  it('requests out of order in the file are replayed in send order, each keeping its own lengths', () => {
    const text = JSON.stringify({
      duration: 2, ttfts: [0.1, 0.1, 0.1], itls: [[0.01], [0.01, 0.01], [0.01, 0.01, 0.01]], output_lens: [2, 3, 4], input_lens: [30, 10, 20],
      start_times: [50.5, 50, 50.25], errors: ['', '', ''],
    });
    const parsed = parseRunText(text, { fileName: 'shuffled.json' });
    if (!parsed.ok) throw new Error(parsed.error);
    const t = traceFromRun(parsed.run, 100);
    if (!t.ok) throw new Error(t.error);
    const built = replayScenario(t.trace, DEFAULT_SETTINGS);
    if (!built.ok) throw new Error(built.message);
    const records = [...simulate(built.scenario).requests].sort((a, b) => a.id - b.id);
    expect(records.map((r) => r.sendS)).toEqual([0, 0.25, 0.5]);
    expect(records.map((r) => r.promptTokens)).toEqual([10, 20, 30]);
    expect(records.map((r) => r.outputTokens)).toEqual([3, 4, 2]);
  });

  it('the replay on the same hardware completes every request; on an L4 the same requests wait far longer', () => {
    const t = traceFromRun(run(FIXTURE), 100);
    if (!t.ok) throw new Error(t.error);
    const same = replayOnServer(t.trace, h100);
    const small = replayOnServer(t.trace, { ...h100, gpu: 'l4' });
    if (!same.ok || !small.ok) throw new Error('replay refused');
    expect(same.replayed.requests).toBe(40);
    expect(same.replayed.metrics.completed).toBe(40);
    expect(same.replayed.ttftMs.length).toBe(40);
    expect(small.replayed.metrics.ttftMs.p99).toBeGreaterThan(same.replayed.metrics.ttftMs.p99 * 5);
    // The measured run is what the replay is set beside: both count the same 40 requests.
    expect(prepareRun(run(FIXTURE)).base.completed).toBe(40);
  });

  it('an llmperf run (no send times) with its concurrency unknown is refused, saying to give it; so is a server the settings refuse', () => {
    const llmperf = traceFromRun(run('llmperf_individual_responses.json'), 100);
    expect(llmperf.ok).toBe(false);
    if (!llmperf.ok) expect(llmperf.error).toMatch(/^the file records no send times, and llmperf sends as a closed loop .*give the run's concurrency \(its \*_summary\.json with it, the concurrency field, or the CLI's --concurrency N\)/);
    const t = traceFromRun(run(FIXTURE), 100);
    if (!t.ok) throw new Error(t.error);
    const refused = replayOnServer(t.trace, { ...h100, model: 'llama-3.1-405b', gpu: 'l4', tp: 1 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message.length).toBeGreaterThan(10);
  });

  it('an llmperf run with its summary is a closed loop of the summary\'s users sending its completed requests in file order, each with its lengths', () => {
    const [group] = parseRunFiles([
      { name: 'llmperf-c2_individual_responses.json', text: fixtureText('llmperf-c2_individual_responses.json') },
      { name: 'llmperf-c2_summary.json', text: fixtureText('llmperf-c2_summary.json') },
    ]);
    if (!group.result.ok) throw new Error(group.result.error);
    const t = traceFromRun(group.result.run, 100);
    if (!t.ok) throw new Error(t.error);
    // Hand-read from the fixture: four requests of 50 prompt tokens, outputs 20, 25, 3 (error -100, left out), 30.
    expect(t.trace.closedUsers).toBe(2);
    expect(t.trace.notes).toEqual(['1 failed request left out (no answer to replay).']);
    expect(closedLoopText(t.trace)).toMatch(/^as a closed loop of 2 users, the way llmperf sends requests/);
    const built = replayScenario(t.trace, h100);
    if (!built.ok) throw new Error(built.message);
    expect(built.scenario.load).toEqual({ kind: 'closed', users: 2, thinkMs: 0, promptTokens: [50, 50, 50], outputTokens: [20, 25, 30] });
    const records = [...simulate(built.scenario).requests].sort((a, b) => a.id - b.id);
    expect(records.map((r) => [r.userId, r.sendS, r.promptTokens, r.outputTokens])).toEqual([[0, 0, 50, 20], [1, 0, 50, 25], [0, records[2].sendS, 50, 30]]);
    // The third request waits for a user's answer: user 0's, the shorter one.
    expect(records[2].sendS).toBeCloseTo(records[0].sendS + records[0].e2eMs / 1000, 9);
    const replayed = replayOnServer(t.trace, h100);
    if (!replayed.ok) throw new Error(replayed.message);
    expect(replayed.replayed.requests).toBe(3);
    expect(replayed.replayed.metrics.completed).toBe(3);
  });

  it('an llmperf run given its concurrency (as the page\'s field and --concurrency do) replays as that many users', () => {
    const t = traceFromRun(withAssumedConcurrency(run('llmperf_individual_responses.json'), 3), 100);
    if (!t.ok) throw new Error(t.error);
    expect(t.trace.closedUsers).toBe(3);
    expect(closedLoopText(t.trace)).toMatch(/^as a closed loop of 3 users/);
  });

  it('an empty trace is refused, not simulated', () => {
    const r = replayOnServer({ format: 'imported-run', sendS: [], promptTokens: [], outputTokens: [], notes: [] }, DEFAULT_SETTINGS);
    expect(r).toEqual({ ok: false, param: 'file', message: 'the run has no request to replay' });
  });
});
