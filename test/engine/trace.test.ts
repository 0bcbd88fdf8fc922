import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { EngineInputError } from '../../src/engine/validate';
import { parseRunText } from '../../src/import/parse';
import { traceFromRun } from '../../src/import/replay';
import { parseTrace, replayTrace } from '../../src/import/trace';
import { BAD_RECORDED_LENGTHS, lessonScenario, toyScenario } from './helpers';

describe('a trace replayed by the engine', () => {
  it('every request is sent at its recorded time with its recorded lengths, reference ids included', () => {
    const sendTimesS = Array.from({ length: 60 }, (_, i) => i * 0.25);
    const promptTokens = sendTimesS.map((_, i) => 5 + (i % 7));
    const outputTokens = sendTimesS.map((_, i) => 1 + (i % 4));
    const r = simulate(toyScenario({ kind: 'trace', sendTimesS, promptTokens, outputTokens }, 60));
    expect(r.requests.map((q) => q.sendS)).toEqual(sendTimesS);
    expect(r.requests.map((q) => q.promptTokens)).toEqual(promptTokens);
    expect(r.requests.map((q) => q.outputTokens)).toEqual(outputTokens);
    expect(r.metrics.completed).toBe(60);
  });

  it('without recorded lengths a trace draws them from the workload, as before', () => {
    const sendTimesS = [0, 1, 2];
    const r = simulate(toyScenario({ kind: 'trace', sendTimesS }, 3));
    expect(r.requests.map((q) => [q.promptTokens, q.outputTokens])).toEqual([[10, 5], [10, 5], [10, 5]]);
  });

  it.each(BAD_RECORDED_LENGTHS)('bad recorded lengths are refused with the reason: %j', (lengths, message) => {
    const s = toyScenario({ kind: 'trace', sendTimesS: [0, 1, 2], ...lengths }, 3);
    expect(() => simulate(s)).toThrow(EngineInputError);
    expect(() => simulate(s)).toThrow(message);
  });

  it('bursts make the tail: ten minutes of the Azure coding trace have a higher p99 TTFT than Poisson arrivals at the same mean rate', () => {
    const parsed = parseTrace(readFileSync(new URL('../../data/traces/AzureLLMInferenceTrace_code.csv', import.meta.url), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error);
    const slice = replayTrace(parsed.trace, { fromS: 0, toS: 600 });
    if (!slice.ok) throw new Error(slice.error);
    const t = slice.trace;
    const n = t.sendS.length;
    const ratePerSec = (n - 1) / t.sendS[n - 1];
    // The same requests (lengths in trace order) on the lesson server, once at their recorded times and once with Poisson gaps.
    const replayed = simulate(lessonScenario('chat', { kind: 'trace', sendTimesS: t.sendS, promptTokens: t.promptTokens, outputTokens: t.outputTokens }, { requests: n }));
    const poissonTimes = simulate(lessonScenario('chat', { kind: 'open', ratePerSec, burstiness: 1 }, { requests: n })).requests.map((q) => q.sendS);
    const poisson = simulate(lessonScenario('chat', { kind: 'trace', sendTimesS: poissonTimes, promptTokens: t.promptTokens, outputTokens: t.outputTokens }, { requests: n }));
    expect(replayed.metrics.completed).toBe(poisson.metrics.completed);
    expect(replayed.metrics.ttftMs.p99).toBeGreaterThan(poisson.metrics.ttftMs.p99);
  });
});

describe('a measured run replayed', () => {
  it('each completed request is sent at its own recorded time with its recorded lengths; a missing prompt length takes the fallback', () => {
    const parsed = parseRunText(readFileSync(new URL('../fixtures/lab-run.csv', import.meta.url), 'utf8'), { fileName: 'lab-run.csv' });
    if (!parsed.ok) throw new Error(parsed.error);
    const t = traceFromRun(parsed.run, 99);
    if (!t.ok) throw new Error(t.error);
    // lab-run.csv: requests 0, 1 and 3 completed, sent at 0, 100 and 300 ms with 10, 20 and 30 prompt tokens; request 2 failed.
    expect(t.trace.sendS).toEqual([0, 0.1, 0.3]);
    expect(t.trace.promptTokens).toEqual([10, 20, 30]);
    expect(t.trace.outputTokens).toEqual([4, 5, 1]);
    const r = simulate(toyScenario({ kind: 'trace', sendTimesS: t.trace.sendS, promptTokens: t.trace.promptTokens, outputTokens: t.trace.outputTokens }, 3));
    expect(r.requests.map((q) => q.sendS)).toEqual([0, 0.1, 0.3]);
    const noPrompt = traceFromRun({ ...parsed.run, requests: parsed.run.requests.map((q) => ({ ...q, inputTokens: null })) }, 99);
    expect(noPrompt.ok && noPrompt.trace.promptTokens).toEqual([99, 99, 99]);
    expect(noPrompt.ok && noPrompt.trace.notes.join(' ')).toMatch(/3 requests have no recorded prompt length; they take 99 tokens/);
  });
});
