import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { judge, sustainedRate, type Counter } from '../../src/plan/evaluate';
import { plannedConfig } from '../../src/plan/planned';
import { pressure, rangeVerdict, withRangeVerdict } from '../../src/plan/rangeCheck';
import type { PlanConfig, PlanRequest } from '../../src/plan/types';
import { PREDICTION_SPREADS, UNCERTAIN_INPUTS } from '../../src/engine/uncertainty';

// The plan's near-knee flag from the ranges `lab predict` gives: a deployment just inside a target whose
// range crosses it is flagged, with the input the verdict hangs on; one far inside is not.

const SHAPE: PlanConfig = { model: 'llama-3.1-8b', gpu: 'l40s', precision: 'bf16', tp: 1, replicas: 1, engine: 'vllm' };
const LOOSE: PlanRequest = {
  models: ['llama-3.1-8b'], promptTokens: 1000, outputTokens: 200, spread: 0.2, ratePerSec: 2, ttftSloMs: 60_000, tpotSloMs: 60_000, inTimeShare: 0.85,
  gpus: ['l40s'], precisions: ['bf16'], engines: ['vllm'], maxGpus: 1, pricePerGpuHour: {}, requests: 200, seed: 7,
};
const counter = (): Counter => ({ evaluated: 0 });

/** The request with its TPOT target 5% above the deployment's own p90 TPOT at the asked rate: just inside. */
function justInside(): PlanRequest {
  const at = judge(LOOSE, SHAPE, LOOSE.ratePerSec, counter());
  return { ...LOOSE, tpotSloMs: Math.round(at.tpotP90Ms * 1.05 * 100) / 100 };
}

function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the range check of a recommended deployment', () => {
  it('just inside the TPOT target: its range crosses it, and the verdict hangs on the step cost', () => {
    const req = justInside();
    // Inside at its point: the plan would recommend it.
    expect(judge(req, SHAPE, req.ratePerSec, counter()).meets).toBe(true);
    const v = rangeVerdict(req, SHAPE)!;
    expect(v.tpotP90Ms[0]).toBeLessThanOrEqual(req.tpotSloMs);
    expect(v.tpotP90Ms[1]).toBeGreaterThan(req.tpotSloMs);
    expect(v.crosses).toContain('tpotP90');
    // TPOT is the decode step: only the step cost moves it this far, so it alone misses.
    expect(v.hangsOn).toBe('stepCost');
    expect(v.sensitivity.map((x) => x.input).sort()).toEqual([...UNCERTAIN_INPUTS].sort());
    // At its unfavourable end: the top of the step-cost spread.
    expect(v.sensitivity[0]).toMatchObject({ input: 'stepCost', value: PREDICTION_SPREADS.stepCost[1], meets: false });
    expect(v.sensitivity[0].tpotP90Ms).toBeGreaterThan(req.tpotSloMs);
    // Most decisive first.
    const p = v.sensitivity.map((x) => x.pressure);
    expect(p).toEqual([...p].sort((a, b) => b - a));
  });

  it('its range is the one `lab predict --json` gives for the same deployment', () => {
    const req = justInside();
    const at = judge(req, SHAPE, req.ratePerSec, counter());
    const c = plannedConfig(req, SHAPE, at, sustainedRate(req, SHAPE, req.ratePerSec, counter()));
    const r = cli(['predict', ...c.predict, '--json']);
    expect(r.code).toBe(0);
    const m = JSON.parse(r.out).metrics;
    const v = rangeVerdict(req, SHAPE)!;
    expect(m.tpotMs.range.p90[0]).toBeCloseTo(v.tpotP90Ms[0], 2);
    expect(m.tpotMs.range.p90[1]).toBeCloseTo(v.tpotP90Ms[1], 2);
    expect(m.ttftMs.range.p90[1]).toBeCloseTo(v.ttftP90Ms[1], 2);
  });

  it('far inside every target: no crossing, nothing named, no sensitivity runs', () => {
    const light = { ...LOOSE, ratePerSec: 0.5 };
    const at = judge(light, SHAPE, light.ratePerSec, counter());
    const far = { ...light, ttftSloMs: at.ttftP90Ms * 3, tpotSloMs: at.tpotP90Ms * 3, inTimeShare: 0.95 };
    const v = rangeVerdict(far, SHAPE)!;
    expect(v.crosses).toEqual([]);
    expect(v.hangsOn).toBeNull();
    expect(v.sensitivity).toEqual([]);
    expect(v.inTimeShare).toEqual([1, 1]);
    expect(v.ttftP90Ms[1]).toBeLessThan(far.ttftSloMs);
    // The point and at most the two corners.
    expect(v.runs).toBeLessThanOrEqual(3);
  });

  it('pressure: the worst metric over its target, the share out of time over the share allowed out', () => {
    const req = { ...LOOSE, ttftSloMs: 500, tpotSloMs: 50, inTimeShare: 0.9 };
    const m = (ttft: number, tpot: number, share: number, rejected = 0) => ({ completed: 100, rejected, sloMetShare: share, ttftMs: { p90: ttft }, tpotMs: { p90: tpot } });
    expect(pressure(req, m(250, 10, 1))).toBeCloseTo(0.5, 12);
    expect(pressure(req, m(250, 60, 1))).toBeCloseTo(1.2, 12);
    // 15% late where 10% may be: 1.5.
    expect(pressure(req, m(100, 10, 0.85))).toBeCloseTo(1.5, 12);
    expect(pressure(req, m(100, 10, 1, 3))).toBe(Infinity);
    expect(pressure({ ...req, inTimeShare: 1 }, m(100, 10, 0.99))).toBe(Infinity);
  });

  it('the flag: ranges first, the headroom kept as a second reason', () => {
    const req = justInside();
    const at = judge(req, SHAPE, req.ratePerSec, counter());
    const tight = plannedConfig(req, SHAPE, at, req.ratePerSec * 1.1);
    expect(tight.kneeReasons).toEqual(['headroom']);
    const v = rangeVerdict(req, SHAPE)!;
    expect(withRangeVerdict(tight, v)).toMatchObject({ nearKnee: true, kneeReasons: ['ranges', 'headroom'], ranges: v });
    const roomy = plannedConfig(req, SHAPE, at, req.ratePerSec * 3);
    expect(withRangeVerdict(roomy, v).kneeReasons).toEqual(['ranges']);
    expect(withRangeVerdict(roomy, { ...v, crosses: [] })).toMatchObject({ nearKnee: false, kneeReasons: [] });
  });
});

