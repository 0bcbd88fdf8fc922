import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/engine/simulate';
import { lessonProfile } from '../../src/engine/profiles/lesson';
import { customWorkload } from '../../src/engine/workloads';
import type { Levers, Scenario } from '../../src/engine/types';
import { formatCount, formatShare } from '../../src/views/common/format';
import { prefixCacheText } from '../../src/views/server/prefixCacheText';

const run = (levers: Levers | undefined, kv = 120_000) => {
  const s: Scenario = {
    workload: customWorkload(1000, 100, 0), server: { ...lessonProfile(), kvCapacityTokens: kv }, load: { kind: 'closed', users: 1, thinkMs: 0 },
    slo: { ttftMs: null, tpotMs: null, e2eMs: null }, requests: 2, seed: 1, chunkedPrefill: false, networkRttMs: 0, levers,
  };
  return simulate(s);
};

describe("the server view's prefix cache line", () => {
  it('is absent without a prefix lever', () => {
    expect(prefixCacheText(run(undefined), formatShare, formatCount)).toBeNull();
  });

  it('gives the hit rate, the peak held and the evictions', () => {
    // Turn 2 of P = 1000, O = 100, M = 1000 finds 1,088 of 3,100 prompt tokens cached; after turn 2 the cache holds its ⌊2,200 / 16⌋ = 137 full blocks (turn 1's 68 among them), 2,192 tokens.
    const r = run({ prefixCache: { groups: 0, prefixTokens: 0, turns: 2 } });
    expect(prefixCacheText(r, formatShare, formatCount)).toBe('Prefix cache: 35.1% of prompt tokens found cached; it held up to 2,192 tokens of KV, shared with the running requests; nothing evicted.');
  });

  it('names the simple form', () => {
    expect(prefixCacheText(run({ prefixCacheShare: 0.5 }), formatShare, formatCount)).toBe('Prefix cache: 50.0% of prompt tokens found cached (a fixed share of each prompt, held once).');
  });
});
