import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { plan, planShapes } from '../../src/plan/search';
import type { PlanRequest } from '../../src/plan/types';

/** A load that needs more than one instance on one side: long prompts at a rate one L40S prefill cannot keep up with. */
const REQ: PlanRequest = {
  models: ['llama-3.1-8b'], promptTokens: 3000, outputTokens: 150, spread: 0.2, ratePerSec: 8, ttftSloMs: 1500, tpotSloMs: 60, inTimeShare: 0.95,
  gpus: ['l40s'], precisions: ['bf16'], engines: ['vllm'], splits: ['disaggregated'], maxGpus: 8, pricePerGpuHour: {}, requests: 200, seed: 7,
};

function predicted(args: string[]) {
  const out: string[] = [];
  expect(run(['predict', ...args, '--json'], (s) => out.push(s), (s) => { throw new Error(s); })).toBe(0);
  return JSON.parse(out.join('')).metrics as { ttftMs: { p90: number }; tpotMs: { p90: number }; sloMetShare: number; rejected: number };
}
const meets = (m: ReturnType<typeof predicted>) => m.rejected === 0 && m.ttftMs.p90 <= REQ.ttftSloMs && m.tpotMs.p90 <= REQ.tpotSloMs && m.sloMetShare >= REQ.inTimeShare;
const withFlag = (args: string[], flag: string, value: number) => args.map((a, i) => (args[i - 1] === flag ? String(value) : a));

describe('the planner, disaggregated', () => {
  const result = plan(REQ);

  it('lists disaggregated shapes after the colocated ones, and only where two instances fit', () => {
    const shapes = planShapes({ ...REQ, splits: ['colocated', 'disaggregated'], maxGpus: 4 });
    const split = shapes.findIndex((s) => s.disaggregated);
    expect(shapes.slice(0, split).every((s) => !s.disaggregated)).toBe(true);
    expect(shapes.filter((s) => s.disaggregated).map((s) => s.tp)).toEqual([1, 2]);
    expect(planShapes({ ...REQ, splits: undefined }).every((s) => !s.disaggregated)).toBe(true);
  });

  it('finds prefill and decode instances that meet the targets, and one fewer on either side misses (rerun with predict)', () => {
    const best = result.configs[0];
    expect(best?.disaggregated, 'a disaggregated deployment in the plan').toBeDefined();
    const { prefillInstances: p, decodeInstances: d } = best.disaggregated!;
    expect(best.gpus).toBe(best.tp * (p + d));
    expect(best.predict).toEqual(expect.arrayContaining(['--prefill-gpus', String(p * best.tp), '--decode-gpus', String(d * best.tp)]));
    expect(meets(predicted(best.predict))).toBe(true);
    if (p > 1) expect(meets(predicted(withFlag(best.predict, '--prefill-gpus', (p - 1) * best.tp)))).toBe(false);
    if (d > 1) expect(meets(predicted(withFlag(best.predict, '--decode-gpus', (d - 1) * best.tp)))).toBe(false);
    expect(p + d).toBeGreaterThan(2);
  });

  it('`lab plan --splits` reports its prefill and decode GPUs in the JSON, and refuses an unknown split', () => {
    const out: string[] = [];
    const args = ['plan', '--model', 'llama-3.1-8b', '--prompt', '3000', '--output', '150', '--rate', '8', '--ttft-slo', '1500', '--tpot-slo', '60', '--gpus', 'l40s', '--precisions', 'bf16', '--engines', 'vllm', '--splits', 'disaggregated', '--max-gpus', '8', '--requests', '200', '--seed', '7', '--spread', '0.2', '--json'];
    expect(run(args, (s) => out.push(s), () => {})).toBe(0);
    const first = JSON.parse(out.join('')).configs[0];
    expect(first.prefillGpus).toBe(result.configs[0].disaggregated!.prefillInstances * first.tp);
    expect(first.decodeGpus).toBe(result.configs[0].disaggregated!.decodeInstances * first.tp);
    const err: string[] = [];
    expect(run(args.map((a) => (a === 'disaggregated' ? 'sideways' : a)), () => {}, (s) => err.push(s))).toBe(2);
    expect(err.join('')).toMatch(/--splits: unknown "sideways" \(one of colocated, disaggregated\)/);
  });
});
