import { describe, expect, it } from 'vitest';
import { clusterShape, requestBreakdown, simulate } from '../../src/engine';
import {
  blamedPart, describeChange, diagnose, diagnosisInputOf, diagnosisText, MAX_LEVERS, OFFERED_PREFIX_SHARE, OFFERED_SPEC_TOKENS, SMALL_BATCH,
  type ClockPart, type Diagnosis, type LeverId,
} from '../../src/lesson/diagnosis';
import { fmtMs, fmtShare, fmtTimes } from '../../src/lesson/format';
import { settingsFromQuery, settingsToQuery } from '../../src/settings/parse';
import { patchSettings } from '../../src/settings/patch';
import type { Settings } from '../../src/settings/schema';
import { scenarioFromSettings } from '../../src/settings/scenario';

const memo = new Map<string, Diagnosis>();

/** Runs settings through the real engine and diagnoses the result, as the panel does with the worker's. */
function diagnoseSettings(settings: Settings): Diagnosis {
  const key = settingsToQuery(settings);
  const hit = memo.get(key);
  if (hit) return hit;
  const built = scenarioFromSettings(settings);
  if (!built.ok) throw new Error(`${key}: ${built.message}`);
  const result = simulate(built.scenario);
  const shape = clusterShape(built.scenario);
  const d = diagnose(diagnosisInputOf(result, requestBreakdown(result, result.representativeId), shape.gpus, shape.gpusPerInstance), settings);
  memo.set(key, d);
  return d;
}
const settingsOf = (query: string) => settingsFromQuery(query).settings;
const diagnoseQuery = (query: string) => diagnoseSettings(settingsOf(query));
const ids = (d: Diagnosis): LeverId[] => d.levers.map((l) => l.id);
const clockOf = (d: Diagnosis, c: 'ttft' | 'tpot') => (c === 'ttft' ? d.ttft : d.tpot!);

/** Chat at 4 req/s on the lesson server, more than it sustains: the queue grows without end. */
const QUEUE_BOUND = 'workload=chat&rate=4';
/** 9,000-token prompts, idle, against a 500 ms TTFT target: prefill alone is over. */
const PREFILL_BOUND = 'prompt=9000&output=200&ttftSlo=500&tpotSlo=50';
/** 64 chat users on one lesson server: every step carries the whole batch. */
const BATCH_BOUND = 'workload=chat&users=64';
/** 16 users with 4,000-token prompts: others' prefills stretch each decode step. */
const INTERFERENCE = 'prompt=4000&output=200&users=16&tpotSlo=50&ttftSlo=2000';
/** The README's DistServe case: 4 × H100 as four replicas at 20 req/s against TPOT 20 ms. */
const DISTSERVE = 'model=llama-3.1-8b&gpu=h100-sxm&prompt=4000&output=200&spread=0.5&ttftSlo=1000&tpotSlo=20&requests=600&window=steady&replicas=4&rate=20';

const SCENARIOS = [QUEUE_BOUND, PREFILL_BOUND, BATCH_BOUND, INTERFERENCE, DISTSERVE, 'workload=chat', 'workload=chat&load=busy', 'workload=summarize&users=8&tpotSlo=50', 'workload=chat&networkMs=600', 'workload=summarize&users=16&prefillGpus=1&decodeGpus=1&tpotSlo=35', 'workload=chat&users=128&admission=paged&maxBatch=256&chunkedPrefill=1', 'server=custom&workload=chat&users=8&customTtftMs=900'];

