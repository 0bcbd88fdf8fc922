import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { lessonScenario, users } from './helpers';

// The lesson's table (one idle user): prompt/output, TTFT, TPOT, E2E.
const TABLE = [
  { workload: 'summarize', ttftS: 0.9, tpotMs: 30, e2eS: 6.9 },
  { workload: 'report', ttftS: 0.12, tpotMs: 30, e2eS: 45 },
  { workload: 'autocomplete', ttftS: 0.1, tpotMs: 30, e2eS: 0.4 },
] as const;

describe('lesson server, idle, reproduces the lesson table', () => {
  for (const row of TABLE) {
    it(`${row.workload}: TTFT ≈ ${row.ttftS} s, TPOT ≈ ${row.tpotMs} ms, E2E ≈ ${row.e2eS} s`, () => {
      // Many idle requests of the table's exact lengths: network jitter averages out.
      const m = simulate(lessonScenario(row.workload, users(1), { requests: 200 })).metrics;
      expect(m.completed).toBe(200);
      expect(m.ttftMs.mean / 1000).toBeGreaterThan(row.ttftS * 0.93);
      expect(m.ttftMs.mean / 1000).toBeLessThan(row.ttftS * 1.07);
      expect(m.tpotMs.mean).toBeGreaterThan(row.tpotMs * 0.95);
      expect(m.tpotMs.mean).toBeLessThan(row.tpotMs * 1.05);
      expect(m.e2eMs.mean / 1000).toBeGreaterThan(row.e2eS * 0.93);
      expect(m.e2eMs.mean / 1000).toBeLessThan(row.e2eS * 1.09);
    });
  }
});

describe('lesson server, chat', () => {
  const idle = simulate(lessonScenario('chat', users(1), { requests: 200 }, 0.2)).metrics;
  const busy = simulate(lessonScenario('chat', users(16), { requests: 1000 }, 0.2)).metrics;

  it('one user streams ≈ 33 tok/s', () => {
    expect(idle.userTokPerSec).toBeGreaterThan(31);
    expect(idle.userTokPerSec).toBeLessThan(35);
  });

  it('16 users give ≈ 380 tok/s of system throughput', () => {
    expect(busy.outputTokPerSec).toBeGreaterThan(380 * 0.93);
    expect(busy.outputTokPerSec).toBeLessThan(380 * 1.07);
  });

  it('busy raises per-user TTFT and TPOT above idle', () => {
    expect(busy.ttftMs.p50).toBeGreaterThan(idle.ttftMs.p50);
    expect(busy.ttftMs.mean).toBeGreaterThan(idle.ttftMs.mean);
    expect(busy.tpotMs.p50).toBeGreaterThan(idle.tpotMs.p50 * 1.2);
  });
});
