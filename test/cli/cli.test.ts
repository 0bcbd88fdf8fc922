import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('lab CLI', () => {
  it('predict --json prints one JSON document with unit-named fields', () => {
    const r = cli('predict', '--workload', 'summarize', '--requests', '20', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.scenario.promptTokens).toBe(16000);
    expect(doc.metrics.ttftMs.p50).toBeGreaterThan(800);
    expect(doc.metrics.ttftMs.p50).toBeLessThan(1000);
    expect(doc.metrics.outputTokPerSec).toBeGreaterThan(0);
    expect(doc.representative.ttftMs).toBeCloseTo(doc.representative.networkInMs + doc.representative.queueMs + doc.representative.prefillMs + doc.representative.networkOutMs, 2);
    expect(r.out).not.toMatch(/NaN|Infinity/);
  });

  it('accepts --users inf and --rate inf as the saturated case', () => {
    for (const flag of ['--users', '--rate']) {
      const r = cli('predict', flag, 'inf', '--requests', '200', '--json');
      expect(r.status).toBe(0);
      const doc = JSON.parse(r.out);
      expect(doc.scenario.load).toEqual({ kind: 'open', ratePerSec: 'inf', burstiness: 1 });
      expect(doc.metrics.queueMs.max).toBeGreaterThan(0);
    }
  });

  it('sweep prints the curve over users with throughput rising then saturating', () => {
    const r = cli('sweep', '--workload', 'chat', '--requests', '300', '--sweep-users', '1,16,128', '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.axis).toBe('users');
    const tput = doc.points.map((p: { outputTokPerSec: number }) => p.outputTokPerSec);
    expect(tput[1]).toBeGreaterThan(tput[0] * 5);
    expect(doc.points[2].limitingFactor).toBe('batch');
  });

  it('sweep over rates', () => {
    const r = cli('sweep', '--sweep-rates', '0.5,2,inf', '--requests', '100', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out).points.map((p: { ratePerSec: number | string }) => p.ratePerSec)).toEqual([0.5, 2, 'inf']);
  });

  it('list names the workloads and servers, also as JSON', () => {
    expect(cli('list').out).toMatch(/summarize/);
    const doc = JSON.parse(cli('list', '--json').out);
    expect(doc.workloads.map((w: { id: string }) => w.id)).toEqual(['autocomplete', 'chat', 'summarize', 'report']);
  });

  it.each([
    [['predict', '--users', 'abc'], /--users/],
    [['predict', '--users', '0'], /--users/],
    [['predict', '--rate', '-3'], /--rate/],
    [['predict', '--ttft-slo', 'NaN'], /--ttft-slo/],
    [['predict', '--workload', 'poem'], /--workload/],
    [['predict', '--bogus', '1'], /--bogus/],
    [['predict', '--seed'], /--seed/],
    [['predict', '--seed', '1', '--seed', '2'], /--seed/],
    [['frobnicate'], /frobnicate/],
    [['sweep', '--sweep-users', '1,x'], /--sweep-users/],
    [['predict', '--prompt', '1e9'], /--prompt/],
  ])('bad input %j exits 2 naming it', (argv, pattern) => {
    const r = cli(...argv);
    expect(r.status).toBe(2);
    expect(r.err).toMatch(pattern);
    expect(r.out).not.toMatch(/NaN/);
  });
});
