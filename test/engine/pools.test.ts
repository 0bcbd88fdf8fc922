/**
 * Disaggregation with a TP per pool and a named KV link: hand-worked
 * transfer times over each link, a cluster whose pools differ from TP 2 in
 * ways the roofline lets us compute, refusals, and properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestBreakdown } from '../../src/engine/breakdown';
import { clusterShape } from '../../src/engine/levers/config';
import { KV_LINK_IDS, KV_LINKS } from '../../src/engine/levers/kvLinks';
import { handoffLink } from '../../src/engine/levers/kvTransfer';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { simulate } from '../../src/engine/simulate';
import type { RunResult, Scenario } from '../../src/engine/types';
import { customWorkload } from '../../src/engine/workloads';
import { settingsFromQuery } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { summarizeScenario } from '../../src/workers/payload';
import { edgeScenario, prefillScaledSeconds } from '../../src/engine/uncertainty/edges';

function built(query: string): Scenario {
  const b = scenarioFromSettings(settingsFromQuery(query).settings);
  if (!b.ok) throw new Error(`${query}: ${b.param}: ${b.message}`);
  return b.scenario;
}
function refused(query: string): { param: string; message: string } {
  const b = scenarioFromSettings(settingsFromQuery(query).settings);
  if (b.ok) throw new Error(`${query} ran`);
  return b;
}

// One idle request of exactly 1,000 prompt tokens, no network noise in the way of the hand-off.
const ONE = 'model=llama-3.1-8b&gpu=h100-sxm&prompt=1000&output=20&spread=0&requests=1&users=1&networkMs=0';
// Llama 3.1 8B in 16 bits: 2 (K and V) × 32 layers × 8 KV heads × 128 dims × 2 bytes = 131,072 bytes a token.
const KV_BYTES_PER_TOKEN = 2 * 32 * 8 * 128 * 2;

describe('one request\'s KV over each named link', () => {
  const hand: Record<(typeof KV_LINK_IDS)[number], number> = {
    // latency + 1,000 × 131,072 bytes over one GPU's link, seconds.
    nvlink: 2e-6 + (1000 * 131_072) / 450e9,
    infiniband: 5e-6 + (1000 * 131_072) / 50e9,
    pcie: 4.1e-6 + (1000 * 131_072) / 64e9,
    ethernet: 50e-6 + (1000 * 131_072) / 12.5e9,
  };
  for (const id of KV_LINK_IDS) {
    it(`${id}: latency + 1,000 tokens × kvBytesPerToken / bandwidth`, () => {
      const s = built(`${ONE}&prefillGpus=1&decodeGpus=1&kvLink=${id}`);
      expect(s.server.kvLink!.bytesPerTokenPerGpu).toBe(KV_BYTES_PER_TOKEN);
      const r = simulate(s);
      const q = r.requests[0];
      expect(q.kvArrivalS! - q.kvSendStartS!).toBeCloseTo(hand[id], 12);
      expect(requestBreakdown(r, 0)!.kvTransferMs).toBeCloseTo(hand[id] * 1000, 9);
    });
  }

  it('auto is the GPU\'s own link with no latency, as before', () => {
    const q = simulate(built(`${ONE}&prefillGpus=1&decodeGpus=1`)).requests[0];
    expect(q.kvArrivalS! - q.kvSendStartS!).toBeCloseTo((1000 * KV_BYTES_PER_TOKEN) / 450e9, 15);
    expect(handoffLink(built(`${ONE}&prefillGpus=1&decodeGpus=1`))!.latencyS).toBeUndefined();
  });

  it('every named link has a source for its bandwidth and its latency', () => {
    for (const l of Object.values(KV_LINKS)) {
      expect(l.bandwidthSource).toMatch(/^https:\/\//);
      expect(l.latencySource).toMatch(/^https:\/\//);
    }
  });

  it('a draft model\'s KV travels too', () => {
    const plain = built(`${ONE}&prefillGpus=1&decodeGpus=1`);
    const drafted = built(`${ONE}&prefillGpus=1&decodeGpus=1&specMethod=draft&specDraft=llama-3.2-1b`);
    // Llama 3.2 1B: 2 × 16 layers × 8 KV heads × 64 dims × 2 bytes = 32,768 bytes a token beside the target's.
    expect(handoffLink(drafted)!.bytesPerTokenPerGpu - handoffLink(plain)!.bytesPerTokenPerGpu).toBe(2 * 16 * 8 * 64 * 2);
  });
});

describe('prefill at TP 4, decode at TP 1 × 4, against TP 2 everywhere (8 H100s)', () => {
  const Q = 'model=llama-3.1-8b&gpu=h100-sxm&prompt=1000&output=50&spread=0&requests=1&users=1&networkMs=0&prefillGpus=4&decodeGpus=4';
  const tp2 = built(`${Q}&tp=2`);
  const perPool = built(`${Q}&tp=2&prefillTp=4&decodeTp=1`);
  const r2 = simulate(tp2);
  const rp = simulate(perPool);
  // The same request alone on a colocated server at each TP: its prefill iteration and its decode steps.
  const alone = (tp: number): RunResult => simulate(built(`model=llama-3.1-8b&gpu=h100-sxm&prompt=1000&output=50&spread=0&requests=1&users=1&networkMs=0&tp=${tp}`));
  const [a1, a2, a4] = [alone(1), alone(2), alone(4)];

  it('has 1 prefill + 4 decode instances instead of 2 + 2, on the same 8 GPUs', () => {
    expect(clusterShape(tp2).instances.map((i) => `${i.role}${i.gpus}`)).toEqual(['prefill2', 'prefill2', 'decode2', 'decode2']);
    expect(clusterShape(perPool).instances.map((i) => `${i.role}${i.gpus}`)).toEqual(['prefill4', 'decode1', 'decode1', 'decode1', 'decode1']);
    expect(clusterShape(perPool).gpus).toBe(8);
    expect(rp.instances!.map((i) => i.gpus)).toEqual([4, 1, 1, 1, 1]);
  });

  it('prefills at TP 4\'s cost and decodes at TP 1\'s', () => {
    // The prefill instance's one iteration is the colocated TP 4 server's first (the same prompt alone).
    expect(rp.instances![0].log.gapS[0]).toBe(a4.log.gapS[0]);
    expect(r2.instances![0].log.gapS[0]).toBe(a2.log.gapS[0]);
    expect(a4.log.gapS[0]).toBeLessThan(a2.log.gapS[0]);
    // The decode instance's last run of steps is the colocated TP 1 server's last (one sequence, the same context).
    const lastGap = (r: RunResult, i: number) => r.instances![i].log.gapS.at(-1)!;
    const decodeAt = rp.instances!.findIndex((i) => i.role === 'decode' && i.routed > 0);
    expect(lastGap(rp, decodeAt)).toBe(a1.log.gapS.at(-1));
    expect(lastGap(r2, 2)).toBe(a2.log.gapS.at(-1));
    expect(a1.log.gapS.at(-1)!).toBeGreaterThan(a2.log.gapS.at(-1)!);
  });

  it('moves its KV in twice the time: the one decode GPU takes the whole cache over one link, where TP 2 splits it over two', () => {
    const t = (r: RunResult) => r.requests[0].kvArrivalS! - r.requests[0].kvSendStartS!;
    expect(t(r2)).toBeCloseTo((1000 * KV_BYTES_PER_TOKEN) / 2 / 450e9, 12);
    expect(t(rp)).toBeCloseTo((1000 * KV_BYTES_PER_TOKEN) / 450e9, 12);
  });
});

describe('the page\'s copy of a run', () => {
  it('carries each pool\'s server without its cost function, so it crosses to the page', () => {
    const s = built('model=llama-3.1-8b&gpu=h100-sxm&tp=2&prefillGpus=4&decodeGpus=4&prefillTp=4&decodeTp=1&kvLink=infiniband');
    const summary = structuredClone(summarizeScenario(s));
    expect(summary.levers!.disaggregated).toMatchObject({ prefillInstances: 1, decodeInstances: 4, prefillServer: { gpus: 4 }, decodeServer: { gpus: 1 }, link: { bytesPerSecPerGpu: 50e9, latencyS: 5e-6 } });
  });
});

describe('ranges', () => {
  it('put each pool\'s own server at the edge too', () => {
    const s = built('model=llama-3.1-8b&gpu=h100-sxm&tp=2&prefillGpus=4&decodeGpus=4&prefillTp=4&decodeTp=1');
    const e = edgeScenario(s, { kvCapacity: 0.5, stepCost: 2, prefillCost: 1, frontend: 1 });
    // The prefill-cost spread as well: only the prompt chunks' share of a step grows.
    const p = edgeScenario(s, { kvCapacity: 1, stepCost: 2, prefillCost: 1.5, frontend: 1 });
    const work = { prefillTokens: 100, prefillAttentionPairs: 5050, prefillContextTokens: 0, prefillSeqs: 1, decodeSeqs: 3, decodeKvTokens: 3000 };
    for (const pool of ['prefillServer', 'decodeServer'] as const) {
      const [before, after] = [s.levers!.disaggregated![pool]!, e.levers!.disaggregated![pool]!];
      expect(after.iterationSeconds(work)).toBe(before.iterationSeconds(work) * 2);
      expect(after.kvCapacityTokens).toBe(Math.floor(before.kvCapacityTokens * 0.5));
      const prefilled = p.levers!.disaggregated![pool]!;
      const scaled = prefillScaledSeconds((w) => before.iterationSeconds(w), work, 1.5) * 2;
      expect(prefilled.iterationSeconds(work)).toBe(scaled);
      expect(scaled).toBeGreaterThan(before.iterationSeconds(work) * 2);
    }
  });
});

describe('refusals', () => {
  it('refuses GPUs that do not make whole instances of the pool\'s TP', () => {
    expect(refused('model=llama-3.1-8b&gpu=h100-sxm&prefillGpus=3&decodeGpus=2&prefillTp=2')).toMatchObject({ param: 'prefill-gpus', message: expect.stringContaining('prefill-tp 2') });
    expect(refused('model=llama-3.1-8b&gpu=h100-sxm&prefillGpus=4&decodeGpus=6&decodeTp=4')).toMatchObject({ param: 'decode-gpus', message: expect.stringContaining('instances of 4 GPUs') });
  });
  it('refuses a pool the model does not fit at, with the roofline\'s reason', () => {
    const r = refused('model=llama-3.1-70b&gpu=h100-sxm&tp=2&prefillGpus=2&decodeGpus=2&decodeTp=1');
    expect(r.param).toBe('decode-tp');
    expect(r.message).toMatch(/^the decode pool at TP 1 cannot run: .*needs .* of weights/);
  });
  it('refuses per-pool TP on the lesson server, pool settings without a split, and NVLink where it does not reach', () => {
    expect(refused('prefillGpus=1&decodeGpus=1&prefillTp=2').param).toBe('prefill-tp');
    expect(refused('model=llama-3.1-8b&gpu=h100-sxm&kvLink=pcie').param).toBe('kv-link');
    expect(refused('model=llama-3.1-8b&gpu=h100-sxm&prefillGpus=6&decodeGpus=4&kvLink=nvlink').message).toMatch(/span servers/);
    expect(refused('model=llama-3.1-8b&gpu=l40s&prefillGpus=1&decodeGpus=1&kvLink=nvlink').message).toMatch(/not NVLink/);
  });
});

describe('properties', () => {
  it('prefillTp = decodeTp = tp gives the run of today\'s split', () => {
    fc.assert(fc.property(fc.constantFrom(1, 2, 4), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 24 }), (tp, p, d, users) => {
      const q = `model=llama-3.1-8b&gpu=h100-sxm&workload=chat&requests=40&users=${users}&tp=${tp}&prefillGpus=${p * tp}&decodeGpus=${d * tp}`;
      const today = simulate(built(q));
      const same = simulate(built(`${q}&prefillTp=${tp}&decodeTp=${tp}&kvLink=auto`));
      expect(JSON.stringify({ r: same.requests, m: same.metrics, i: same.instances })).toBe(JSON.stringify({ r: today.requests, m: today.metrics, i: today.instances }));
    }), { seed: 19, numRuns: 12 });
  });

  it('pool instance counts are each pool\'s GPUs over its TP', () => {
    fc.assert(fc.property(fc.constantFrom(1, 2, 4, 8), fc.constantFrom(1, 2, 4, 8), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (ptp, dtp, pn, dn) => {
      const s = built(`model=llama-3.1-8b&gpu=h100-sxm&prefillGpus=${pn * ptp}&decodeGpus=${dn * dtp}&prefillTp=${ptp}&decodeTp=${dtp}`);
      const shape = clusterShape(s);
      expect(shape.instances.filter((i) => i.role === 'prefill').length).toBe(pn);
      expect(shape.instances.filter((i) => i.role === 'decode').length).toBe(dn);
      expect(shape.instances.every((i) => i.gpus === (i.role === 'prefill' ? ptp : dtp))).toBe(true);
      expect(shape.gpus).toBe(pn * ptp + dn * dtp);
    }), { seed: 23, numRuns: 30 });
  });

  it('a faster link never makes the mean KV transfer longer', () => {
    const meanTransferS = (s: Scenario): number => {
      const moved = simulate(s).requests.filter((q) => q.kvArrivalS !== undefined);
      return moved.reduce((n, q) => n + (q.kvArrivalS! - q.kvSendStartS!), 0) / Math.max(1, moved.length);
    };
    fc.assert(fc.property(
      fc.record({
        prompt: fc.integer({ min: 1, max: 6000 }), output: fc.integer({ min: 2, max: 200 }), users: fc.integer({ min: 1, max: 32 }), seed: fc.integer({ min: 0, max: 1e6 }),
        p: fc.integer({ min: 1, max: 3 }), d: fc.integer({ min: 1, max: 3 }), slowGbps: fc.double({ min: 1, max: 500, noNaN: true }), faster: fc.double({ min: 1, max: 20, noNaN: true }),
        latencyUs: fc.double({ min: 0, max: 100, noNaN: true }), fasterLatency: fc.boolean(),
      }),
      (r) => {
        const at = (gbps: number, latencyUs: number): Scenario => ({
          workload: customWorkload(r.prompt, r.output, 0.3), server: lessonProfile(), load: { kind: 'closed', users: r.users, thinkMs: 0 },
          slo: { ttftMs: null, tpotMs: null, e2eMs: null }, requests: 60, seed: r.seed, chunkedPrefill: false, networkRttMs: 20,
          levers: { disaggregated: { prefillInstances: r.p, decodeInstances: r.d, link: { bytesPerSecPerGpu: gbps * 1e9, latencyS: latencyUs * 1e-6, label: 'test' } } },
        });
        const slow = meanTransferS(at(r.slowGbps, r.latencyUs));
        const fast = meanTransferS(at(r.slowGbps * r.faster, r.fasterLatency ? r.latencyUs / 2 : r.latencyUs));
        expect(fast).toBeLessThanOrEqual(slow * (1 + 1e-12));
      },
    ), { seed: 7, numRuns: 40 });
  });
});
