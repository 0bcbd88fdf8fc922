import { describe, expect, it } from 'vitest';
import type { PlannedConfig } from '../../src/plan/types';
import { layoutPareto, paretoFront } from '../../src/views/plan/paretoLayout';

const cfg = (gpus: number, ttftP90Ms: number, goodputPerGpu: number, costPerHour: number | null = null): PlannedConfig => ({
  model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1, replicas: gpus, engine: 'vllm', gpus, sustainedReqPerSec: 10 * gpus, meets: true, headroom: 0.5,
  goodputPerGpu, ttftP90Ms, tpotP90Ms: 10, inTimeShare: 1, costPerHour, nearKnee: false, kneeReasons: [], ranges: null, predict: [], link: `replicas=${gpus}&t=${ttftP90Ms}`,
});

describe('the Pareto layout', () => {
  // Cheapest first, as a plan lists them.
  const plan = [cfg(1, 300, 8), cfg(2, 200, 5), cfg(2, 250, 6), cfg(4, 220, 3), cfg(4, 90, 2.5)];

  it('marks the front: nothing cheaper or as cheap does better', () => {
    expect(paretoFront(plan, 'ttft', false)).toEqual([true, true, false, false, true]);
    expect(paretoFront(plan, 'goodput', false)).toEqual([true, false, false, false, false]);
    // A tie in both keeps the first listed only.
    expect(paretoFront([cfg(1, 100, 1), cfg(1, 100, 1)], 'ttft', false)).toEqual([true, false]);
  });

  it('places cost on x and the metric on y, inside the plot, the TTFT target drawn', () => {
    const l = layoutPareto(plan, { metric: 'ttft', priced: false, ttftTargetMs: 500, widthPx: 400, heightPx: 200 });
    expect(l.points.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5]);
    const [one, two, , , five] = l.points;
    expect(two.xPx).toBeGreaterThan(one.xPx);
    expect(five.yPx).toBeGreaterThan(one.yPx); // lower TTFT sits lower on the page's y (larger px)
    for (const p of l.points) {
      expect(p.xPx).toBeGreaterThanOrEqual(l.xAxis.fromPx);
      expect(p.xPx).toBeLessThanOrEqual(l.xAxis.toPx);
      expect(p.yPx).toBeLessThanOrEqual(l.yAxis.fromPx);
      expect(p.yPx).toBeGreaterThanOrEqual(l.yAxis.toPx);
    }
    expect(l.target?.yPx).toBeLessThan(one.yPx);
    expect(l.frontD).toMatch(/^M/);
    expect(l.xAxis.title).toBe('GPUs');
    expect(l.xAxis.ticks.every((t) => Number.isInteger(t.value))).toBe(true);
  });

  it('uses cost per hour when priced, and stays finite with one config or odd values', () => {
    const priced = layoutPareto([cfg(1, 300, 8, 2.5), cfg(2, 200, 5, 4)], { metric: 'goodput', priced: true, widthPx: 300 });
    expect(priced.xAxis.title).toBe('cost, USD per hour');
    expect(priced.xAxis.ticks[1].label).toMatch(/^\$/);
    const lone = layoutPareto([cfg(1, 0, 0)], { metric: 'ttft', priced: false, widthPx: 100 });
    expect(lone.widthPx).toBe(260);
    expect(lone.frontD).toBe('');
    expect(lone.points.every((p) => Number.isFinite(p.xPx) && Number.isFinite(p.yPx))).toBe(true);
    const odd = layoutPareto([cfg(1, Infinity, 1), cfg(2, 100, 1)], { metric: 'ttft', priced: false, widthPx: 300 });
    expect(odd.points.map((p) => p.rank)).toEqual([2]);
  });
});
