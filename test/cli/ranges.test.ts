import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { memoryJson } from '../../src/cli/memoryJson';
import { predictJson, sweepJson } from '../../src/cli/json';
import { simulate } from '../../src/engine/simulate';
import { sweep } from '../../src/engine/sweep';
import { parseSettings } from '../../src/settings/parse';
import { scenarioFromSettings } from '../../src/settings/scenario';
import { servingOf } from '../../src/settings/serving';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const HW = ['--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--engine', 'vllm', '--users', '32', '--requests', '120'];

/** What the CLI printed before ranges existed: the same settings, simulated and written without any edge run. */
function todaysPredict(argv: readonly string[]) {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) flags.set(argv[i].slice(2), argv[i + 1]);
  const { settings } = parseSettings((k) => flags.get(k) ?? null, 'cli');
  const built = scenarioFromSettings(settings);
  if (!built.ok) throw new Error(built.message);
  return { scenario: built.scenario, serving: servingOf(settings), settings };
}

describe('CLI ranges', () => {
  it('predict --json: a range on TTFT, TPOT and E2E statistics, throughput, and sensitivity, each around the point', () => {
    const r = cli('predict', ...HW, '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    for (const metric of ['ttftMs', 'tpotMs', 'e2eMs']) {
      expect(Object.keys(doc.metrics[metric].range)).toEqual(['mean', 'p50', 'p90', 'p99']);
      for (const stat of ['mean', 'p50', 'p90', 'p99']) {
        const [lo, hi] = doc.metrics[metric].range[stat];
        expect(lo).toBeLessThanOrEqual(doc.metrics[metric][stat]);
        expect(hi).toBeGreaterThanOrEqual(doc.metrics[metric][stat]);
        expect(hi).toBeGreaterThan(lo);
      }
    }
    const [lo, hi] = doc.metrics.outputTokPerSecRange;
    expect(lo).toBeLessThan(doc.metrics.outputTokPerSec);
    expect(hi).toBeGreaterThan(doc.metrics.outputTokPerSec);
    expect(doc.sensitivity.map((x: { input: string }) => x.input).sort()).toEqual(['frontend', 'kvCapacity', 'prefillCost', 'stepCost']);
    expect(doc.sensitivity[0].swingMs).toBeGreaterThan(0);
    expect(doc.ranges.source).toMatch(/^provisional: |held-out|leave-one/);
    expect(doc.ranges.edgeRuns).toBeGreaterThanOrEqual(2);
  });

  it('--ranges off: the run and the document exactly as before ranges existed', () => {
    const off = cli('predict', ...HW, '--ranges', 'off', '--json');
    expect(off.status).toBe(0);
    const { scenario, serving, settings } = todaysPredict(HW);
    const plain = simulate(scenario);
    expect(off.out).toBe(JSON.stringify(predictJson(plain, serving, memoryJson(settings, serving, plain)), null, 2));
    // With ranges on, the same document less the new fields.
    const on = JSON.parse(cli('predict', ...HW, '--json').out);
    for (const m of ['ttftMs', 'tpotMs', 'e2eMs']) delete on.metrics[m].range;
    delete on.metrics.outputTokPerSecRange;
    delete on.ranges;
    delete on.sensitivity;
    expect(JSON.stringify(on, null, 2)).toBe(off.out);
    const sweepOff = cli('sweep', ...HW, '--sweep-users', '1,8', '--ranges', 'off', '--json');
    const axis = { kind: 'users' as const, values: [1, 8] };
    expect(sweepOff.out).toBe(JSON.stringify(sweepJson(scenario, 'users', sweep(scenario, axis), serving), null, 2));
    expect(createHash('sha256').update(sweepOff.out).digest('hex')).not.toBe(createHash('sha256').update(cli('sweep', ...HW, '--sweep-users', '1,8', '--json').out).digest('hex'));
  });

  it('the lesson server has no ranges, and the JSON says why', () => {
    const doc = JSON.parse(cli('predict', '--users', '16', '--requests', '50', '--json').out);
    expect(doc.ranges).toBeNull();
    expect(doc.rangesNote).toMatch(/lesson server is illustrative/);
    expect(doc.metrics.ttftMs.range).toBeUndefined();
    expect(doc.sensitivity).toBeUndefined();
    const sw = JSON.parse(cli('sweep', '--requests', '50', '--sweep-users', '1,4', '--json').out);
    expect(sw.ranges).toBeNull();
    expect(sw.points[0].band).toBeUndefined();
  });

  it('sweep --json: a band per point and the knee as a region of load', () => {
    const doc = JSON.parse(cli('sweep', '--model', 'llama-3.1-70b', '--precision', 'fp8', '--tp', '2', '--prompt', '4000', '--output', '500', '--engine', 'vllm', '--requests', '300', '--sweep-users', '1,16,64,128,256', '--json').out);
    for (const p of doc.points) {
      expect(p.band.outputTokPerSec[0]).toBeLessThanOrEqual(p.outputTokPerSec);
      expect(p.band.ttftMs.p50[1]).toBeGreaterThanOrEqual(p.ttftMs.p50);
    }
    expect(doc.knee.from.users).toBeLessThan(doc.knee.to?.users ?? Infinity);
    expect(doc.knee.takeoffTtftMs).toBeCloseTo(3 * doc.points[0].ttftMs.p50, 0);
  }, 30_000);

  it('--ranges takes on or off', () => {
    const r = cli('predict', '--ranges', 'maybe');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/ranges/);
  });
});
