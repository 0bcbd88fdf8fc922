import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { judge, sustainedRate, type Counter } from '../../src/plan/evaluate';
import { plan, planShapes } from '../../src/plan/search';
import { RANGE_CHECKED_ROWS } from '../../src/plan/rangeCheck';
import type { PlanConfig, PlanRequest } from '../../src/plan/types';

/** A small candidate set that runs quickly: an 8B model on L40S and A100, TP 1–2, one engine. */
const REQ: PlanRequest = {
  models: ['llama-3.1-8b'], promptTokens: 1000, outputTokens: 200, spread: 0.2, ratePerSec: 24, ttftSloMs: 600, tpotSloMs: 60, inTimeShare: 0.95,
  gpus: ['l40s', 'a100-80gb-sxm'], precisions: ['bf16'], engines: ['vllm'], maxGpus: 4, pricePerGpuHour: {}, requests: 200, seed: 7,
};

function predicted(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(['predict', ...args, '--json'], (s) => out.push(s), (s) => err.push(s));
  expect(err.join('')).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out.join('')).metrics;
}
const meetsInPredict = (m: { ttftMs: { p90: number }; tpotMs: { p90: number }; sloMetShare: number }, req: PlanRequest) =>
  m.ttftMs.p90 <= req.ttftSloMs && m.tpotMs.p90 <= req.tpotSloMs && m.sloMetShare >= req.inTimeShare;

describe('the capacity planner', () => {
  const result = plan(REQ);

  it('finds deployments, cheapest first, and rerun with predict the recommendation meets the targets at the asked rate', () => {
    expect(result.configs.length).toBeGreaterThan(0);
    const gpus = result.configs.map((c) => c.gpus);
    expect(gpus).toEqual([...gpus].sort((a, b) => a - b));
    const best = result.configs[0];
    expect(best.meets).toBe(true);
    expect(meetsInPredict(predicted(best.predict), REQ)).toBe(true);
  });

  it('one replica fewer of the recommended shape misses the targets at the asked rate (when it has more than one)', () => {
    const best = result.configs.find((c) => c.replicas > 1);
    expect(best, 'a deployment of several replicas in the plan').toBeDefined();
    const fewer = [...best!.predict];
    fewer[fewer.indexOf('--replicas') + 1] = String(best!.replicas - 1);
    expect(meetsInPredict(predicted(fewer), REQ)).toBe(false);
  });

  it('pruning never drops the cheapest feasible deployment (against an exhaustive search of every replica count)', () => {
    const counter: Counter = { evaluated: 0 };
    let cheapest = Infinity;
    for (const shape of planShapes(REQ)) {
      for (let r = 1; r * shape.tp <= REQ.maxGpus; r++) {
        if (judge(REQ, { ...shape, replicas: r }, REQ.ratePerSec, counter).meets) {
          cheapest = Math.min(cheapest, r * shape.tp);
          break;
        }
      }
    }
    expect(result.configs[0]?.gpus ?? Infinity).toBe(cheapest);
  });

  it('a deployment with more replicas never sustains less', () => {
    const counter: Counter = { evaluated: 0 };
    const shape: PlanConfig = { model: 'llama-3.1-8b', gpu: 'l40s', precision: 'bf16', tp: 1, replicas: 1, engine: 'vllm' };
    const rates = [1, 2, 3].map((r) => sustainedRate(REQ, { ...shape, replicas: r }, REQ.ratePerSec, counter));
    expect(rates[0]).toBeGreaterThan(0);
    expect(rates[1]).toBeGreaterThanOrEqual(rates[0]);
    expect(rates[2]).toBeGreaterThanOrEqual(rates[1]);
  });

  it('says what it ran: simulations, refusals and pruned shapes; near-knee flags follow the ranges and the sustained rate', () => {
    expect(result.evaluated).toBeGreaterThan(result.configs.length);
    expect(result.rangeRuns).toBe(result.configs.slice(0, RANGE_CHECKED_ROWS).reduce((n, c) => n + (c.ranges?.runs ?? 0), 0));
    result.configs.forEach((c, i) => {
      // The cheapest rows' ranges are checked; the rest keep the headroom flag alone.
      expect(c.ranges === null).toBe(i >= RANGE_CHECKED_ROWS);
      expect(c.kneeReasons.includes('ranges')).toBe((c.ranges?.crosses.length ?? 0) > 0);
      expect(c.kneeReasons.includes('headroom')).toBe(c.sustainedReqPerSec < 1.2 * REQ.ratePerSec);
      expect(c.nearKnee).toBe(c.kneeReasons.length > 0);
    });
    for (const c of result.configs) {
      expect(c.sustainedReqPerSec).toBeGreaterThanOrEqual(REQ.ratePerSec);
      expect(c.headroom).toBeCloseTo(c.sustainedReqPerSec / REQ.ratePerSec - 1, 9);
    }
    // Every configuration after the cheapest opens pinned against it.
    for (const c of result.configs.slice(1)) expect(new URLSearchParams(c.link).get('pin')).toContain('replicas');
  });

  it('cancel stops the search between two simulations and keeps what it found', () => {
    const stop = new AbortController();
    const r = plan(REQ, stop.signal, (p) => {
      if (p.done >= 1) stop.abort();
    });
    expect(r.cancelled).toBe(true);
    expect(r.evaluated).toBeLessThan(result.evaluated);
  });

  it('the range checks report their progress after every shape, and a cancel among them keeps the plan unchecked', () => {
    const seen: string[] = [];
    const stop = new AbortController();
    const r = plan(REQ, stop.signal, (p) => {
      if (p.ranges) seen.push(`${p.ranges.done}/${p.ranges.total}`);
      if (p.ranges?.done === 1) stop.abort();
    });
    expect(seen.slice(0, 2)).toEqual([`0/${Math.min(RANGE_CHECKED_ROWS, result.configs.length)}`, `1/${Math.min(RANGE_CHECKED_ROWS, result.configs.length)}`]);
    expect(r.cancelled).toBe(true);
    expect(r.configs.map((c) => c.link)).toEqual(result.configs.map((c) => c.link));
    expect(r.configs.every((c) => c.ranges === null)).toBe(true);
  });

  it('prices rank by cost per hour', () => {
    const priced = plan({ ...REQ, pricePerGpuHour: { l40s: 0.8, 'a100-80gb-sxm': 1.6 } });
    const costs = priced.configs.map((c) => c.costPerHour as number);
    expect(costs.every((c) => c > 0)).toBe(true);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
  });
});

