import { describe, expect, it } from 'vitest';
import { aiperfCommand, genaiPerfCommand, shellQuote, spreadStddev, vllmCommand } from '../../src/export';
import { DEFAULT_SETTINGS, type Settings } from '../../src/settings/schema';

const base: Settings = { ...DEFAULT_SETTINGS, workload: 'custom', prompt: 1000, output: 200, spread: 0.3, users: 16, rate: null, requests: 500, seed: 7, ttftSlo: 500, tpotSlo: 50, e2eSlo: null };

/** The values after `flag` in argv (all of them, up to the next flag). */
function valuesOf(argv: string[], flag: string): string[] | null {
  const i = argv.indexOf(flag);
  if (i === -1) return null;
  const out: string[] = [];
  for (let k = i + 1; k < argv.length && !/^-/.test(argv[k]); k++) out.push(argv[k]);
  return out;
}

describe('vllm bench serve', () => {
  it('closed loop: random dataset with the scenario\'s lengths and spread, max concurrency from users, goodput, percentiles, detailed results', () => {
    const { argv, text } = vllmCommand(base, { model: 'meta-llama/Llama-3.1-8B-Instruct' });
    expect(argv.slice(0, 3)).toEqual(['vllm', 'bench', 'serve']);
    expect(valuesOf(argv, '--dataset-name')).toEqual(['random']);
    expect(valuesOf(argv, '--random-input-len')).toEqual(['1000']);
    expect(valuesOf(argv, '--random-output-len')).toEqual(['200']);
    expect(valuesOf(argv, '--random-range-ratio')).toEqual(['0.3']);
    expect(valuesOf(argv, '--max-concurrency')).toEqual(['16']);
    expect(valuesOf(argv, '--request-rate')).toEqual(['inf']);
    expect(valuesOf(argv, '--num-prompts')).toEqual(['500']);
    expect(valuesOf(argv, '--seed')).toEqual(['7']);
    expect(valuesOf(argv, '--goodput')).toEqual(['ttft:500', 'tpot:50']);
    expect(valuesOf(argv, '--percentile-metrics')).toEqual(['ttft,tpot,itl,e2el']);
    expect(valuesOf(argv, '--metric-percentiles')).toEqual(['50,90,95,99']);
    expect(argv).toContain('--save-result');
    expect(argv).toContain('--save-detailed');
    expect(valuesOf(argv, '--model')).toEqual(['meta-llama/Llama-3.1-8B-Instruct']);
    expect(argv).not.toContain('--burstiness');
    expect(text).toMatch(/^vllm bench serve \\\n {2}--backend openai \\\n/);
  });

  it('open loop: request rate and burstiness, no max concurrency; an infinite rate is inf', () => {
    const open = vllmCommand({ ...base, rate: 4.5, burstiness: 0.5 }).argv;
    expect(valuesOf(open, '--request-rate')).toEqual(['4.5']);
    expect(valuesOf(open, '--burstiness')).toEqual(['0.5']);
    expect(open).not.toContain('--max-concurrency');
    const inf = vllmCommand({ ...base, rate: Infinity }).argv;
    expect(valuesOf(inf, '--request-rate')).toEqual(['inf']);
    expect(inf).not.toContain('--max-concurrency');
  });

  it('goodput keys follow the SLOs that are set (e2el included, none → no flag)', () => {
    expect(valuesOf(vllmCommand({ ...base, ttftSlo: null, e2eSlo: 8000 }).argv, '--goodput')).toEqual(['tpot:50', 'e2el:8000']);
    expect(vllmCommand({ ...base, ttftSlo: null, tpotSlo: null }).argv).not.toContain('--goodput');
  });

  it('notes what it cannot express', () => {
    const { notes } = vllmCommand({ ...base, thinkMs: 2000 });
    expect(notes.join(' ')).toMatch(/Think time/);
    expect(notes.join(' ')).toMatch(/Replace MODEL/);
  });
});

describe('genai-perf profile', () => {
  it('maps lengths to mean and stddev, users to concurrency, TPOT target to inter_token_latency', () => {
    const { argv } = genaiPerfCommand(base);
    expect(argv.slice(0, 2)).toEqual(['genai-perf', 'profile']);
    expect(valuesOf(argv, '--synthetic-input-tokens-mean')).toEqual(['1000']);
    expect(valuesOf(argv, '--synthetic-input-tokens-stddev')).toEqual([String(spreadStddev(1000, 0.3))]);
    expect(valuesOf(argv, '--output-tokens-mean')).toEqual(['200']);
    expect(valuesOf(argv, '--output-tokens-stddev')).toEqual(['35']);
    expect(valuesOf(argv, '--concurrency')).toEqual(['16']);
    expect(valuesOf(argv, '--request-count')).toEqual(['500']);
    expect(valuesOf(argv, '--random-seed')).toEqual(['7']);
    expect(valuesOf(argv, '--goodput')).toEqual(['time_to_first_token:500', 'inter_token_latency:50']);
    expect(argv).toContain('--streaming');
    expect(argv).not.toContain('--request-rate'); // mutually exclusive with --concurrency
  });

  it('open loop uses --request-rate and notes the missing burstiness; infinite rate becomes concurrency = requests', () => {
    const open = genaiPerfCommand({ ...base, rate: 2, burstiness: 0.3 });
    expect(valuesOf(open.argv, '--request-rate')).toEqual(['2']);
    expect(open.argv).not.toContain('--concurrency');
    expect(open.notes.join(' ')).toMatch(/no burstiness flag/);
    const inf = genaiPerfCommand({ ...base, rate: Infinity });
    expect(valuesOf(inf.argv, '--concurrency')).toEqual(['500']);
  });
});

describe('aiperf profile', () => {
  it('isl/osl with stddev, concurrency, a single quoted goodput string', () => {
    const { argv, text } = aiperfCommand({ ...base, e2eSlo: 9000 });
    expect(argv.slice(0, 2)).toEqual(['aiperf', 'profile']);
    expect(valuesOf(argv, '--isl')).toEqual(['1000']);
    expect(valuesOf(argv, '--osl')).toEqual(['200']);
    expect(valuesOf(argv, '--isl-stddev')).toEqual(['173']);
    expect(valuesOf(argv, '--concurrency')).toEqual(['16']);
    expect(valuesOf(argv, '--goodput')).toEqual(['time_to_first_token:500 inter_token_latency:50 request_latency:9000']);
    expect(text).toContain("--goodput 'time_to_first_token:500 inter_token_latency:50 request_latency:9000'");
  });

  it('gamma arrivals for bursty open loops', () => {
    const { argv } = aiperfCommand({ ...base, rate: 3, burstiness: 0.5 });
    expect(valuesOf(argv, '--request-rate')).toEqual(['3']);
    expect(valuesOf(argv, '--arrival-pattern')).toEqual(['gamma']);
    expect(valuesOf(argv, '--arrival-smoothness')).toEqual(['0.5']);
  });
});

describe('shell quoting', () => {
  it('leaves plain words and quotes the rest', () => {
    expect(shellQuote('http://localhost:8000')).toBe('http://localhost:8000');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
  });
});