describe('blamedPart: the rule', () => {
  const parts = (queue: number, prefill: number, network = 50): ClockPart[] => [
    { id: 'network', ms: network, medianMs: null },
    { id: 'queue', ms: queue, medianMs: null },
    { id: 'prefill', ms: prefill, medianMs: null },
  ];
  it('blames the queue when taking it away alone would meet the target, even if prefill is larger', () => {
    expect(blamedPart('ttft', parts(120, 485), 95, false)).toBe('queue');
  });
  it('blames the largest part when no lost wait alone covers the miss', () => {
    expect(blamedPart('ttft', parts(60, 485), 95, false)).toBe('prefill');
    expect(blamedPart('ttft', parts(300, 200), 400, false)).toBe('queue');
  });
  it('never blames the network for tipping a request over, only when it is the largest part', () => {
    expect(blamedPart('ttft', parts(0, 49, 50), 5, false)).toBe('network');
    expect(blamedPart('ttft', parts(0, 60, 50), 5, false)).toBe('prefill');
  });
  it('on TPOT, prefill interference is blamed when removing it alone meets the target; else the pace', () => {
    const tpot = (pace: number, interference: number): ClockPart[] => [
      { id: 'pace', ms: pace, medianMs: null },
      { id: 'interference', ms: interference, medianMs: null },
      { id: 'preemption', ms: 0, medianMs: null },
      { id: 'handoff', ms: 0, medianMs: null },
    ];
    expect(blamedPart('tpot', tpot(39.6, 14.9), 4.6, false)).toBe('interference');
    expect(blamedPart('tpot', tpot(67.7, 13), 30.7, false)).toBe('pace');
    // Met: where the time goes, the largest part.
    expect(blamedPart('tpot', tpot(39.6, 14.9), -10, true)).toBe('pace');
  });
});

