import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import type { Scenario, SchedulerOptions } from '../../src/engine/types';
import { toyScenario, toyServer, users } from './helpers';

// Toy server: 1 s per iteration + 0.1 s per prefill token; decoding is otherwise free. No network.
const paged = (s: Scenario, o: SchedulerOptions = {}): Scenario => ({ ...s, scheduler: { admission: 'paged', blockTokens: 1, watermark: 0, ...o } });
const times = (r: ReturnType<typeof simulate>, id: number) => tokenTimesS(r, id).map((t) => Number(t.toFixed(9)));

describe('paged admission: preemption and recompute', () => {
  // Two requests of 10 in / 5 out in a 26-token cache (1-token blocks, no watermark).
  // t 0→3: both prefilled (1 + 2 s), 11 tokens each. t 3→4, 4→5: both decode (24, then 26 tokens).
  // At t = 5 both need a 27th and 28th token: the cache is full, so the newest (B, id 1)
  // is preempted with 13 tokens (10 prompt + 3 generated). A decodes alone to t = 7.
  // B (recompute of 13 tokens needs 14) waits until A frees its memory at 7, then
  // recomputes 13 tokens (1 + 1.3 s): its 4th token at 9.3, its 5th at 10.3.
  const r = simulate(paged(toyScenario(users(2), 2, toyServer(26))));
  const [a, b] = r.requests;

  it('preempts the newest request and recomputes it later', () => {
    expect(times(r, 0)).toEqual([3, 4, 5, 6, 7]);
    expect(times(r, 1)).toEqual([3, 4, 5, 9.3, 10.3]);
    expect(a.preemptions).toBe(0);
    expect(b.preemptions).toBe(1);
    expect(b.recomputedTokens).toBe(13);
    expect(b.pausesS).toEqual([5, expect.closeTo(9.3, 9)]);
    expect(r.metrics.preemptions).toBe(1);
    expect(r.metrics.recomputedTokens).toBe(13);
    expect(r.log.preempted.reduce((s, n) => s + n, 0)).toBe(1);
  });

  it('keeps the first token time and stretches the stall into TPOT and the ITL tail', () => {
    expect(b.ttftMs).toBeCloseTo(3000, 6);
    expect(b.e2eMs).toBeCloseTo(10300, 6);
    expect(b.tpotMs).toBeCloseTo((10300 - 3000) / 4, 6);
    expect(r.metrics.itlMs.max).toBeCloseTo(4300, 6);
    expect(b.ttftMs + b.tpotMs * (b.outputTokens - 1)).toBeCloseTo(b.e2eMs, 6);
  });

  it('the same run with reserve admission queues B instead (its 15 tokens do not fit beside A)', () => {
    const reserve = simulate(toyScenario(users(2), 2, toyServer(26)));
    expect(reserve.metrics.preemptions).toBe(0);
    expect(reserve.requests[1].queueMs).toBeCloseTo(6000, 6);
    expect(reserve.requests[1].ttftMs).toBeCloseTo(8000, 6);
  });
});

describe('paged admission: the victim is the newest running request', () => {
  it('preempts the last admitted of three, not the oldest', () => {
    // Three requests of 10 / 5 in a 38-token cache: all fit at first (33), and at t = 4
    // (36 held) they need 39: the newest (id 2) goes; A and B carry on.
    const r = simulate(paged(toyScenario(users(3), 3, toyServer(38))));
    expect(r.requests.map((q) => q.preemptions)).toEqual([0, 0, 1]);
    expect(times(r, 0)).toEqual([4, 5, 6, 7, 8]);
    expect(times(r, 1)).toEqual([4, 5, 6, 7, 8]);
  });

  it('a preempted request returns to the front of the queue, ahead of later arrivals', () => {
    // C is preempted at t = 5 (12 tokens); D arrives at 4.5 and so was in line first.
    // At t = 6, 12 blocks are free: enough for D (11) but not for C's recompute (13).
    // C is at the front, so D does not jump it: both start when A and B finish at 8.
    const r = simulate(paged(toyScenario({ kind: 'trace', sendTimesS: [0, 0, 0, 4.5] }, 4, toyServer(38))));
    const [, , c, d] = r.requests;
    expect(c.preemptions).toBe(1);
    expect(c.pausesS![0]).toBeCloseTo(5, 9);
    expect(d.prefillStartS).toBeCloseTo(8, 9);
    expect(d.queueMs).toBeCloseTo(3500, 6);
  });
});

