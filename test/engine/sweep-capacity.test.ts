/**
 * Scene 3's split (2 prefill + 2 decode on 4 × H100, Llama 3.1 8B, 4,000-token
 * prompts) swept over the offered rate. Its throughput went 3,811 → 3,334 →
 * 2,323 → 3,515 tok/s from 20 to 160 req/s: past about 19 req/s the server
 * cannot keep up, the queue grows for as long as the 600-request run sends,
 * and the steady window (after the first answer, before the last send) shrinks
 * to a few requests caught while the decode side is still filling, until at
 * 160 req/s it is empty and the point falls back to every request (drain
 * included). A finite run's fill and drain, not a property of the server.
 */
import { describe, expect, it } from 'vitest';
import { sweep } from '../../src/engine/sweep';
import { scenarioFromSettings, settingsFromQuery } from '../../src/settings';
import { summarizeCurve, describeCurvePoint } from '../../src/views/curve/describe';

const SPLIT = 'model=llama-3.1-8b&gpu=h100-sxm&prompt=4000&output=200&spread=0.5&ttftSlo=1000&tpotSlo=20&window=steady&prefillGpus=2&decodeGpus=2';

function scenario(requests: number) {
  const b = scenarioFromSettings(settingsFromQuery(`${SPLIT}&requests=${requests}`).settings);
  if (!b.ok) throw new Error(b.message);
  return b.scenario;
}

describe('a curve past capacity says so', () => {
  const points = sweep(scenario(600), { kind: 'rate', values: [20, 40, 80, 160] });

  it('reproduces the dip and marks every point past capacity, none of them held back by "nothing"', () => {
    const tok = points.map((p) => p.metrics.outputTokPerSec);
    expect(tok[1]).toBeLessThan(tok[0]);
    expect(tok[2]).toBeLessThan(tok[1]);
    expect(tok[3]).toBeGreaterThan(tok[2]);
    expect(points.map((p) => p.beyondCapacity)).toEqual([false, true, true, true]);
    expect(points[0].limitingFactor).toBe('none');
    for (const p of points.slice(1)) expect(p.limitingFactor).not.toBe('none');
    // 40 req/s: a 3.7 s median TTFT with no batch or memory limit binding is compute.
    expect(points[1].metrics.ttftMs.p50).toBeGreaterThan(2000);
    expect(points[1].limitingFactor).toBe('compute');
  });

  it('the chart\'s words say why', () => {
    const text = summarizeCurve(points, 256, points[0].metrics.completed);
    expect(text).toMatch(/From 40 req\/s the offered rate is beyond what the server finishes/);
    expect(text).toMatch(/finite run filling and draining/);
    expect(describeCurvePoint(points[1], 256).lines.join(' ')).toMatch(/held back by compute/);
  });

  it('a longer run moves the point at 40 req/s back up toward the plateau: the dip belongs to the run, not the server', () => {
    const [at20, at40] = sweep(scenario(3000), { kind: 'rate', values: [20, 40] });
    expect(at40.metrics.outputTokPerSec).toBeGreaterThan(points[1].metrics.outputTokPerSec);
    expect(at40.metrics.outputTokPerSec).toBeGreaterThan(0.9 * at20.metrics.outputTokPerSec);
    expect(at40.beyondCapacity).toBe(true);
  }, 60_000);
});
