import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';

/** `lab import`: the compare panel's import, headless (issue 9). */
const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const status = run(argv, (s) => out.push(s), (s) => err.push(s));
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('lab import', () => {
  it('--json prints the metric set of predict plus completed, failed, durationS and warnings, one entry per run', () => {
    const r = cli('import', fixture('vllm-detailed.json'), fixture('genai-perf-unstreamed_profile_export.json'), '--json');
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.runs).toHaveLength(2);
    const [vllm, genai] = doc.runs;
    expect(vllm).toMatchObject({ files: ['vllm-detailed.json'], format: 'vllm', completed: 3, failed: 1, durationS: 1, warnings: [] });
    for (const k of ['completed', 'rejected', 'durationS', 'ttftMs', 'tpotMs', 'itlMs', 'e2eMs', 'queueMs', 'outputTokPerSec', 'requestsPerSec', 'goodputReqPerSec', 'sloMetShare', 'userTokPerSec']) expect(vllm.metrics).toHaveProperty(k);
    expect(vllm.metrics.ttftMs.mean).toBeCloseTo(333.333, 3);
    expect(vllm.crossChecks.every((c: string) => c.endsWith('(agree)'))).toBe(true);
    expect(genai.streamed).toBe(false);
    expect(genai.metrics.tpotMs.count).toBe(0);
    expect(genai.warnings.join(' ')).toMatch(/not streamed/);
    expect(r.out).not.toMatch(/NaN|Infinity/);
  });

  it('an llmperf responses file and its summary together are one run with llmperf\'s duration', () => {
    const r = cli('import', fixture('llmperf-c2_individual_responses.json'), fixture('llmperf-c2_summary.json'), '--json');
    expect(r.status).toBe(0);
    const [one] = JSON.parse(r.out).runs;
    expect(one.files).toEqual(['llmperf-c2_individual_responses.json', 'llmperf-c2_summary.json']);
    expect(one.durationS).toBeCloseTo(2.5, 9);
    expect(one.durationEstimated).toBe(false);
    expect(one.load.concurrency).toBe(2);
    expect(one.firstFailures).toEqual(['-100: Output too few tokens 3']);
  });

  it('--concurrency sets the estimate for an llmperf file given alone', () => {
    const r = cli('import', fixture('llmperf-c2_individual_responses.json'), '--concurrency', '2', '--json');
    const [one] = JSON.parse(r.out).runs;
    expect(one.durationS).toBeCloseTo(1.8, 9);
    expect(one.warnings.join(' ')).toMatch(/Σ E2E ÷ 2 \(the concurrency given\)/);
  });

  it('text: the predict rows, "no data" for a statistic without samples, the failure reasons and the warnings', () => {
    const r = cli('import', fixture('genai-perf-unstreamed_profile_export.json'), '--tpot-slo', 'off');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/^File {6}genai-perf-unstreamed_profile_export\.json$/m);
    expect(r.out).toMatch(/^Completed 3 of 3 in 2\.7 s$/m);
    expect(r.out).toMatch(/^ {2}TPOT {3}no data$/m);
    expect(r.out).toMatch(/^ {2}TTFT {3}mean +1,166\.7 ms/m);
    expect(r.out).toMatch(/^Warning: This run was not streamed/m);
    expect(r.out).toMatch(/met TTFT ≤ 500 ms\)$/m);
    const v = cli('import', fixture('vllm-detailed.json'));
    expect(v.out).toMatch(/^Failed {4}\S/m);
  });

  it('a refused file exits 1 with the page\'s message; the others are still printed', () => {
    const r = cli('import', fixture('llmperf_summary.json'), fixture('lab-run.csv'));
    expect(r.status).toBe(1);
    expect(r.err).toMatch(/^lab import: could not import llmperf_summary\.json: this looks like a llmperf summary file/);
    expect(r.out).toMatch(/^File {6}lab-run\.csv$/m);
    const missing = cli('import', '/nonexistent/run.json');
    expect(missing.status).toBe(1);
    expect(missing.err).toBe('lab import: could not read /nonexistent/run.json: no such file');
  });

  it('bad options exit 2 naming the option; an empty SLO is refused like predict\'s', () => {
    for (const [argv, message] of [
      [['import'], /give at least one result file/],
      [['import', 'x.json', '--colour'], /unknown option --colour/],
      [['import', 'x.json', '--ttft-slo', ''], /--ttft-slo: the value is empty; write "off" to turn it off/],
      [['import', 'x.json', '--ttft-slo', 'fast'], /--ttft-slo: "fast" is not a number/],
      [['import', 'x.json', '--concurrency', '0x10'], /--concurrency: "0x10" is not a whole number/],
      [['import', 'x.json', '--json', '--json'], /--json is given twice/],
    ] as const) {
      const r = cli(...argv);
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

describe('CLI fixes of issue 9', () => {
  it('predict text for a run where every request was rejected says "no data", not 0.0 ms', () => {
    const r = cli('predict', '--prompt', '200000', '--output', '32768', '--requests', '3');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/Completed 0 of 3/);
    for (const name of ['TTFT', 'TPOT', 'ITL', 'E2E', 'Queue']) expect(r.out).toMatch(new RegExp(`^  ${name} +no data$`, 'm'));
    expect(r.out).not.toMatch(/0\.0 ms/);
  });

  it('--sweep-rates is checked like --rate, --sweep-users like --users', () => {
    for (const [argv, message] of [
      [['--sweep-rates', '1e9'], /--sweep-rates: 1e9 is out of range; expected a number from 0\.001 to 100000, or inf/],
      [['--sweep-rates', '1,,2'], /--sweep-rates: value 2 is empty/],
      [['--sweep-rates', '0x10'], /--sweep-rates: "0x10" is not a number/],
      [['--sweep-users', '5000'], /--sweep-users: 5000 is out of range/],
      [['--sweep-users', '2.5'], /--sweep-users: "2\.5" is not a whole number/],
    ] as const) {
      const r = cli('sweep', ...argv, '--requests', '10');
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
    expect(cli('sweep', '--sweep-rates', '0.5,inf', '--requests', '10').status).toBe(0);
  });

  it('an empty SLO value is refused, not silently off', () => {
    const r = cli('predict', '--ttft-slo', '');
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/--ttft-slo: the value is empty; write "off" to turn it off/);
    expect(cli('predict', '--ttft-slo', 'off', '--requests', '5').status).toBe(0);
  });
});
