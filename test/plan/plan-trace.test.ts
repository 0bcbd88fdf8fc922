import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { parsePlanArgs } from '../../src/cli/plan';
import { planScenario } from '../../src/plan/evaluate';
import { plan } from '../../src/plan/search';
import type { PlanConfig } from '../../src/plan/types';

// A request trace as the plan's traffic and lengths (`lab plan --trace`): every evaluation replays the
// trace, sped up to the rate it is judged at, and the recommendation reruns with `lab predict --trace`.

const FIXTURE = new URL('../fixtures/trace-bursts.jsonl', import.meta.url).pathname;
const ARGS = ['--model', 'llama-3.1-8b', '--trace', FIXTURE, '--ttft-slo', '500', '--tpot-slo', '50', '--gpus', 'l40s,h100-sxm', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '2', '--workers', '1'];

function request(argv: string[]) {
  const parsed = parsePlanArgs(argv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.request;
}

describe('lab plan --trace', () => {
  it('serves the trace at its own mean rate, with its mean lengths; each evaluation replays it sped up to the rate', () => {
    const req = request(ARGS);
    const t = req.trace!;
    expect(t.sendS).toHaveLength(389);
    expect(req.ratePerSec).toBe(t.meanRatePerSec);
    expect(req.promptTokens).toBe(Math.round(t.promptTokens.reduce((a, b) => a + b, 0) / 389));
    const shape: PlanConfig = { model: 'llama-3.1-8b', gpu: 'l40s', precision: 'bf16', tp: 1, replicas: 1, engine: 'vllm' };
    const at = planScenario(req, shape, 2 * req.ratePerSec);
    if (!at.ok) throw new Error(at.message);
    expect(at.scenario.load.kind).toBe('trace');
    if (at.scenario.load.kind !== 'trace') return;
    // Twice the rate: every send at half its recorded time, each request with its own lengths.
    at.scenario.load.sendTimesS.forEach((s, i) => expect(s).toBe(t.sendS[i] / 2));
    expect(at.scenario.load.promptTokens).toEqual(t.promptTokens);
    expect(at.scenario.requests).toBe(389);
    // --rate sets the mean rate the trace is sped up to.
    expect(request([...ARGS, '--rate', '10']).ratePerSec).toBe(10);
  });

  it('the cheapest reruns with predict --trace to the same numbers, and meets the targets', () => {
    const r = plan(request(ARGS));
    const best = r.configs[0];
    expect(best).toBeDefined();
    expect(best.predict).toEqual(expect.arrayContaining(['--trace', FIXTURE]));
    const out: string[] = [];
    expect(run(['predict', ...best.predict, '--json', '--ranges', 'off'], (s) => out.push(s), (s) => { throw new Error(s); })).toBe(0);
    const m = JSON.parse(out.join('')).metrics;
    expect(m.ttftMs.p90).toBeCloseTo(best.ttftP90Ms, 2);
    expect(m.tpotMs.p90).toBeCloseTo(best.tpotP90Ms, 2);
    expect(m.ttftMs.p90).toBeLessThanOrEqual(500);
    expect(m.sloMetShare).toBeGreaterThanOrEqual(0.95);
    // Sped up: the sustained rate is the fastest replay of the trace that still meets the targets, at least its own pace.
    expect(best.sustainedReqPerSec).toBeGreaterThanOrEqual(request(ARGS).ratePerSec);
  });

  it('a sped-up plan tells predict the speed', () => {
    const r = plan(request([...ARGS, '--rate', '10']));
    const p = r.configs[0].predict;
    expect(Number(p[p.indexOf('--trace-speed') + 1])).toBeCloseTo(10 / request(ARGS).ratePerSec, 12);
  });

  it('on worker threads the plan is the one a single thread gives', async () => {
    const { planOnWorkers } = await import('../../src/cli/planPool');
    const req = { ...request(ARGS), gpus: ['h100-sxm'] };
    expect(await planOnWorkers(req, 2)).toEqual(plan(req));
  });

  it.each([
    [['--prompt', '100'], /^--prompt: the trace records each request's lengths; leave --prompt out with --trace$/],
    [['--trace-window', '5000:'], /no request of the trace is sent between 5000 s and the end/],
  ])('refuses %j with the reason', (extra, message) => {
    const parsed = parsePlanArgs([...ARGS, ...extra]);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});
