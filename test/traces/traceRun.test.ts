import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTrace, type RequestTrace } from '../../src/import/trace';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';
import { runTraceComparison } from '../../src/traces/traceRun';

const azure = (): RequestTrace => {
  const parsed = parseTrace(readFileSync(new URL('../../data/traces/AzureLLMInferenceTrace_code.csv', import.meta.url), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.trace;
};
const settings = (patch: Partial<Settings> = {}): Settings => ({ ...DEFAULT_SETTINGS, trace: 'azure-code', ...patch });

describe('the Trace section\'s two runs', () => {
  it('the default slice of the coding trace on the lesson server: a higher p99 TTFT than the same requests as Poisson arrivals', () => {
    const r = runTraceComparison(azure(), settings());
    if (!r.ok) throw new Error(r.message);
    expect(r.trace.sendS.length).toBe(r.requests);
    expect(r.poisson.sendS.length).toBe(r.requests);
    expect(r.trace.sendS.at(-1)).toBeLessThan(600);
    expect(r.trace.completed).toBe(r.poisson.completed);
    expect(r.trace.p99TtftMs).toBeGreaterThan(r.poisson.p99TtftMs);
  });

  it('Poisson sends run at the slice\'s mean rate', () => {
    const r = runTraceComparison(azure(), settings({ traceWindow: { fromS: 600, toS: 1200 } }));
    if (!r.ok) throw new Error(r.message);
    const poissonRate = (r.requests - 1) / r.poisson.sendS.at(-1)!;
    expect(poissonRate).toBeGreaterThan(r.meanRatePerSec * 0.9);
    expect(poissonRate).toBeLessThan(r.meanRatePerSec * 1.1);
  });

  it('speed divides the span', () => {
    const one = runTraceComparison(azure(), settings({ traceWindow: { fromS: 0, toS: 300 } }));
    const two = runTraceComparison(azure(), settings({ traceWindow: { fromS: 0, toS: 300 }, traceSpeed: 2 }));
    if (!one.ok || !two.ok) throw new Error('did not run');
    expect(two.requests).toBe(one.requests);
    expect(two.spanS).toBeCloseTo(one.spanS / 2, 9);
  });

  it('an empty slice names the window and the trace\'s span', () => {
    const r = runTraceComparison(azure(), settings({ traceWindow: { fromS: 99_000, toS: null } }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.param).toBe('traceWindow');
      expect(r.message).toMatch(/no request of the trace is sent between 99000 s and the end/);
    }
  });

  it('settings that cannot run say why, as the main run does', () => {
    const r = runTraceComparison(azure(), settings({ server: 'custom', customTtftMs: 10, networkMs: 50 }));
    expect(r).toMatchObject({ ok: false, param: 'custom-ttft-ms' });
  });
});
