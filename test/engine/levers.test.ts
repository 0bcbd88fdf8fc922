/** Hand-worked cases for each lever, on the toy server unless said otherwise. */
import { describe, expect, it } from 'vitest';
import { requestBreakdown } from '../../src/engine/breakdown';
import { decodeSplit } from '../../src/engine/decodeSplit';
import { clusterShape } from '../../src/engine/levers/config';
import { expectedTokensPerStep, specIterationSeconds, specDecoding } from '../../src/engine/levers/speculative';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { hardwareProfile } from '../../src/engine/profiles/roofline';
import { simulate } from '../../src/engine/simulate';
import { tokenTimesS } from '../../src/engine/tokens';
import type { IterationWork, ServerProfile } from '../../src/engine/types';
import { toyScenario, toyServer, users } from './helpers';

// Toy server: 1 s per iteration + 0.1 s per prefill token. Prompt 10, output 5, no network.
const close = (xs: number[]) => xs.map((t) => expect.closeTo(t, 9));

/** The toy server, recording the work of every iteration it costs. */
function recordingToy(kv = 1_000_000): { server: ServerProfile; works: IterationWork[] } {
  const toy = toyServer(kv);
  const works: IterationWork[] = [];
  return { works, server: { ...toy, iterationSeconds: (w) => (works.push({ ...w }), toy.iterationSeconds(w)) } };
}

describe('prefix caching', () => {
  it('prefills only the uncached half, attending to the cached half, and reports the saving', () => {
    const { server, works } = recordingToy();
    const r = simulate({ ...toyScenario(users(1), 1, server), levers: { prefixCacheShare: 0.5 } });
    const q = r.requests[0];
    // 5 of 10 tokens cached: the prefill iteration costs 1 + 0.1 × 5 = 1.5 s instead of 2 s.
    expect(q.cachedTokens).toBe(5);
    expect(q.ttftMs).toBeCloseTo(1500, 6);
    expect(q.e2eMs).toBeCloseTo(5500, 6);
    expect(q.prefillSavedS).toBeCloseTo(0.5, 9);
    const prefill = works.find((w) => w.prefillTokens > 0)!;
    // 5 tokens after 5 of context: Σ (5 + i) for i = 1..5 = 5 × (5 + 6 / 2) = 40 pairs.
    expect(prefill).toMatchObject({ prefillTokens: 5, prefillContextTokens: 5, prefillAttentionPairs: 40, prefillSeqs: 1 });
    const b = requestBreakdown(r, 0)!;
    expect(b.cachedTokens).toBe(5);
    expect(b.prefillSavedMs).toBeCloseTo(500, 6);
    expect(b.prefillMs).toBeCloseTo(1500, 6);
  });

  it('holds the shared prefix in KV once: two requests fit in 5 + 2 × 10 tokens, not in one fewer', () => {
    // Each request holds its own 5 prompt tokens + 5 output; the cached 5 are resident once.
    const fits = simulate({ ...toyScenario(users(2), 2, toyServer(25)), levers: { prefixCacheShare: 0.5 } });
    expect(fits.peakBatch).toBe(2);
    expect(fits.peakKvReservedTokens).toBe(20);
    const tight = simulate({ ...toyScenario(users(2), 2, toyServer(24)), levers: { prefixCacheShare: 0.5 } });
    expect(tight.peakBatch).toBe(1);
    expect(tight.requests[1].queueMs).toBeGreaterThan(0);
  });

  it('on the lesson server a 90% cached summary starts several times sooner, decode untouched', () => {
    const base = { ...toyScenario(users(1), 3, lessonProfile(), 16_000, 200), networkRttMs: 50 };
    const off = simulate(base);
    const on = simulate({ ...base, levers: { prefixCacheShare: 0.9 } });
    expect(off.metrics.ttftMs.p50 / on.metrics.ttftMs.p50).toBeGreaterThan(4);
    expect(on.metrics.tpotMs.p50).toBeCloseTo(off.metrics.tpotMs.p50, 0);
    const b = requestBreakdown(on, 0)!;
    // The saving is what the cached 14,400 tokens would have cost: the full prefill minus the uncached one.
    expect(b.prefillSavedMs + b.prefillMs).toBeCloseTo(requestBreakdown(off, 0)!.prefillMs, -1);
  });
});

