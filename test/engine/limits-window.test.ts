import { describe, expect, it } from 'vitest';
import { BlockedTime } from '../../src/engine/cluster/blocked';
import { simulate } from '../../src/engine/simulate';
import { DEFAULT_SETTINGS, scenarioFromSettings, type Settings } from '../../src/settings';

const scenario = (patch: Partial<Settings>) => {
  const b = scenarioFromSettings({ ...DEFAULT_SETTINGS, ...patch });
  if (!b.ok) throw new Error(b.message);
  return b.scenario;
};

describe('blocked time is measured over the span the metrics cover', () => {
  it('clips intervals to the span and merges touching ones of a kind', () => {
    const b = new BlockedTime();
    b.add('memory', 0, 2);
    b.add('memory', 2, 5);
    b.add('batch', 5, 6);
    b.add('memory', 8, 10);
    expect(b.total).toEqual({ batchS: 1, memoryS: 7 });
    expect(b.within(1, 9)).toEqual({ batchS: 1, memoryS: 5 });
    expect(b.within(6, 8)).toEqual({ batchS: 0, memoryS: 0 });
  });

  // The report at 64 users on the lesson server waits on KV memory all run long. Its steady window is shorter
  // than the run, so time blocked over the whole run divided by the window's duration read 1.139 (paged at 200 users: 1.625).
  for (const [name, patch] of [
    ['reserve, memory-bound', { workload: 'report', users: 64, window: 'steady' }],
    ['paged, batch-bound', { workload: 'report', users: 200, window: 'steady', admission: 'paged' }],
    ['cluster of 2 replicas', { workload: 'report', users: 200, window: 'steady', replicas: 2 }],
  ] as [string, Partial<Settings>][]) {
    it(`${name}: each share and their sum stay within 0..1`, () => {
      const r = simulate(scenario(patch));
      const d = r.metrics.durationS;
      const batch = r.limits.batchS / d;
      const memory = r.limits.memoryS / d;
      expect(batch).toBeGreaterThanOrEqual(0);
      expect(memory).toBeGreaterThanOrEqual(0);
      expect(batch + memory).toBeLessThanOrEqual(1 + 1e-9);
      expect(Math.max(batch, memory)).toBeGreaterThan(0.5);
      for (const i of r.instances ?? []) expect((i.limits.batchS + i.limits.memoryS) / d).toBeLessThanOrEqual(1 + 1e-9);
    });
  }
});
