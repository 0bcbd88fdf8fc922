import { describe, expect, it } from 'vitest';
import { computeImportedMetrics, parseRunText } from '../../src/import';
import { SYNTHETIC_FORMATS, ttftOf, type SyntheticSpec } from './synthetic';

/**
 * 100,000 requests in each format parse and give the values the generator put
 * in. Correctness only: speed is measured by `scripts/bench-import.ts`, never asserted.
 */
const SPEC: SyntheticSpec = { requests: 100_000, chunks: 4, gapMs: 20, sendGapMs: 10 };
const NO_SLO = { ttftMs: null, tpotMs: null, e2eMs: null };
// TTFT = 100 + (i mod 7): over 100,000 requests the mean is that of 0..6 weighted by their counts.
const expectedTtftMean = (() => {
  let sum = 0;
  for (let i = 0; i < SPEC.requests; i++) sum += ttftOf(i);
  return sum / SPEC.requests;
})();

describe('100,000-request imports', () => {
  for (const [format, generate] of Object.entries(SYNTHETIC_FORMATS)) {
    it(`${format}`, () => {
      const r = parseRunText(generate(SPEC));
      if (!r.ok) throw new Error(r.error);
      expect(r.run.format).toBe(format);
      expect(r.run.requests).toHaveLength(SPEC.requests);
      const { metrics: m } = computeImportedMetrics(r.run, NO_SLO);
      expect(m.completed).toBe(SPEC.requests);
      expect(m.ttftMs.mean).toBeCloseTo(expectedTtftMean, 2);
      expect(m.ttftMs.min).toBeCloseTo(100, 2);
      expect(m.ttftMs.max).toBeCloseTo(106, 2);
      // One token per chunk, chunks 20 ms apart: TPOT = 20 ms for every request.
      expect(m.tpotMs.p50).toBeCloseTo(20, 2);
      expect(m.tpotMs.p99).toBeCloseTo(20, 2);
      if (format === 'llmperf') expect(m.itlMs.count).toBe(0);
      else {
        expect(m.itlMs.count).toBe(SPEC.requests * (SPEC.chunks - 1));
        expect(m.itlMs.mean).toBeCloseTo(20, 2);
      }
    });
  }
});