describe('speculative decoding', () => {
  it('expects (1 − A^(K+1)) / (1 − A) tokens per step', () => {
    expect(expectedTokensPerStep(3, 0.5)).toBeCloseTo(1.875, 12);
    expect(expectedTokensPerStep(4, 0.7)).toBeCloseTo((1 - 0.7 ** 5) / 0.3, 12);
    expect(expectedTokensPerStep(4, 0)).toBe(1);
    expect(expectedTokensPerStep(4, 1)).toBe(5);
    expect(expectedTokensPerStep(0, 0.9)).toBe(1);
  });

  it('emits floor(carry + 1.875) tokens a step: 15 decode tokens in 8 steps, two at a time', () => {
    const r = simulate({ ...toyScenario(users(1), 1, toyServer(), 10, 16), levers: { speculative: { tokens: 3, acceptance: 0.5, draftCost: 0 } } });
    // After n steps floor(1.875 n) tokens: 1, 3, 5, 7, 9, 11, 13, 15.
    expect(tokenTimesS(r, 0)).toEqual(close([2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]));
    expect(r.requests[0].e2eMs).toBeCloseTo(10_000, 6);
    // Token-weighted ITL: 8 gaps of 1 s and 7 tokens that came with another (gap 0).
    expect(r.metrics.itlMs.count).toBe(15);
    expect(r.metrics.itlMs.max).toBeCloseTo(1000, 6);
    expect(r.metrics.itlMs.min).toBe(0);
  });

  it('charges the draft: K × C of a plain decode step on top of each verification', () => {
    // 1 s verification + 3 × 0.5 × 1 s of drafting = 2.5 s per step.
    const r = simulate({ ...toyScenario(users(1), 1, toyServer(), 10, 16), levers: { speculative: { tokens: 3, acceptance: 0.5, draftCost: 0.5 } } });
    expect(r.requests[0].e2eMs).toBeCloseTo(2000 + 8 * 2500, 6);
  });

  it('makes the verification compute-heavier on a roofline: its cost over a plain step grows with the batch', () => {
    const hw = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
    if (!hw.ok) throw new Error(hw.reason);
    const spec = specDecoding({ tokens: 4, acceptance: 0.7, draftCost: 0 })!;
    const ratio = (batch: number): number => {
      const w: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: batch, decodeKvTokens: batch * 1000 };
      return specIterationSeconds(hw.profile, w, spec) / hw.profile.iterationSeconds(w);
    };
    expect(ratio(1)).toBeLessThan(1.1);
    expect(ratio(64)).toBeGreaterThan(ratio(1));
    expect(ratio(256)).toBeGreaterThan(ratio(64) + 0.2);
    // Same on the lesson server: each verified query token pays its compute.
    const lesson = lessonProfile();
    const w64: IterationWork = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 64, decodeKvTokens: 64_000 };
    expect(specIterationSeconds(lesson, w64, spec) - lesson.iterationSeconds(w64)).toBeCloseTo(64 * 4 * 0.00058, 9);
  });

  it('is a large gain for one user and a loss at 64 on the lesson server (long report)', () => {
    const run = (n: number, on: boolean) =>
      simulate({ ...toyScenario(users(n), 3 * n, lessonProfile(), 800, 1500), networkRttMs: 50, levers: on ? { speculative: { tokens: 4, acceptance: 0.7, draftCost: 0.13 } } : undefined }).metrics.tpotMs.p50;
    expect(run(1, false) / run(1, true)).toBeGreaterThan(1.6);
    expect(run(64, false) / run(64, true)).toBeLessThan(0.9);
  });
});

describe('replicas', () => {
  it('R replicas at saturation give R times the throughput, each request on one replica', () => {
    // One replica, batch limit 2, two users: 20-token prefill (3 s) + four 1 s steps = 7 s for 10 tokens.
    const one = simulate(toyScenario(users(2), 20, toyServer(1_000_000, 2)));
    expect(one.metrics.outputTokPerSec).toBeCloseTo(10 / 7, 9);
    const three = simulate({ ...toyScenario(users(6), 60, toyServer(1_000_000, 2)), levers: { replicas: 3 } });
    expect(three.metrics.outputTokPerSec).toBeCloseTo(30 / 7, 9);
    expect(three.instances!.map((i) => i.routed)).toEqual([20, 20, 20]);
    // Least outstanding requests: the six first sends go 0, 1, 2, 0, 1, 2.
    expect(three.requests.slice(0, 6).map((q) => q.instance)).toEqual([0, 1, 2, 0, 1, 2]);
    for (const q of three.requests) expect(tokenTimesS(three, q.id)).toHaveLength(5);
  });

  it('counts GPUs: replicas × the tensor-parallel group', () => {
    const hw = hardwareProfile({ model: 'llama-3.1-70b', gpu: 'h100-sxm', precision: 'fp8', tp: 2 });
    if (!hw.ok) throw new Error(hw.reason);
    expect(clusterShape({ ...toyScenario(users(1), 1, hw.profile), levers: { replicas: 3 } }).gpus).toBe(6);
    expect(clusterShape({ ...toyScenario(users(1), 1, hw.profile), levers: { disaggregated: { prefillInstances: 1, decodeInstances: 2 } } })).toMatchObject({ gpus: 6, gpusPerInstance: 2 });
    expect(clusterShape(toyScenario(users(1), 1, lessonProfile())).gpus).toBe(1);
  });
});