describe('diagnosis on the engine', () => {
  it('a queue-bound TTFT miss: the queue, and more replicas first', () => {
    const d = diagnoseQuery(QUEUE_BOUND);
    expect(d.state).toBe('miss');
    expect(d.broken).toBe('ttft');
    expect(d.cause).toBe('queue');
    expect(d.ttft.overMs).toBeCloseTo(d.ttft.valueMs - 500, 6);
    expect(d.ttft.parts.find((p) => p.id === 'queue')!.ms).toBeGreaterThan(d.ttft.overMs);
    expect(ids(d)[0]).toBe('replicas');
    expect(d.levers[0].patch).toEqual({ replicas: 2 });
  });

  it('a prefill-bound TTFT miss: prefill, and the prefix cache first', () => {
    const d = diagnoseQuery(PREFILL_BOUND);
    expect([d.state, d.broken, d.cause]).toEqual(['miss', 'ttft', 'prefill']);
    expect(d.ttft.parts.find((p) => p.id === 'queue')!.ms).toBe(0);
    expect(d.levers[0]).toMatchObject({ id: 'prefix-cache', patch: { prefixCacheShare: OFFERED_PREFIX_SHARE } });
    // Idle, a second replica cannot shorten one request's prefill, so it is not offered.
    expect(ids(d)).not.toContain('replicas');
    expect(d.tpot!.met).toBe(true);
  });

  it('a TPOT miss from the batch: its own pace, with about 64 sharing each step; capacity and a smaller batch first, speculation last with its caveat', () => {
    const d = diagnoseQuery(BATCH_BOUND);
    expect([d.state, d.broken, d.cause]).toEqual(['miss', 'tpot', 'pace']);
    expect(d.context.decodeBatch).toBeGreaterThan(60);
    expect(ids(d)).toEqual(['replicas', 'batch-down', 'spec']);
    expect(d.levers[1].patch).toEqual({ maxBatch: Math.round(d.context.decodeBatch / 2) });
    expect(d.levers[2].patch).toEqual({ specTokens: OFFERED_SPEC_TOKENS });
    expect(d.levers[2].tradeoff).toMatch(/shrink or turn into a loss/);
  });

  it('a TPOT miss from prefill interference: others’ prefills, and splitting prefill from decode first', () => {
    const d = diagnoseQuery(INTERFERENCE);
    expect([d.state, d.broken, d.cause]).toEqual(['miss', 'tpot', 'interference']);
    const interference = d.tpot!.parts.find((p) => p.id === 'interference')!.ms;
    expect(interference).toBeGreaterThanOrEqual(d.tpot!.overMs);
    expect(ids(d)[0]).toBe('split');
    // One instance: the split adds a second, and says so.
    expect(d.levers[0].patch).toEqual({ prefillGpus: 1, decodeGpus: 1 });
    expect(d.levers[0].label).toMatch(/twice today/);
  });

  it('the DistServe case: interference, and a split of the same four GPUs', () => {
    const d = diagnoseQuery(DISTSERVE);
    expect([d.broken, d.cause]).toEqual(['tpot', 'interference']);
    expect(d.levers[0]).toMatchObject({ id: 'split', patch: { replicas: 1, prefillGpus: 2, decodeGpus: 2 } });
    expect(d.levers[0].label).toMatch(/same 4 GPUs/);
  });

  it('a network-bound TTFT: the network, and a closer region', () => {
    const d = diagnoseQuery('workload=chat&networkMs=600');
    expect([d.broken, d.cause]).toEqual(['ttft', 'network']);
    expect(d.levers.map((l) => l.patch)).toEqual([{ networkMs: 300 }]);
  });

  it('a disaggregated run whose decode pool is too small: the KV hand-off, and another decode instance', () => {
    const d = diagnoseQuery('workload=summarize&users=16&prefillGpus=1&decodeGpus=1&tpotSlo=35');
    expect([d.broken, d.cause]).toEqual(['tpot', 'handoff']);
    expect(d.levers[0]).toMatchObject({ id: 'more-decode', patch: { decodeGpus: 2 } });
  });

  it('everything met: says so, and names the clock with the least headroom', () => {
    const d = diagnoseQuery('workload=chat');
    expect(d.state).toBe('met');
    expect(d.broken).toBeNull();
    expect(d.tightest).toBe('tpot');
    expect(d.tpot!.headroomShare!).toBeCloseTo((50 - d.tpot!.valueMs) / 50, 9);
    expect(d.tpot!.headroomShare!).toBeLessThan(d.ttft.headroomShare!);
    const text = diagnosisText(d);
    expect(text.headline).toMatch(/^Every request meets its targets\. TPOT would break first: /);
    expect(text.headline).toContain(`${fmtMs(d.tpot!.valueMs)} of its 50 ms target`);
    // What would push it over: its largest part (its own pace), and by how much it would have to grow.
    expect(d.cause).toBe('pace');
    expect(text.body).toContain(`It would take ${fmtTimes(50 / d.tpot!.valueMs)} its TPOT to miss: each sequence added to a step adds its KV cache to what every step reads, so more users or longer contexts slow every token.`);
  });

  it('the drawn request in time but not the whole run: the tail, with the slowest requests’ cause', () => {
    const d = diagnoseQuery('workload=chat&rate=2.5&requests=2000&seed=2&networkMs=10&ttftSlo=500&tpotSlo=off');
    expect(d.state).toBe('tail');
    expect(d.broken).toBe('ttft');
    expect(d.cause).toBe('queue');
    expect(d.runMetShare).toBeLessThan(1);
    // With only a TTFT target, every late request missed TTFT: the headline gives one share twice, rounded alike.
    const late = diagnosisText(d).headline.match(/but ([\d.]+%) of requests are not; most of them miss TTFT \(([\d.]+%) of requests\)/);
    expect(late).not.toBeNull();
    expect(late![1]).toBe(late![2]);
    // Beside the verdict's share in time, the two add to 100% (this run is 98.45% in time: 98.5% and 1.5%, not 1.6%).
    expect(d.runMetShare).toBe(0.9845);
    expect(Number(late![1].slice(0, -1)) + Number(fmtShare(d.runMetShare).slice(0, -1))).toBeCloseTo(100, 9);
  });

  it('no targets, and no result, say so instead of diagnosing', () => {
    expect(diagnoseQuery('workload=chat&ttftSlo=off&tpotSlo=off')).toMatchObject({ state: 'no-targets', levers: [] });
    expect(diagnoseQuery('prompt=200000&output=10')).toMatchObject({ state: 'no-result', levers: [] });
  });

  for (const query of SCENARIOS) {
    it(`${query}: parts add up, levers are valid settings, and no sentence prints NaN`, () => {
      const d = diagnoseQuery(query);
      const sum = (ps: ClockPart[]) => ps.reduce((s, p) => s + p.ms, 0);
      expect(sum(d.ttft.parts)).toBeCloseTo(d.ttft.valueMs, 6);
      if (d.tpot) expect(sum(d.tpot.parts) / d.tpot.valueMs).toBeCloseTo(1, 6);
      expect(d.levers.length).toBeLessThanOrEqual(MAX_LEVERS);
      const settings = settingsOf(query);
      for (const lever of d.levers) {
        const next = patchSettings(settings, lever.patch);
        const built = scenarioFromSettings(next);
        expect(built.ok, `${lever.id}: ${built.ok ? '' : built.message}`).toBe(true);
        // The patch survives a link: the lab can pin and share it.
        expect(settingsFromQuery(settingsToQuery(next)).notices).toEqual([]);
        for (const [k, v] of Object.entries(lever.patch)) expect(settings[k as keyof Settings], `${lever.id} changes ${k}`).not.toEqual(v);
      }
      const text = diagnosisText(d);
      for (const line of [text.headline, ...text.body, ...d.levers.flatMap((l) => [l.label, l.how, l.tradeoff])]) {
        expect(line).not.toMatch(/NaN|Infinity|undefined|–%/);
      }
    });
  }
});

