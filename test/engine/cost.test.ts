import { describe, expect, it } from 'vitest';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { simulate } from '../../src/engine/simulate';
import { customWorkload } from '../../src/engine/workloads';

// Event count must grow with requests, not tokens: runs of identical decode
// steps are advanced in one go. Count log entries (one per event), not time.
describe('simulation cost', () => {
  const entries = (output: number, requests: number, users: number) => simulate({
    workload: customWorkload(500, output, 0.2), server: lessonProfile(), load: { kind: 'closed', users, thinkMs: 0 },
    slo: { ttftMs: null, tpotMs: null, e2eMs: null }, requests, seed: 3, chunkedPrefill: false, networkRttMs: 50,
  }).log.endS.length;

  it.each([1, 16, 64])('events stay a few per request however long the outputs (%i users)', (users) => {
    // Each request causes at most: an arrival that cuts a run, a prefill iteration, a completion.
    for (const output of [20, 200, 2000]) expect(entries(output, 500, users)).toBeLessThanOrEqual(500 * 3 + 1);
    // …while the tokens simulated grow 100×.
  });

  it('event count grows about linearly with requests', () => {
    const a = entries(300, 250, 16);
    const b = entries(300, 1000, 16);
    expect(b / a).toBeGreaterThan(3);
    expect(b / a).toBeLessThan(5);
  });
});