describe('paged admission: the watermark', () => {
  // 100-token cache, 1-token blocks, requests of 45 in / 5 out; A at t = 0, B at 0.5.
  // A is prefilled 0→5.5 (1 + 4.5 s) and holds 46 blocks; B needs 46 more, which would leave 8 free.
  const s = (watermark: number) =>
    paged({ ...toyScenario({ kind: 'trace', sendTimesS: [0, 0.5] }, 2, toyServer(100)), workload: { id: 'custom', label: 'x', promptTokens: 45, outputTokens: 5, spread: 0 } }, { watermark });
  it('without a watermark B is admitted as soon as A is prefilled', () => {
    expect(simulate(s(0)).requests[1].prefillStartS).toBeCloseTo(5.5, 9);
  });
  it('a 10% watermark keeps 10 blocks free, so B waits for A to finish at 9.5', () => {
    expect(simulate(s(0.1)).requests[1].prefillStartS).toBeCloseTo(9.5, 9);
  });
  it('a request alone always starts, even when it dips into the watermark', () => {
    const r = simulate(paged({ ...toyScenario(users(1), 1, toyServer(100)), workload: { id: 'custom', label: 'x', promptTokens: 95, outputTokens: 5, spread: 0 } }, { watermark: 0.1 }));
    expect(r.metrics.completed).toBe(1);
  });
  it('a request that could never fit, even alone, is rejected', () => {
    const r = simulate(paged({ ...toyScenario(users(1), 1, toyServer(100)), workload: { id: 'custom', label: 'x', promptTokens: 96, outputTokens: 5, spread: 0 } }));
    expect(r.metrics.rejected).toBe(1);
  });
});

describe('token budget', () => {
  // Three users of 10 in / 5 out at t = 0, batch limit 4 (so the budget may be as low as 5).
  const base = toyScenario(users(3), 3, toyServer(1_000_000, 4));
  it('without chunked prefill, whole prompts that do not fit wait for the next iteration', () => {
    const r = simulate({ ...base, scheduler: { tokenBudget: 25 } });
    // t 0→3 prefills A and B (20 tokens); C's 10 would make 30 > 25. t 3→5: A, B decode (2 tokens) and C prefills.
    expect(r.requests.map((q) => q.ttftMs)).toEqual([3000, 3000, 5000].map((v) => expect.closeTo(v, 6)));
    expect(times(r, 0)).toEqual([3, 5, 6, 7, 8]);
    expect(times(r, 2)).toEqual([5, 6, 7, 8, 9]);
  });
  it('no budget (the default when prefill is whole) prefills all three in one iteration', () => {
    const r = simulate(base);
    expect(r.requests.map((q) => q.ttftMs)).toEqual([4000, 4000, 4000].map((v) => expect.closeTo(v, 6)));
  });
  it('a prompt longer than the whole budget still runs, alone in its iteration', () => {
    const r = simulate({ ...base, workload: { ...base.workload, promptTokens: 30 }, scheduler: { tokenBudget: 25 } });
    // One 30-token prompt per iteration: 4 s, then 4 s (with 1 decode), then 4 s (with 2).
    expect(r.requests.map((q) => q.ttftMs)).toEqual([4000, 8000, 12000].map((v) => expect.closeTo(v, 6)));
  });
  it('decodes count against the budget when chunked: each decode takes one of its tokens', () => {
    const s = { ...toyScenario({ kind: 'trace', sendTimesS: [0, 0, 2.5] }, 3, toyServer(1_000_000, 4)), chunkedPrefill: true, scheduler: { tokenBudget: 10 } };
    const r = simulate(s);
    const [a, b, c] = r.requests;
    // t 0→2: A's 10. t 2→3.9: A decodes, B gets 9. t 3.9→5.8: A decodes, B its last 1, C (arrived 2.5) 8.
    // t 5.8→7: A and B decode, C its last 2.
    expect(a.firstTokenServerS).toBeCloseTo(2, 9);
    expect(b.prefillStartS).toBeCloseTo(2, 9);
    expect(b.firstTokenServerS).toBeCloseTo(5.8, 9);
    expect(c.prefillStartS).toBeCloseTo(3.9, 9);
    expect(c.firstTokenServerS).toBeCloseTo(7, 9);
  });
});

