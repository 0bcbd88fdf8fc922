import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { withTrace } from '../../src/cli/trace';
import { lessonScenario } from '../engine/helpers';

const lessonBase = () => lessonScenario('chat', { kind: 'closed', users: 1, thinkMs: 0 });

const FILES: Record<string, string> = {
  'small.csv': 'send_s,prompt_tokens,output_tokens\n0,100,10\n0.5,200,20\n1.0,300,30\n1.5,400,40\n',
  'broken.csv': 'send_s,prompt_tokens,output_tokens\n0,100,10\n0.5,two hundred,20\n',
};
const readText = (path: string): string => {
  const name = path.split('/').at(-1)!;
  if (!(name in FILES)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
  return FILES[name];
};

function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, (s) => out.push(s), (s) => err.push(s), readText);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('lab predict --trace', () => {
  it('replays each request at its time with its lengths; the JSON says what was replayed', () => {
    const r = cli(['predict', '--trace', 'small.csv', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.scenario.load).toEqual({ kind: 'trace', requests: 4 });
    expect(doc.scenario.requests).toBe(4);
    expect(doc.scenario.promptTokens).toBe(250);
    expect(doc.trace).toMatchObject({ source: 'small.csv', format: 'plain-csv', requests: 4, spanS: 1.5, speed: 1, window: { fromS: 0, toS: null } });
    expect(doc.trace.meanRatePerSec).toBeCloseTo(2, 12);
    expect(doc.metrics.completed).toBe(4);
  });

  it('--trace-speed and --trace-window slice and scale it', () => {
    const doc = JSON.parse(cli(['predict', '--trace', 'small.csv', '--trace-window', '0.5:', '--trace-speed', '2', '--json']).out);
    expect(doc.trace).toMatchObject({ requests: 3, spanS: 0.5, speed: 2, window: { fromS: 0.5, toS: null } });
  });

  it('the built-in Azure traces replay by name, with the text output naming the trace', () => {
    const r = run(['predict', '--trace', 'azure-conv', '--trace-window', '0:60'], () => {}, () => {});
    expect(r).toBe(0);
    const lines: string[] = [];
    run(['predict', '--trace', 'azure-code', '--trace-window', '0:60'], (s) => lines.push(s), () => {});
    expect(lines.join('\n')).toMatch(/^Trace {4}azure-code \(azure\): [\d,]+ requests over [\d.]+ s, mean [\d.]+ req\/s, trace seconds 0–60$/m);
  });

  it.each([
    [['--trace', 'broken.csv'], /^lab: --trace broken\.csv: line 3: the prompt length must be a whole number/],
    [['--trace', 'missing.csv'], /^lab: --trace: cannot read "missing\.csv" \(ENOENT\); give a file or one of azure-code, azure-conv$/],
    [['--trace-speed', '2'], /^lab: --trace-speed needs --trace or --replay$/],
    [['--trace', 'small.csv', '--replay', 'small.csv'], /^lab: use --trace or --replay, not both$/],
    [['--trace', 'small.csv', '--trace-speed', '0'], /^lab: --trace-speed: must be above 0, got 0$/],
    [['--trace', 'small.csv', '--trace-speed', 'fast'], /^lab: --trace-speed: "fast" is not a decimal number$/],
    [['--trace', 'small.csv', '--trace-window', '10'], /^lab: --trace-window: "10" is not FROM:TO in seconds/],
    [['--trace', 'small.csv', '--trace-window', '5:1'], /^lab: --trace-window: the end \(1 s\) must come after the start \(5 s\)$/],
    [['--trace', 'small.csv', '--trace-window', '9:'], /^lab: --trace small\.csv: no request of the trace is sent between 9 s and the end/],
  ])('bad trace options exit 2 with the reason: %j', (args, message) => {
    const r = cli(['predict', ...args]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });

  it('a sweep cannot take a trace (the trace fixes the load)', () => {
    const r = cli(['sweep', '--trace', 'small.csv']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--trace replays one run: use predict/);
  });
});

describe('lab predict --replay: a measured run, replayed on another server', () => {
  const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;
  const real = (path: string) => readFileSync(path, 'utf8');

  it('sends each completed request of the run at its own recorded time, with its lengths; failed ones are left out', () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = run(['predict', '--replay', fixture('lab-run.csv'), '--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--server', 'hardware', '--json'], (s) => out.push(s), (s) => err.push(s), real);
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    const doc = JSON.parse(out.join(''));
    expect(doc.trace.format).toBe('imported-run');
    expect(doc.trace.requests).toBe(3);
    expect(doc.trace.notes.join(' ')).toMatch(/1 failed request left out/);
    expect(doc.metrics.completed).toBe(3);
  });

  it('an llmperf run (no send times) with its summary beside it replays as a closed loop of its 2 users, its completed requests in file order, and says so', () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = run(['predict', '--replay', fixture('llmperf-c2_individual_responses.json'), '--model', 'llama-3.1-8b', '--gpu', 'h100-sxm', '--server', 'hardware'], (s) => out.push(s), (s) => err.push(s), real);
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/3 requests replayed as a closed loop of 2 users, the way llmperf sends requests/);
    expect(text).toMatch(/1 failed request left out/);
    expect(text).toMatch(/Completed 3 of 3 counted requests/);
    // The lengths the file recorded (error -100 row left out), in its order, on a closed loop of the summary's concurrency.
    const { scenario, trace } = withTrace(lessonBase(), new Map([['replay', fixture('llmperf-c2_individual_responses.json')]]), real);
    expect(scenario.load).toEqual({ kind: 'closed', users: 2, thinkMs: 0, promptTokens: [50, 50, 50], outputTokens: [20, 25, 30] });
    expect(trace?.closedUsers).toBe(2);
  });

  it('an llmperf file alone takes --concurrency; without it the replay is refused, saying to give the concurrency', () => {
    const noSummary = (path: string) => {
      if (/_summary\.json$/.test(path)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return real(path);
    };
    const refused = { out: [] as string[], err: [] as string[] };
    const code = run(['predict', '--replay', fixture('llmperf-c2_individual_responses.json')], (s) => refused.out.push(s), (s) => refused.err.push(s), noSummary);
    expect(code).toBe(2);
    expect(refused.err.join('')).toMatch(/--replay .*: the file records no send times, and llmperf sends as a closed loop .*give the run's concurrency \(its \*_summary\.json with it, the concurrency field, or the CLI's --concurrency N\)/);
    const { scenario } = withTrace(lessonBase(), new Map([['replay', fixture('llmperf-c2_individual_responses.json')], ['concurrency', '3']]), noSummary);
    expect(scenario.load).toMatchObject({ kind: 'closed', users: 3, outputTokens: [20, 25, 30] });
  });

  it.each([
    [['--concurrency', '0'], /--concurrency: "0" is not a whole number/],
    [['--trace-speed', '2'], /--trace-speed: .* records no send times \(llmperf\), so it replays as a closed loop/],
  ])('llmperf replay options are checked: %j', (extra, message) => {
    const err: string[] = [];
    const code = run(['predict', '--replay', fixture('llmperf-c2_individual_responses.json'), ...extra], () => undefined, (s) => err.push(s), real);
    expect(code).toBe(2);
    expect(err.join('')).toMatch(message);
  });

  it('--concurrency needs --replay', () => {
    const err: string[] = [];
    expect(run(['predict', '--concurrency', '2'], () => undefined, (s) => err.push(s), real)).toBe(2);
    expect(err.join('')).toMatch(/--concurrency needs --replay/);
  });
});
