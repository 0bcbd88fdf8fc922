import { describe, expect, it } from 'vitest';
import { requestBreakdown } from '../../src/engine/breakdown';
import { isReferenceRequest, REFERENCE_EVERY } from '../../src/engine/reference';
import { simulate } from '../../src/engine/simulate';
import { lessonScenario, users } from './helpers';

describe('reference requests', () => {
  it('are every 50th request from id 25, or the middle one of a short run', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i).filter((i) => isReferenceRequest(i, n));
    expect(ids(1000)).toHaveLength(1000 / REFERENCE_EVERY);
    expect(ids(1000).slice(0, 3)).toEqual([25, 75, 125]);
    expect(ids(1)).toEqual([0]);
    expect(ids(10)).toEqual([4]);
    expect(ids(60)).toEqual([25]);
  });

  it('carry the mean lengths and the mean network delay; the other requests keep their random draws', () => {
    const r = simulate(lessonScenario('report', users(1), { requests: 200 }, 0.2));
    for (const rec of r.requests) {
      const inMs = (rec.serverArrivalS - rec.sendS) * 1000;
      if (isReferenceRequest(rec.id, 200)) {
        expect([rec.promptTokens, rec.outputTokens]).toEqual([800, 1500]);
        expect(inMs).toBeCloseTo(25, 9);
        expect(rec.networkOutS * 1000).toBeCloseTo(25, 9);
      }
    }
    const others = r.requests.filter((x) => !isReferenceRequest(x.id, 200));
    expect(new Set(others.map((x) => x.outputTokens)).size).toBeGreaterThan(50);
  });
});

// The lesson's table, as the timeline shows it: the drawn request of an idle run with the default ±20% spread.
const TABLE = [
  { workload: 'summarize', prompt: 16000, output: 200, ttftS: 0.9, e2eS: 6.9 },
  { workload: 'report', prompt: 800, output: 1500, ttftS: 0.12, e2eS: 45 },
  { workload: 'autocomplete', prompt: 400, output: 12, ttftS: 0.1, e2eS: 0.4 },
] as const;

describe('the drawn request of an idle run is the lesson\'s request', () => {
  for (const row of TABLE) {
    for (const seed of [42, 7]) {
      it(`${row.workload} (seed ${seed}): ${row.prompt} in / ${row.output} out, TTFT ≈ ${row.ttftS} s, TPOT ≈ 30 ms, E2E ≈ ${row.e2eS} s`, () => {
        const r = simulate(lessonScenario(row.workload, users(1), { requests: 1000, seed }, 0.2));
        const b = requestBreakdown(r, r.representativeId)!;
        expect(isReferenceRequest(b.id, 1000)).toBe(true);
        expect([b.promptTokens, b.outputTokens]).toEqual([row.prompt, row.output]);
        expect(b.ttftMs / 1000).toBeGreaterThan(row.ttftS * 0.93);
        expect(b.ttftMs / 1000).toBeLessThan(row.ttftS * 1.07);
        expect(b.tpotMs).toBeGreaterThan(28.5);
        expect(b.tpotMs).toBeLessThan(31.5);
        // One significant figure, as the lesson rounds it (0.43 s reads as 0.4 s).
        expect(b.e2eMs / 1000).toBeGreaterThan(row.e2eS * 0.95);
        expect(b.e2eMs / 1000).toBeLessThan(row.e2eS * 1.1);
      });
    }
  }

  it('busy, the drawn request is still a reference request, and it waits in the queue', () => {
    const r = simulate(lessonScenario('chat', users(16), { requests: 1000, seed: 42 }, 0.2));
    const b = requestBreakdown(r, r.representativeId)!;
    expect([b.promptTokens, b.outputTokens]).toEqual([1000, 250]);
    expect(b.queueMs).toBeGreaterThan(5);
    // Near the run's median: within 15% on TTFT and TPOT.
    expect(Math.abs(b.ttftMs / r.metrics.ttftMs.p50 - 1)).toBeLessThan(0.15);
    expect(Math.abs(b.tpotMs / r.metrics.tpotMs.p50 - 1)).toBeLessThan(0.15);
  });
});
