import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { parsePlanArgs } from '../../src/cli/plan';
import { planTraceFromText } from '../../src/plan/planTrace';
import { plan } from '../../src/plan/search';
import { parseSettings } from '../../src/settings/parse';

// A built-in trace as a plan's traffic: the page's workers build it from the trace's text, the CLI from its file;
// both must be the same traffic, and a row's link names the trace (a link key) so the lab replays it.

const CODE_CSV = readFileSync(new URL('../../data/traces/AzureLLMInferenceTrace_code.csv', import.meta.url), 'utf8');
const ARGS = ['--model', 'llama-3.1-8b', '--trace', 'azure-code', '--trace-window', '0:120', '--ttft-slo', '800', '--tpot-slo', '60', '--gpus', 'l40s,h100-sxm', '--precisions', 'bf16', '--engines', 'vllm', '--max-gpus', '2', '--workers', '1'];

function request(argv: string[]) {
  const parsed = parsePlanArgs(argv);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.request;
}

describe('a built-in trace as the plan traffic', () => {
  it('the slice built from the text is the one lab plan --trace reads: same sends, lengths, mean rate and mean lengths', () => {
    const cli = request(ARGS);
    const page = planTraceFromText(CODE_CSV, { id: 'azure-code', window: { fromS: 0, toS: 120 } });
    if (!page.ok) throw new Error(page.error);
    expect(page.trace).toEqual(cli.trace);
    expect([page.promptTokens, page.outputTokens]).toEqual([cli.promptTokens, cli.outputTokens]);
    // Hand-checked against the file: every request sent in the first 120 s, none after.
    const times = CODE_CSV.trim().split('\n').slice(1).map((l) => Date.parse(`${l.split(',')[0].replace(' ', 'T').slice(0, 23)}Z`));
    const inWindow = times.filter((t) => (t - times[0]) / 1000 < 120).length;
    expect(page.trace.sendS).toHaveLength(inWindow);
    expect(page.trace.predict).toEqual(['--trace', 'azure-code', '--trace-window', '0:120']);
  });

  it('for any window, the page builds the slice the CLI reads (or both refuse it)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.option(fc.oneof(fc.integer({ min: 1, max: 900 }), fc.constant(0.001)), { nil: null }), (fromS, lengthS) => {
        const window = { fromS, toS: lengthS === null ? null : fromS + lengthS };
        const raw = `${fromS}:${window.toS ?? ''}`;
        const page = planTraceFromText(CODE_CSV, { id: 'azure-code', window });
        const cli = parsePlanArgs(['--model', 'llama-3.1-8b', '--trace', 'azure-code', '--trace-window', raw, ...ARGS.slice(6)]);
        expect(cli.ok).toBe(page.ok);
        if (!page.ok) {
          expect(!cli.ok && cli.error).toBe(`--trace azure-code: ${page.error}`);
          return;
        }
        if (!cli.ok) return;
        expect(page.trace).toEqual(cli.request.trace);
        expect([page.promptTokens, page.outputTokens, page.trace.meanRatePerSec]).toEqual([cli.request.promptTokens, cli.request.outputTokens, cli.request.ratePerSec]);
      }),
      { seed: 20, numRuns: 20 },
    );
  });

  it('refuses a slice with no request, or one, naming why', () => {
    const none = planTraceFromText(CODE_CSV, { id: 'azure-code', window: { fromS: 1e6, toS: null } });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error).toMatch(/no request of the trace is sent between 1000000 s and the end/);
    const one = planTraceFromText(CODE_CSV, { id: 'azure-code', window: { fromS: 0, toS: 0.001 } });
    expect(one.ok).toBe(false);
    if (!one.ok) expect(one.error).toMatch(/a single request/);
    const cli = parsePlanArgs(['--model', 'llama-3.1-8b', '--trace', 'azure-code', '--trace-window', '0:0.001', ...ARGS.slice(6)]);
    expect(!cli.ok && cli.error).toMatch(/^--trace azure-code: the slice holds a single request/);
  });

  it("each row's link carries the trace, its slice and the speed, so the lab replays the same traffic on that deployment", () => {
    const req = request(ARGS);
    const r = plan(req);
    expect(r.configs.length).toBeGreaterThan(0);
    for (const c of r.configs) {
      const params = new URLSearchParams(c.link);
      expect(params.get('trace')).toBe('azure-code');
      expect(params.get('traceWindow')).toBe('0:120');
      // At its own mean rate the speed is 1, the lab's default, so the link leaves it out.
      expect(params.has('traceSpeed')).toBe(false);
      const { settings, notices } = parseSettings((k) => params.get(k), 'url');
      expect(notices).toEqual([]);
      expect([settings.trace, settings.traceWindow, settings.gpu]).toEqual(['azure-code', { fromS: 0, toS: 120 }, c.gpu]);
      // predict names the trace once (from the trace, not again from the link).
      expect(c.predict.filter((x) => x === '--trace')).toHaveLength(1);
    }
    // Sped up by --rate: the link's speed is the rate over the trace's mean rate.
    const fast = plan({ ...req, ratePerSec: 2 * req.trace!.meanRatePerSec, gpus: ['h100-sxm'] });
    expect(Number(new URLSearchParams(fast.configs[0].link).get('traceSpeed'))).toBeCloseTo(2, 9);
  });

  it('a file trace keeps its link free of trace keys: a link cannot carry a file', () => {
    const fixture = new URL('../fixtures/trace-bursts.jsonl', import.meta.url).pathname;
    const r = plan(request(['--model', 'llama-3.1-8b', '--trace', fixture, ...ARGS.slice(6)]));
    expect(r.configs.length).toBeGreaterThan(0);
    for (const c of r.configs) expect(new URLSearchParams(c.link).has('trace')).toBe(false);
  });

  it('plan --json echoes what it planned for: the trace (id or file name, slice, requests, mean rate, speed) and the levers', () => {
    const json = (argv: string[]) => {
      const out: string[] = [];
      expect(run(['plan', ...argv, '--json'], (x) => out.push(x), (x) => { throw new Error(x); })).toBe(0);
      return JSON.parse(out.join('')).planned;
    };
    const req = request(ARGS);
    const built = json([...ARGS, '--levers', 'specMethod=ngram']);
    expect(built).toEqual({
      ratePerSec: req.trace!.meanRatePerSec, promptTokens: req.promptTokens, outputTokens: req.outputTokens,
      trace: { source: 'azure-code', builtIn: true, window: { fromS: 0, toS: 120 }, requests: req.trace!.sendS.length, meanRatePerSec: req.trace!.meanRatePerSec, speed: 1 },
      levers: 'specMethod=ngram',
    });
    // A file is named without its folders; no window is the whole trace; --rate is the speed over the mean rate.
    const fixture = new URL('../fixtures/trace-bursts.jsonl', import.meta.url).pathname;
    const file = json(['--model', 'llama-3.1-8b', '--trace', fixture, ...ARGS.slice(6), '--rate', '10']);
    const fileReq = request(['--model', 'llama-3.1-8b', '--trace', fixture, ...ARGS.slice(6)]);
    expect(file.trace).toEqual({ source: 'trace-bursts.jsonl', builtIn: false, window: { fromS: 0, toS: null }, requests: 389, meanRatePerSec: fileReq.trace!.meanRatePerSec, speed: 10 / fileReq.trace!.meanRatePerSec });
    expect([file.ratePerSec, file.levers]).toEqual([10, null]);
    // A rate: no trace.
    const rate = json(['--model', 'llama-3.1-8b', '--prompt', '500', '--output', '50', '--rate', '2', ...ARGS.slice(6)]);
    expect(rate).toEqual({ ratePerSec: 2, promptTokens: 500, outputTokens: 50, trace: null, levers: null });
  });
});
