/**
 * The prefix cache in KV memory (src/engine/levers/prefixCache.ts), its
 * traffic (prefixTraffic.ts) and prefix-aware routing (cluster/router.ts):
 * hand-worked cases first, then properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PrefixCache } from '../../src/engine/levers/prefixCache';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { activeFor, type Active } from '../../src/engine/scheduler/active';
import { pagedKv } from '../../src/engine/scheduler/kv';
import { KvProbe } from '../../src/engine/scheduler/kvBounds';
import { simulate } from '../../src/engine/simulate';
import type { Levers, LoadSpec, PrefixCacheOptions, RequestRecord, Scenario } from '../../src/engine/types';
import { customWorkload } from '../../src/engine/workloads';

function rec(id: number, promptTokens: number, outputTokens = 1): RequestRecord {
  return {
    id, userId: 0, promptTokens, outputTokens, sendS: 0, networkOutS: 0, serverArrivalS: 0, admitS: -1, prefillStartS: -1,
    firstTokenServerS: -1, lastTokenServerS: -1, completed: false, ttftMs: 0, tpotMs: 0, e2eMs: 0, queueMs: 0, preemptions: 0, recomputedTokens: 0, pausesS: null,
  };
}

/** One user, one request after another: which replica or cache a request meets depends on nothing but the traffic. */
function scenario(o: { prompt: number; output: number; spread?: number; requests: number; seed?: number; kv?: number; load?: LoadSpec; levers?: Levers; paged?: boolean }): Scenario {
  return {
    workload: customWorkload(o.prompt, o.output, o.spread ?? 0), server: { ...lessonProfile(), kvCapacityTokens: o.kv ?? 10_000_000 },
    load: o.load ?? { kind: 'closed', users: 1, thinkMs: 0 }, slo: { ttftMs: null, tpotMs: null, e2eMs: null },
    requests: o.requests, seed: o.seed ?? 7, chunkedPrefill: false, networkRttMs: 20, levers: o.levers,
    scheduler: o.paged ? { admission: 'paged' } : undefined,
  };
}
const cache = (o: Partial<PrefixCacheOptions>): Levers => ({ prefixCache: { groups: 0, prefixTokens: 0, turns: 1, ...o } });