describe('disaggregated prefill and decode', () => {
  const linked = (kv = 1_000_000): ServerProfile => ({ ...toyServer(kv), kvLink: { bytesPerTokenPerGpu: 1000, bytesPerSecPerGpu: 10_000, label: 'toy link' } });

  it('prefills on one instance, moves 10 tokens of KV in 1 s, decodes on the other', () => {
    const r = simulate({ ...toyScenario(users(1), 1, linked()), levers: { disaggregated: { prefillInstances: 1, decodeInstances: 1 } } });
    const q = r.requests[0];
    // Prefill 2 s (first token at 2), transfer 10 × 1000 B / 10 kB/s = 1 s, then four 1 s decode steps: 4, 5, 6, 7.
    expect(q.ttftMs).toBeCloseTo(2000, 6);
    expect(tokenTimesS(r, 0)).toEqual(close([2, 4, 5, 6, 7]));
    expect(q).toMatchObject({ prefillInstance: 0, instance: 1 });
    const b = requestBreakdown(r, 0)!;
    expect(b.kvTransferMs).toBeCloseTo(1000, 6);
    expect(b.kvWaitMs).toBe(0);
    expect(b.decodeQueueMs).toBe(0);
    expect(r.instances!.map((i) => i.role)).toEqual(['prefill', 'decode']);
    // The second token's gap spans the transfer: 2 s, then 1 s gaps.
    expect(r.metrics.itlMs.max).toBeCloseTo(2000, 6);
    expect(r.metrics.itlMs.count).toBe(4);
  });

  it('sends one cache at a time over a prefill instance\'s link', () => {
    const r = simulate({ ...toyScenario(users(2), 2, linked()), levers: { disaggregated: { prefillInstances: 1, decodeInstances: 1 } } });
    // Both prefilled together (1 + 2 s); transfers 3→4 and 4→5.
    const [a, b] = r.requests.map((q) => requestBreakdown(r, q.id)!);
    expect([a.kvWaitMs, a.kvTransferMs, b.kvWaitMs, b.kvTransferMs]).toEqual(close([0, 1000, 1000, 1000]));
  });

  it('never stalls a decode instance for a prefill', () => {
    const r = simulate({ ...toyScenario({ kind: 'trace', sendTimesS: [0, 2.5] }, 2, linked()), levers: { disaggregated: { prefillInstances: 1, decodeInstances: 1 } } });
    // Colocated, B's prefill stretched A's gap to 2 s; here A decodes 1 s steps throughout.
    const t = tokenTimesS(r, 0);
    for (let i = 2; i < t.length; i++) expect(t[i] - t[i - 1]).toBeCloseTo(1, 9);
    expect(r.instances![1].log.prefillTokens.every((n) => n === 0)).toBe(true);
  });

  it('times the KV transfer of a real model over NVLink: 1,000 tokens of Llama 3.1 8B in 16 bits', () => {
    const hw = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
    if (!hw.ok) throw new Error(hw.reason);
    const r = simulate({ ...toyScenario(users(1), 1, hw.profile, 1000, 20), levers: { disaggregated: { prefillInstances: 1, decodeInstances: 1 } } });
    // 2 × 32 layers × 8 KV heads × 128 × 2 bytes = 131,072 B per token; NVLink 4 sends 450 GB/s each way.
    expect(requestBreakdown(r, 0)!.kvTransferMs).toBeCloseTo((1000 * 131_072 * 1000) / 450e9, 9);
  });
});

describe('where decode time went', () => {
  it('splits a stream stretched by another prompt\'s prefill: 4 s of pace + 1 s of interference', () => {
    // A decodes 2→3, then 3→5 shares an iteration with B's 10-token prefill (1 s more), then 5→6, 6→7.
    const r = simulate(toyScenario({ kind: 'trace', sendTimesS: [0, 2.5] }, 2));
    expect(decodeSplit(r, 0)).toEqual({ paceMs: expect.closeTo(4000, 6), prefillInterferenceMs: expect.closeTo(1000, 6), preemptionStallMs: 0, handoffMs: 0 });
    const d = decodeSplit(r, 0)!;
    expect(d.paceMs + d.prefillInterferenceMs).toBeCloseTo(r.requests[0].e2eMs - r.requests[0].ttftMs, 6);
  });

  it('puts a disaggregated hand-off in its own part', () => {
    const server: ServerProfile = { ...toyServer(), kvLink: { bytesPerTokenPerGpu: 1000, bytesPerSecPerGpu: 10_000, label: 'toy link' } };
    const r = simulate({ ...toyScenario(users(1), 1, server), levers: { disaggregated: { prefillInstances: 1, decodeInstances: 1 } } });
    expect(decodeSplit(r, 0)).toEqual({ paceMs: expect.closeTo(4000, 6), prefillInterferenceMs: 0, preemptionStallMs: 0, handoffMs: expect.closeTo(1000, 6) });
  });
});