describe('lab plan', () => {
  const cli = (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = run(['plan', ...argv], (s) => out.push(s), (s) => err.push(s));
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const base = ['--model', 'llama-3.1-8b', '--prompt', '1000', '--output', '200', '--rate', '4', '--ttft-slo', '600', '--tpot-slo', '60', '--gpus', 'l40s', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '2', '--requests', '150'];

  it('prints the JSON the README documents', () => {
    const r = cli([...base, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(Object.keys(doc)).toEqual(['planned', 'evaluated', 'elapsedS', 'cancelled', 'refused', 'pruned', 'rangeRuns', 'configs']);
    expect(doc.planned).toEqual({ ratePerSec: 4, promptTokens: 1000, outputTokens: 200, trace: null, levers: null });
    expect(doc.configs[0]).toMatchObject({ gpu: 'l40s', tp: 1, replicas: 1, prefillGpus: 0, decodeGpus: 0, engine: 'vllm', gpus: 1, meets: true, costPerHour: null });
    expect(doc.configs[0].predict).toEqual(expect.arrayContaining(['--gpu', 'l40s', '--engine', 'vllm']));
  });

  it('--workload takes a preset\'s lengths, spread and targets; a flag given beside it wins', () => {
    const preset = ['--model', 'llama-3.1-8b', '--workload', 'autocomplete', '--rate', '4', '--gpus', 'h100-sxm', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '1', '--requests', '100', '--workers', '1', '--json'];
    const args = (out: string) => {
      const doc = JSON.parse(out);
      expect(doc.configs.length).toBeGreaterThan(0);
      const p = doc.configs[0].predict as string[];
      return Object.fromEntries(['prompt', 'output', 'spread', 'ttft-slo', 'tpot-slo'].map((f) => [f, p[p.indexOf(`--${f}`) + 1] ?? null]));
    };
    const r = cli(preset);
    expect(r.err).toBe('');
    // The lab's autocomplete workload: 400 in, 12 out; its targets: TTFT 100 ms, TPOT 50 ms (the predict args omit a default spread).
    expect(args(r.out)).toMatchObject({ prompt: '400', output: '12', 'ttft-slo': '100', 'tpot-slo': '50' });
    expect(args(cli([...preset, '--prompt', '600', '--ttft-slo', '150']).out)).toMatchObject({ prompt: '600', output: '12', 'ttft-slo': '150', 'tpot-slo': '50' });
  });

  it('--levers runs every candidate with them: the recommendation reruns with predict, levers included, and meets the targets', () => {
    const argv = ['--model', 'llama-3.1-8b', '--workload', 'chat', '--rate', '4', '--gpus', 'h100-sxm', '--precisions', 'fp8', '--engines', 'vllm', '--max-gpus', '1', '--requests', '100', '--workers', '1', '--json'];
    const plain = JSON.parse(cli(argv).out).configs[0];
    const r = cli([...argv, '--levers', 'specMethod=eagle3']);
    expect(r.err).toBe('');
    const best = JSON.parse(r.out).configs[0];
    const p = best.predict as string[];
    expect(p[p.indexOf('--spec-method') + 1]).toBe('eagle3');
    expect(new URLSearchParams(best.link.slice(1)).get('specMethod')).toBe('eagle3');
    // EAGLE-3 drafts several tokens a step: TPOT falls at this light load.
    expect(best.tpotP90Ms).toBeLessThan(plain.tpotP90Ms);
    const req = { ttftSloMs: 500, tpotSloMs: 50, inTimeShare: 0.95 } as PlanRequest;
    expect(meetsInPredict(predicted(p), req)).toBe(true);
  });

  it.each([
    [['--prompt', '10'], /^lab plan: --model is required$/],
    [[...base, '--levers', 'gpu=l4'], /^lab plan: --levers: gpu is set by the plan itself for every candidate$/],
    [[...base, '--levers', 'specMethod=wizard'], /^lab plan: --levers: specMethod: "wizard" is not one of/],
    [[...base, '--levers', 'colour=red'], /^lab plan: --levers: colour is not a setting of the lab$/],
    [['--model', 'llama-3.1-8b', '--workload', 'poetry', '--rate', '2'], /^lab plan: --workload: unknown "poetry" \(one of autocomplete, chat, summarize, report/],
    [['--model', 'llama-3.1-8b', '--output', '10', '--rate', '2', '--ttft-slo', '1', '--tpot-slo', '1'], /^lab plan: --prompt is required$/],
    [[...base, '--rate', '5'], /option --rate is given twice/],
    [[...base.slice(0, 8), '--ttft-slo', 'soon', '--tpot-slo', '60'], /--ttft-slo: "soon" is not a decimal number/],
    [[...base, '--price', 'h100-sxm=free'], /--price: "free" for h100-sxm is not a price above 0/],
    [[...base, '--price', 'tpu=2'], /--price: unknown GPU "tpu"/],
    [[...base.slice(0, 12), '--gpus', 'l40s,my-laptop'], /--gpus: unknown "my-laptop"/],
    [[...base, '--in-time', '2'], /--in-time: expected a number from 0 to 1, got 2/],
  ])('bad options exit 2 with the reason: %j', (argv, message) => {
    const r = cli(argv);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('lab plan on worker threads', () => {
  it('gives the plan the single thread gives, for any number of workers', async () => {
    const { planOnWorkers } = await import('../../src/cli/planPool');
    const small: PlanRequest = { ...REQ, gpus: ['l40s'], maxGpus: 2, requests: 120 };
    const alone = plan(small);
    const pooled = await planOnWorkers(small, 2);
    expect(pooled).toEqual(alone);
    expect(pooled.evaluated).toBeGreaterThan(0);
  });

  it('cancel ends the search at once and keeps what the finished shapes found', async () => {
    const { planOnWorkers } = await import('../../src/cli/planPool');
    const stop = new AbortController();
    let progressed = 0;
    const result = await planOnWorkers({ ...REQ, requests: 120 }, 2, stop.signal, () => {
      progressed++;
      stop.abort();
    });
    expect(result.cancelled).toBe(true);
    // Aborted after the first shape finished: the others were never searched.
    expect(progressed).toBeGreaterThanOrEqual(1);
    expect(result.evaluated).toBeLessThan(plan({ ...REQ, requests: 120 }).evaluated);
  });
});
