import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import { toyScenario, toyServer, users } from './helpers';

// Toy server: 1 s per iteration + 0.1 s per prefill token. Prompt 10, output 5, no network.

describe('hand-worked cases on the toy server', () => {
  it('one request: prefill 2 s, then one token per second', () => {
    const r = simulate(toyScenario(users(1), 1));
    const req = r.requests[0];
    expect(req.ttftMs).toBeCloseTo(2000, 6);
    expect(req.e2eMs).toBeCloseTo(6000, 6);
    expect(req.tpotMs).toBeCloseTo(1000, 6);
    expect(tokenTimesS(r, 0)).toEqual([2, 3, 4, 5, 6].map((t) => expect.closeTo(t, 9)));
  });

  it('two users at once share one prefill iteration and then each decode step', () => {
    const r = simulate(toyScenario(users(2), 2));
    for (const req of r.requests) {
      // One iteration prefills 20 tokens: 1 + 2 = 3 s; then four 1 s decode steps.
      expect(req.ttftMs).toBeCloseTo(3000, 6);
      expect(req.e2eMs).toBeCloseTo(7000, 6);
    }
    expect(r.peakBatch).toBe(2);
    expect(r.metrics.outputTokPerSec).toBeCloseTo(10 / 7, 9);
  });

  it('a prefill that arrives mid-decode stretches the running request\'s gap', () => {
    const r = simulate(toyScenario({ kind: 'trace', sendTimesS: [0, 2.5] }, 2));
    const [a, b] = r.requests;
    // A: first token at 2, token at 3; B arrives at 2.5 and is admitted at 3;
    // the 3→5 iteration prefills B (1 + 1 s) and decodes A: A's gap is 2 s.
    expect(tokenTimesS(r, 0)).toEqual([2, 3, 5, 6, 7].map((t) => expect.closeTo(t, 9)));
    expect(a.tpotMs).toBeCloseTo(1250, 6);
    expect(b.queueMs).toBeCloseTo(500, 6);
    expect(b.ttftMs).toBeCloseTo(2500, 6);
    expect(tokenTimesS(r, 1)).toEqual([5, 6, 7, 8, 9].map((t) => expect.closeTo(t, 9)));
    // Pooled ITL holds A's 2 s stall; p99 of the gaps sees it, the median does not.
    expect(r.metrics.itlMs.max).toBeCloseTo(2000, 6);
    expect(r.metrics.itlMs.p50).toBeCloseTo(1000, 6);
  });

  it('a full KV cache makes the third request queue until one finishes', () => {
    // Each request reserves 10 + 5 = 15 tokens; 30 fit, so two run and one waits.
    const r = simulate(toyScenario(users(3), 3, toyServer(30)));
    const [a, b, c] = r.requests;
    expect(a.ttftMs).toBeCloseTo(3000, 6);
    expect(b.ttftMs).toBeCloseTo(3000, 6);
    expect(a.e2eMs).toBeCloseTo(7000, 6);
    expect(c.queueMs).toBeCloseTo(7000, 6);
    expect(c.ttftMs).toBeCloseTo(9000, 6);
    expect(c.e2eMs).toBeCloseTo(13000, 6);
    expect(r.limits.memoryS).toBeCloseTo(7, 6);
    expect(r.limits.batchS).toBe(0);
  });

  it('a batch limit queues like memory does, and is reported as the batch limit', () => {
    const r = simulate(toyScenario(users(3), 3, toyServer(1_000_000, 2)));
    expect(r.requests[2].queueMs).toBeCloseTo(7000, 6);
    expect(r.limits.batchS).toBeCloseTo(7, 6);
    expect(r.limits.memoryS).toBe(0);
  });

  it('a request larger than the whole KV cache is rejected, not stuck', () => {
    const r = simulate(toyScenario(users(1), 2, toyServer(12)));
    expect(r.metrics.completed).toBe(0);
    expect(r.metrics.rejected).toBe(2);
    expect(r.representativeId).toBe(-1);
  });

  it('chunked prefill splits a prompt across iterations under the budget', () => {
    // Budget 4 tokens: a 10-token prompt takes chunks 4, 4, 2: (1.4) + (1.4) + (1.2) = 4 s.
    const s = { ...toyScenario(users(1), 1, toyServer(1_000_000, 2, 4)), chunkedPrefill: true };
    const r = simulate(s);
    expect(r.requests[0].ttftMs).toBeCloseTo(4000, 6);
  });

  it('network jitter varies delays around RTT / 2 and keeps the breakdown exact', () => {
    const r = simulate({ ...toyScenario(users(1), 400), networkRttMs: 100, networkJitter: 0.5 });
    const ins = r.requests.map((q) => (q.serverArrivalS - q.sendS) * 1000);
    const mean = ins.reduce((a, b) => a + b, 0) / ins.length;
    expect(mean).toBeGreaterThan(45);
    expect(mean).toBeLessThan(55);
    expect(Math.min(...ins)).toBeGreaterThanOrEqual(25 - 1e-9);
    for (const q of r.requests) {
      // Server-side: 2 s prefill + 4 decode steps; the rest is this request's own network.
      expect(q.ttftMs).toBeCloseTo(2000 + (q.serverArrivalS - q.sendS) * 1000 + q.networkOutS * 1000 + q.queueMs, 6);
    }
  });

  it('network time is added once each way', () => {
    const r = simulate({ ...toyScenario(users(1), 1), networkRttMs: 100 });
    expect(r.requests[0].ttftMs).toBeCloseTo(2100, 6);
    expect(r.requests[0].e2eMs).toBeCloseTo(6100, 6);
    expect(r.requests[0].tpotMs).toBeCloseTo(1000, 6);
  });

  it('think time spaces a user\'s requests', () => {
    const fast = simulate(toyScenario(users(1), 5));
    const slow = simulate(toyScenario({ kind: 'closed', users: 1, thinkMs: 3000 }, 5));
    expect(slow.metrics.durationS).toBeGreaterThan(fast.metrics.durationS + 4);
  });
});