describe('prompt batches in steps of their own (batches not mixed)', () => {
  // A at 0 (10 in / 5 out), B arrives at 2.5. A: prefill 0→2, decode 2→3; B is admitted at 3.
  const s = toyScenario({ kind: 'trace', sendTimesS: [0, 2.5] }, 2);
  it('mixed (the default): A decodes inside B\'s prefill step', () => {
    const r = simulate(s);
    expect(times(r, 0)).toEqual([2, 3, 5, 6, 7]);
  });
  it('not mixed: A waits out B\'s prompt step (3→5) without a token, then both decode', () => {
    const r = simulate({ ...s, scheduler: { mixedBatches: false } });
    expect(times(r, 0)).toEqual([2, 3, 6, 7, 8]);
    expect(times(r, 1)).toEqual([5, 6, 7, 8, 9]);
    // A's gap across B's prompt step is one 3 s gap in the pooled ITL, not two short ones.
    expect(r.metrics.itlMs.max).toBeCloseTo(3000, 6);
    expect(r.log.decodeSeqs).toContain(0);
    expect(r.requests[0].tpotMs).toBeCloseTo((8000 - 2000) / 4, 6);
  });
});

describe('measurement windows and warm-up', () => {
  // Two users, six requests of 10 / 5, in lockstep: each round is 3 s of prefill + 4 s of decode.
  // Round 1 sends at 0 and ends at 7, round 2 sends at 7 and ends at 14, round 3 sends at 14 and ends at 21.
  const base = toyScenario(users(2), 6);

  it('all (the default) counts every request from t = 0', () => {
    const r = simulate(base);
    expect(r.window).toMatchObject({ kind: 'all', counted: 6, excludedWarmup: 0, fromS: 0, toS: 21, fallback: null, idRanges: [[0, 5]] });
    expect(r.metrics.outputTokPerSec).toBeCloseTo(30 / 21, 9);
  });

  it('steady counts only the round sent after the loop filled and over before it drained', () => {
    const r = simulate({ ...base, window: { kind: 'steady', warmup: 0 } });
    expect(r.window).toMatchObject({ kind: 'steady', counted: 2, excludedRamp: 2, excludedDrain: 2, fillS: 7, drainS: 14, fromS: 7, toS: 14, idRanges: [[2, 3]] });
    expect(r.metrics.completed).toBe(2);
    // Rates count what the server emitted in (7, 14]: round 2's ten tokens over 7 s (round 1's last, at 7, is out).
    expect(r.metrics.outputTokPerSec).toBeCloseTo(10 / 7, 9);
    expect(r.metrics.requestsPerSec).toBeCloseTo(2 / 7, 9);
    expect(r.metrics.ttftMs.mean).toBeCloseTo(3000, 6);
    expect(r.metrics.itlMs.count).toBeGreaterThan(0);
  });

  it('warm-up leaves out the earliest sends and measures from the first counted one', () => {
    const r = simulate({ ...base, window: { kind: 'all', warmup: 2 } });
    expect(r.window).toMatchObject({ counted: 4, excludedWarmup: 2, fromS: 7, toS: 21, idRanges: [[2, 5]] });
    expect(r.metrics.outputTokPerSec).toBeCloseTo(20 / 14, 9);
  });

  it('warm-up and steady together', () => {
    const r = simulate({ ...base, window: { kind: 'steady', warmup: 3 } });
    expect(r.window).toMatchObject({ counted: 1, excludedWarmup: 3, idRanges: [[3, 3]] });
  });

  it('steady falls back to every request when the run is too short to fill, and says so', () => {
    const r = simulate({ ...toyScenario(users(2), 2), window: { kind: 'steady', warmup: 0 } });
    expect(r.window.counted).toBe(2);
    expect(r.window.fallback).toMatch(/more requests/);
  });

  it('steady on an open loop starts once the first request has finished', () => {
    const r = simulate({ ...toyScenario({ kind: 'trace', sendTimesS: [0, 1, 7, 8, 20] }, 5), window: { kind: 'steady', warmup: 0 } });
    // The first request ends at 7 (request 1's prefill stretched its first decode step to 2 s);
    // the last send is at 20. Requests 2 and 3 (sent 7, 8) are over by then; 1 was sent before, 4 ends after.
    expect(r.window.fillS).toBeCloseTo(7, 9);
    expect(r.window).toMatchObject({ excludedRamp: 2, excludedDrain: 1 });
    expect(r.window.idRanges).toEqual([[2, 3]]);
  });

  it('rejects a warm-up that leaves nothing to measure', () => {
    expect(() => simulate({ ...base, window: { kind: 'all', warmup: 6 } })).toThrow(/warmup/);
  });
});
