import { describe, expect, it } from 'vitest';
import type { RangeVerdict } from '../../src/plan/rangeCheck';
import type { PlannedConfig, PlanRequest } from '../../src/plan/types';
import { edgeRanges, kneeReason, msRange, rangeReason, shapeText } from '../../src/views/plan/planText';

const REQ = { ttftSloMs: 500, tpotSloMs: 35, inTimeShare: 0.95, ratePerSec: 4 } as PlanRequest;
const verdict = (over: Partial<RangeVerdict> = {}): RangeVerdict => ({
  ttftP90Ms: [126.4, 170.9], tpotP90Ms: [20.84, 35.21], inTimeShare: [0.871, 1], crosses: ['tpotP90', 'inTime'], hangsOn: 'stepCost',
  sensitivity: [{ input: 'stepCost', value: 1.21, meets: false, ttftP90Ms: 170, tpotP90Ms: 35.2, inTimeShare: 0.87, pressure: 2.6 }], runs: 5, ...over,
});
const row = (over: Partial<PlannedConfig>): PlannedConfig => ({
  model: 'llama-3.1-8b', gpu: 'l40s', precision: 'fp8', tp: 1, replicas: 1, engine: 'vllm', gpus: 1, sustainedReqPerSec: 6, meets: true, headroom: 0.5, goodputPerGpu: 3.8,
  ttftP90Ms: 142, tpotP90Ms: 26, inTimeShare: 1, costPerHour: null, nearKnee: true, kneeReasons: ['ranges'], ranges: verdict(), predict: [], link: 'x=1', ...over,
});

describe("the Plan section's words on the ranges", () => {
  it('a range of ms keeps tenths below 100 ms, so an end just past a target is not printed as the target', () => {
    expect(msRange([20.84, 35.21])).toBe('20.8–35.2 ms');
    expect(msRange([126.4, 170.9])).toBe('126–171 ms');
    expect(msRange([900, 1500])).toBe('900 ms–1.5 s');
    expect(msRange([20.84, 35.21], ' to ')).toBe('20.8 to 35.2 ms');
  });

  it('names what crosses, against which target, and the input the verdict hangs on', () => {
    expect(rangeReason(row({}), REQ)).toBe(
      "At the edges of what the lab is unsure of (the ranges on the lab's cards), p90 TPOT runs 20.8 to 35.2 ms against the 35 ms target; 87.1% to 100% of requests are in time against the 95.0% asked: near its knee. The verdict hangs on every step 21% slower: that alone misses.",
    );
    const closest = row({ ranges: verdict({ crosses: ['ttftP90'], hangsOn: 'kvCapacity', sensitivity: [{ input: 'kvCapacity', value: 100512, meets: true, ttftP90Ms: 480, tpotP90Ms: 20, inTimeShare: 0.97, pressure: 0.96 }] }) });
    expect(rangeReason(closest, REQ)).toMatch(/p90 TTFT runs 126 to 171 ms against the 500 ms target: near its knee\. The verdict hangs on the KV cache at the low end of its range \(100,512 tokens\): no input alone misses, but this one comes closest\.$/);
  });

  it('no reason when the ranges stay inside or were not checked; the headroom reason follows the ranges', () => {
    expect(rangeReason(row({ ranges: verdict({ crosses: [], hangsOn: null, sensitivity: [] }) }), REQ)).toBeNull();
    expect(rangeReason(row({ ranges: null }), REQ)).toBeNull();
    expect(kneeReason(row({ nearKnee: false, kneeReasons: [], ranges: null }), REQ)).toBeNull();
    const both = kneeReason(row({ kneeReasons: ['ranges', 'headroom'], sustainedReqPerSec: 4.5 }), REQ)!;
    expect(both.indexOf('At the edges')).toBe(0);
    expect(both).toMatch(/It sustains 4\.5 req\/s, less than 1\.2 × the asked 4 req\/s/);
  });

  it('the cells under p90 TTFT, p90 TPOT and in time: each range, marked where it crosses', () => {
    expect(edgeRanges(row({}), REQ)).toEqual({
      ttft: { range: '126–171 ms', crosses: false, target: '500 ms' },
      tpot: { range: '20.8–35.2 ms', crosses: true, target: '35 ms' },
      inTime: { range: '87.1%–100%', crosses: true, target: '95.0%' },
    });
    expect(edgeRanges(row({ ranges: null }), REQ)).toBeNull();
  });

  it('a plan of several models names the model of each row', () => {
    expect(shapeText(row({ replicas: 2 }))).toBe('2 replicas of L40S 48GB, fp8');
    expect(shapeText(row({ replicas: 2 }), true)).toBe('Llama-3.1-8B: 2 replicas of L40S 48GB, fp8');
  });
});