describe('the prefix cache, worked by hand', () => {
  it('evicts least recently used blocks, a request\'s newest first, and never a pinned one', () => {
    // 8 blocks of 16 tokens, no watermark; every request its own stream except D, which shares B's first two blocks.
    const streams: Record<number, number> = { 0: 0, 1: 1, 2: 2, 3: 1, 4: 4 };
    const c = new PrefixCache((id, k) => (id === 3 && k >= 2 ? 3 : streams[id]), 16, 1);
    const kv = pagedKv(128, 16, 0, undefined, new KvProbe(128, 16, 0, 0), c);
    const admit = (a: Active): boolean => {
      c.lookup(a);
      return kv.tryAdmit(a, false);
    };
    const run = (a: Active, computed: number): void => {
      kv.grow(a, computed);
      c.register(a);
      kv.release(a);
    };
    const [A, B, C, D, E] = [rec(0, 33), rec(1, 33), rec(2, 80), rec(3, 40), rec(4, 40)].map(activeFor);
    // A and B compute 34 tokens each (prompt + first token): two full blocks each stay cached, tail first in line.
    expect(admit(A)).toBe(true);
    run(A, 34);
    expect(admit(B)).toBe(true);
    run(B, 34);
    expect(c.evictionOrder()).toEqual([[0, 1], [0, 0], [1, 1], [1, 0]]);
    expect(c.cachedBlocks).toBe(4);
    // C needs ⌈81 / 16⌉ = 6 blocks: 6 + 4 cached > 8, so A's two blocks go.
    expect(admit(C)).toBe(true);
    expect(c.evictionOrder()).toEqual([[1, 1], [1, 0]]);
    expect(c.evictedBlocks).toBe(2);
    // D hits B's 32 tokens, but pinning them (2) + its own block (1) + C's 6 = 9 > 8: it waits, nothing evicted.
    expect(admit(D)).toBe(false);
    expect(D.cached).toBe(32);
    expect(c.evictedBlocks).toBe(2);
    // C leaves with 80 tokens computed: five more cached blocks, behind B's.
    run(C, 80);
    expect(c.evictionOrder()).toEqual([[1, 1], [1, 0], [2, 4], [2, 3], [2, 2], [2, 1], [2, 0]]);
    // Now D fits: it pins B's two blocks (out of the eviction list) and holds one of its own; 1 + 7 = 8, nothing evicted.
    expect(admit(D)).toBe(true);
    expect(D.rec.cachedTokens).toBe(32);
    expect(D.target).toBe(8);
    expect(c.evictionOrder()).toEqual([[2, 4], [2, 3], [2, 2], [2, 1], [2, 0]]);
    // E needs 3 blocks: 4 held + 7 cached > 8, so the three oldest unpinned go, C's newest first.
    expect(admit(E)).toBe(true);
    expect(c.evictionOrder()).toEqual([[2, 1], [2, 0]]);
    expect(c.evictedBlocks).toBe(5);
  });

  it('caches turn 1 and its answer for turn 2: cached = prompt + answer rounded down to whole blocks', () => {
    // P = 1000, O = 100, new message M = 1000: turn 2 sends 2,100 tokens, of which ⌊1,100 / 16⌋ × 16 = 1,088 are cached.
    for (const paged of [false, true]) {
      const r = simulate(scenario({ prompt: 1000, output: 100, requests: 2, levers: cache({ turns: 2 }), paged }));
      const [t1, t2] = r.requests;
      expect([t1.conversation, t1.turn, t2.conversation, t2.turn]).toEqual([0, 1, 0, 2]);
      expect(t2.promptTokens).toBe(2100);
      expect(t1.cachedTokens).toBe(0);
      expect(t2.cachedTokens).toBe(1088);
      expect(t2.prefillSavedS).toBeGreaterThan(0);
      expect(r.metrics.prefixHitRate).toBeCloseTo(1088 / 3100, 12);
    }
  });

  it('a second request of the same group finds the shared prefix, in whole blocks', () => {
    // One group, a 600-token prefix: ⌊600 / 16⌋ × 16 = 592 tokens hit for request 2; a new conversation's own tokens never do.
    const r = simulate(scenario({ prompt: 1000, output: 50, requests: 2, levers: cache({ groups: 1, prefixTokens: 600 }) }));
    expect(r.requests.map((q) => q.cachedTokens)).toEqual([0, 592]);
    expect(r.requests.map((q) => q.prefixGroup)).toEqual([0, 0]);
    expect(r.metrics.prefixHitRate).toBeCloseTo(592 / 2000, 12);
  });

  it("with sgl-router's threshold of half the prompt, prefix-aware can hit less than least-loaded: why the property above takes threshold 0", () => {
    // One user: least-loaded sends everything to replica 0, where every prefix is. Request 5 (conversation 2, turn 2) matches
    // 1,361 + its answer on replica 0, under half of its 3,612-token prompt, so prefix-aware sends it to the emptier replica 1: a miss.
    const s = (router: 'least-loaded' | 'prefix-aware') =>
      simulate(scenario({ prompt: 1651, output: 295, spread: 0.2, requests: 16, seed: 999984, kv: 254442, levers: { replicas: 2, router, prefixCache: { groups: 7, prefixTokens: 1321, turns: 2 } } }));
    const [ll, pa] = [s('least-loaded'), s('prefix-aware')];
    expect(pa.requests[5]).toMatchObject({ promptTokens: 3612, conversation: 2, turn: 2, instance: 1, cachedTokens: 0 });
    expect(ll.requests[5]).toMatchObject({ instance: 0, cachedTokens: 1680 });
    expect(pa.metrics.prefixHitRate!).toBeLessThan(ll.metrics.prefixHitRate!);
  });

  it('refuses combinations that cannot run, naming the option', () => {
    const bad: [Levers, string][] = [
      [cache({ groups: 2 }), 'prefix-tokens'],
      [cache({ prefixTokens: 100 }), 'prefix-groups'],
      [cache({ groups: 2, prefixTokens: 900 }), 'prefix-tokens'],
      [cache({ turns: 0 }), 'turns'],
      [{ ...cache({ turns: 2 }), prefixCacheShare: 0.5 }, 'prefix-groups'],
      [{ router: 'prefix-aware', replicas: 2 }, 'router'],
    ];
    for (const [levers, param] of bad) {
      expect(() => simulate(scenario({ prompt: 1000, output: 50, spread: 0.2, requests: 4, levers }))).toThrow(new RegExp(param));
    }
  });
});

