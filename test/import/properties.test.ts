import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runToCsv, runToJson } from '../../src/export';
import { LAB_JSON_FORMAT, LAB_JSON_VERSION, computeImportedMetrics, parseRunText, PLAUSIBLE } from '../../src/import';

/**
 * Any numbers at all in a run (negative, huge, fractional, out of order,
 * NaN-like nulls): whatever imports has only plausible completed requests,
 * finite metrics, and survives export → import unchanged.
 */
const SLO = { ttftMs: 500, tpotMs: 50, e2eMs: null };
const anyNumber = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ min: 0, max: 1e5, noNaN: true }), fc.integer({ min: -5, max: 5000 }), fc.constantFrom(0, 1, 1e308, -1e308, 1e-300, 1e7, 1e9));
const request = fc.record({
  id: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('=1+2', '@x', '-3', '#c', "'q", ' ', 'a\nb')),
  sendMs: fc.option(anyNumber, { nil: null }),
  ttftMs: anyNumber,
  e2eMs: anyNumber,
  outputTokens: anyNumber,
  inputTokens: fc.option(anyNumber, { nil: null }),
  chunkMs: fc.option(fc.array(anyNumber, { maxLength: 6 }), { nil: null }),
  error: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('-100: too few', '=cmd', '')), { nil: null }),
});
const labJson = fc.record({ requests: fc.array(request, { minLength: 1, maxLength: 12 }), durationS: anyNumber, concurrency: fc.option(anyNumber, { nil: null }) }).map(({ requests, durationS, concurrency }) =>
  JSON.stringify({
    format: LAB_JSON_FORMAT,
    version: LAB_JSON_VERSION,
    run: { format: 'lab-json', label: '=label', requests, durationS, durationNote: '', outputTokensFrom: 'tool', load: { concurrency, ratePerSec: null }, notes: [], warnings: [] },
  }),
);

describe('imports of arbitrary numbers', () => {
  it('every completed request is plausible, every metric finite, and export → import keeps the run', () => {
    fc.assert(
      fc.property(labJson, (text) => {
        const r = parseRunText(text);
        if (!r.ok) {
          expect(r.error).toMatch(/duration|expected/);
          return;
        }
        for (const q of r.run.requests) {
          if (q.error !== null) continue;
          expect(q.ttftMs).toBeGreaterThanOrEqual(0);
          expect(q.e2eMs).toBeGreaterThanOrEqual(q.ttftMs - 1e-6);
          expect(q.e2eMs).toBeLessThanOrEqual(PLAUSIBLE.maxRequestMs);
          expect(Number.isInteger(q.outputTokens) && q.outputTokens >= 0).toBe(true);
        }
        const m = computeImportedMetrics(r.run, SLO).metrics;
        for (const s of [m.ttftMs, m.tpotMs, m.itlMs, m.e2eMs]) for (const v of Object.values(s)) expect(Number.isFinite(v)).toBe(true);
        for (const v of [m.outputTokPerSec, m.requestsPerSec, m.goodputReqPerSec, m.sloMetShare, m.userTokPerSec]) expect(Number.isFinite(v)).toBe(true);
        expect(m.tpotMs.min).toBeGreaterThanOrEqual(0);
        expect(m.goodputReqPerSec).toBeLessThanOrEqual(m.requestsPerSec + 1e-9);
        for (const exported of [runToCsv(r.run), runToJson(r.run)]) {
          const back = parseRunText(exported);
          if (!back.ok) throw new Error(`re-import failed: ${back.error}`);
          expect(back.run.requests.map((q) => [q.id, q.error])).toEqual(r.run.requests.map((q) => [q.id, q.error]));
          const mb = computeImportedMetrics(back.run, SLO).metrics;
          expect(mb.completed).toBe(m.completed);
          expect(mb.ttftMs.mean).toBeCloseTo(m.ttftMs.mean, 2);
          expect(mb.e2eMs.max).toBeCloseTo(m.e2eMs.max, 2);
        }
      }),
      { numRuns: 400, seed: 9 },
    );
  });
});