describe('lab plan says when the recommendation sits near its knee', () => {
  const args = (req: PlanRequest) => ['plan', '--model', 'llama-3.1-8b', '--prompt', '1000', '--output', '200', '--spread', '0.2', '--rate', String(req.ratePerSec), '--ttft-slo', String(req.ttftSloMs), '--tpot-slo', String(req.tpotSloMs),
    '--in-time', String(req.inTimeShare), '--gpus', 'l40s', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '1', '--requests', '200', '--seed', '7', '--workers', '1'];

  it('the JSON carries the ranges, what they cross and the input it hangs on; the text names it', () => {
    const req = justInside();
    const r = cli([...args(req), '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.configs).toHaveLength(1);
    const c = doc.configs[0];
    expect(c.nearKnee).toBe(true);
    expect(c.kneeReasons[0]).toBe('ranges');
    expect(c.ranges).toMatchObject({ crosses: expect.arrayContaining(['tpotP90']), hangsOn: 'stepCost' });
    expect(c.ranges.tpotP90Ms[1]).toBeGreaterThan(req.tpotSloMs);
    expect(doc.rangeRuns).toBe(c.ranges.runs);
    const text = cli(args(req)).out;
    expect(text).toMatch(/^ 1 .* near the knee$/m);
    expect(text).toMatch(/^Near its knee: at the edges of what the lab is unsure of \(the ranges predict gives\), its ranges cross the targets: .*p90 TPOT [\d.]+–[\d.]+ ms against [\d.]+ ms.* The verdict hangs on the step cost: it alone misses at its unfavourable end \(steps ([\d.]+)× as long\)\.$/m);
    expect(Number(/\(steps ([\d.]+)× as long\)/.exec(text)![1])).toBe(Number(PREDICTION_SPREADS.stepCost[1].toFixed(2)));
  });

  it('far inside: not flagged, and the text says it meets every target at the edges', () => {
    const light = { ...LOOSE, ratePerSec: 0.5 };
    const at = judge(light, SHAPE, light.ratePerSec, counter());
    const far = { ...light, ttftSloMs: Math.ceil(at.ttftP90Ms * 3), tpotSloMs: Math.ceil(at.tpotP90Ms * 3), inTimeShare: 0.95 };
    const doc = JSON.parse(cli([...args(far), '--json']).out);
    expect(doc.configs[0]).toMatchObject({ nearKnee: false, kneeReasons: [], ranges: { crosses: [], hangsOn: null } });
    expect(cli(args(far)).out).toMatch(/^At the edges of what the lab is unsure of \(the ranges predict gives\), it still meets every target: /m);
  });
});