describe('the prefix cache, properties', () => {
  const traffic = fc.record({
    prompt: fc.integer({ min: 20, max: 3000 }),
    output: fc.integer({ min: 1, max: 300 }),
    spread: fc.double({ min: 0, max: 0.5, noNaN: true }),
    requests: fc.integer({ min: 2, max: 60 }),
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    paged: fc.boolean(),
    kv: fc.integer({ min: 8_000, max: 200_000 }),
    users: fc.integer({ min: 1, max: 24 }),
  });

  it('finds nothing when no prefix is shared (one turn, no group, or a prefix shorter than a block)', () => {
    fc.assert(
      fc.property(traffic, fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 8 }), (t, prefixTokens, groups) => {
        const levers = prefixTokens === 0 ? cache({}) : cache({ groups, prefixTokens: Math.min(prefixTokens, Math.max(1, Math.round(t.prompt * (1 - t.spread)))) });
        const r = simulate(scenario({ ...t, load: { kind: 'closed', users: t.users, thinkMs: 0 }, levers }));
        return r.metrics.prefixHitRate === 0 && r.requests.every((q) => (q.cachedTokens ?? 0) === 0);
      }),
      { numRuns: 40 },
    );
  });

  it('hits at least as much with fewer groups: G groups against k × G (same traffic, one user, no eviction)', () => {
    // floor(u·G) = floor(floor(u·kG) / k): the k·G groups split each of the G, so they see at least as many distinct prefixes, each a miss.
    fc.assert(
      fc.property(traffic, fc.integer({ min: 1, max: 6 }), fc.integer({ min: 2, max: 4 }), fc.double({ min: 0.1, max: 1, noNaN: true }), fc.integer({ min: 1, max: 3 }), (t, g, k, share, turns) => {
        const prefixTokens = Math.max(1, Math.floor(share * Math.max(1, Math.round(t.prompt * (1 - t.spread)))));
        const hit = (groups: number): number => simulate(scenario({ ...t, kv: 10_000_000, levers: cache({ groups, prefixTokens, turns }) })).metrics.prefixHitRate!;
        return hit(g) >= hit(k * g) - 1e-12;
      }),
      { numRuns: 40 },
    );
  });

  it('prefix-aware routing never hits less than least-loaded on sequential traffic when any match counts (threshold 0)', () => {
    // Each replica caches whole prefixes (a block's ancestors are where it is), so the longest match on one replica is the
    // longest anywhere; the router sends every request there, and least-loaded (all to replica 0 when idle) can do no better.
    fc.assert(
      fc.property(traffic, fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 8 }), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.integer({ min: 1, max: 4 }), (t, replicas, groups, share, turns) => {
        const prefixTokens = Math.max(1, Math.floor(share * Math.max(1, Math.round(t.prompt * (1 - t.spread)))));
        const run = (router: 'least-loaded' | 'prefix-aware'): number =>
          simulate(scenario({ ...t, kv: 10_000_000, levers: { replicas, router, routerCacheThreshold: 0, prefixCache: { groups, prefixTokens, turns } } })).metrics.prefixHitRate!;
        return run('prefix-aware') >= run('least-loaded') - 1e-12;
      }),
      { numRuns: 40 },
    );
  });
});