describe('the levers move the clock they are offered for, on the engine', () => {
  // The first lever of each broken clock, applied: the clock falls, and the part blamed falls with it.
  for (const query of [QUEUE_BOUND, PREFILL_BOUND, BATCH_BOUND, INTERFERENCE, DISTSERVE]) {
    it(query, () => {
      const before = diagnoseQuery(query);
      const lever = before.levers[0];
      const after = diagnoseSettings(patchSettings(settingsOf(query), lever.patch));
      const change = describeChange(before, after, lever.clock)!;
      expect(change.direction).toBe('better');
      const part = (d: Diagnosis) => clockOf(d, lever.clock).parts.find((p) => p.id === before.cause)!.ms;
      expect(part(after)).toBeLessThan(part(before));
      expect(after.runMetShare).toBeGreaterThanOrEqual(before.runMetShare);
    });
  }

  it('prefix caching on the prefill-bound run: TTFT meets its target, TPOT does not move, and the text says so', () => {
    const before = diagnoseQuery(PREFILL_BOUND);
    const after = diagnoseSettings(patchSettings(settingsOf(PREFILL_BOUND), before.levers[0].patch));
    const change = describeChange(before, after, 'ttft')!;
    expect(change).toMatchObject({ direction: 'better', metBefore: false, metAfter: true, otherWorse: false });
    expect(change.moved!.id).toBe('prefill');
    expect(change.sentences.join(' ')).toContain(`TTFT ${fmtMs(before.ttft.valueMs)} → ${fmtMs(after.ttft.valueMs)}`);
    expect(change.sentences.join(' ')).toMatch(/TTFT now meets its 500 ms target/);
    expect(Math.abs(after.tpot!.valueMs / before.tpot!.valueMs - 1)).toBeLessThan(0.01);
  });

  it('speculative decoding at a batch of 64 on the lesson server is a loss, and the change says so', () => {
    const before = diagnoseQuery(BATCH_BOUND);
    expect(before.context.decodeBatch).toBeGreaterThan(SMALL_BATCH);
    const spec = before.levers.find((l) => l.id === 'spec')!;
    const after = diagnoseSettings(patchSettings(settingsOf(BATCH_BOUND), spec.patch));
    const change = describeChange(before, after, 'tpot')!;
    expect(change.direction).toBe('worse');
    expect(change.sentences.join(' ')).toMatch(/made TPOT worse here/);
  });

  it('a smaller batch limit trades TTFT for TPOT, and the change names the cost', () => {
    const before = diagnoseQuery(BATCH_BOUND);
    const lever = before.levers.find((l) => l.id === 'batch-down')!;
    const after = diagnoseSettings(patchSettings(settingsOf(BATCH_BOUND), lever.patch));
    const change = describeChange(before, after, 'tpot')!;
    expect(change.direction).toBe('better');
    expect(change.otherWorse).toBe(true);
    expect(change.sentences.join(' ')).toMatch(/It cost the other clock: TTFT rose/);
  });
});

describe('the words quote the numbers', () => {
  it('the headline of a miss quotes the drawn request’s value, the target and the miss as the cards format them', () => {
    const d = diagnoseQuery(BATCH_BOUND);
    const h = diagnosisText(d).headline;
    expect(h).toContain(fmtMs(d.tpot!.valueMs));
    expect(h).toContain(fmtMs(50));
    expect(h).toContain(fmtMs(d.tpot!.overMs));
  });
  it('a miss many times over its target reads as a multiple, not a clamped percentage', () => {
    expect(diagnosisText(diagnoseQuery(QUEUE_BOUND)).headline).toMatch(/\d+× the target/);
  });
  it('the cause sentence quotes the blamed part and the run’s median of it', () => {
    const d = diagnoseQuery(QUEUE_BOUND);
    const q = d.ttft.parts.find((p) => p.id === 'queue')!;
    const [cause] = diagnosisText(d).body;
    expect(cause).toContain(fmtMs(q.ms));
    expect(cause).toContain(fmtMs(q.medianMs!));
  });
});
