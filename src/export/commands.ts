import type { Settings } from '../settings/schema';
import { commandArgv, formatCommand, type CommandSpec } from './shell';

/**
 * The current scenario as command lines of the real benchmark tools, so a
 * reader can measure what the lab predicts. Flag names were checked against
 * the tools' own sources (see docs/import-format.md, "Export"):
 * - vLLM `vllm/benchmarks/serve.py` and `vllm/benchmarks/datasets/arg_utils.py`;
 * - GenAI-Perf `genai-perf/genai_perf/parser.py` (triton-inference-server/perf_analyzer);
 * - AIPerf `docs/cli-options.md` (ai-dynamo/aiperf).
 */

/** Which tool a command is for. */
export type BenchTool = 'vllm' | 'genai-perf' | 'aiperf';

/** One exported command. */
export interface BenchCommand {
  tool: BenchTool;
  /** Copy-pasteable shell text (multi-line with `\` continuations). */
  text: string;
  /** The same as argv (program first). */
  argv: string[];
  /** Where the tool cannot express the scenario exactly, and what to replace. */
  notes: string[];
}

/** Where the server runs and what it serves. */
export interface CommandTarget {
  /** Served model name; default `MODEL` (a placeholder to replace). */
  model?: string;
  /** Server base URL, default `http://localhost:8000`. */
  baseUrl?: string;
}

/** Percentiles every exported command asks for (the lab's p50/p90/p95/p99). */
export const EXPORT_PERCENTILES = [50, 90, 95, 99] as const;

/**
 * Standard deviation of the lab's uniform length spread: lengths are uniform on
 * mean × [1 − s, 1 + s], whose s.d. is mean · s / √3. GenAI-Perf and AIPerf draw
 * normal lengths from a mean and s.d., so this matches the spread's variance
 * (not its shape).
 */
export function spreadStddev(mean: number, spread: number): number {
  return Math.round((mean * spread) / Math.sqrt(3));
}

const num = (x: number): string => String(Number(x.toPrecision(12)));

function commonNotes(s: Settings, model: string): string[] {
  const notes: string[] = [];
  if (model === 'MODEL') notes.push('Replace MODEL with the model name your server serves.');
  if (s.networkMs > 0) notes.push(`The lab adds a ${num(s.networkMs)} ms network round trip; a real run measures whatever network lies between the client and the server.`);
  if (s.rate === null && s.thinkMs > 0) notes.push(`Think time (${num(s.thinkMs)} ms between a user's answer and next request) has no equivalent flag; the command runs users back to back.`);
  return notes;
}

/** `vllm bench serve` for the scenario of `s`. */
export function vllmCommand(s: Settings, target: CommandTarget = {}): BenchCommand {
  const model = target.model ?? 'MODEL';
  const flags: CommandSpec['flags'] = [
    ['--backend', 'openai'],
    ['--base-url', target.baseUrl ?? 'http://localhost:8000'],
    ['--endpoint', '/v1/completions'],
    ['--model', model],
    ['--dataset-name', 'random'],
    ['--random-input-len', String(s.prompt)],
    ['--random-output-len', String(s.output)],
    ['--random-range-ratio', num(s.spread)],
    ['--ignore-eos'],
    ['--num-prompts', String(s.requests)],
    ['--seed', String(s.seed)],
  ];
  const notes = commonNotes(s, model);
  if (s.rate === null) {
    // A closed loop of N users with no think time is vLLM's semaphore at N with every request queued at t = 0.
    flags.push(['--request-rate', 'inf'], ['--max-concurrency', String(s.users)]);
  } else if (s.rate === Infinity) {
    flags.push(['--request-rate', 'inf']);
  } else {
    flags.push(['--request-rate', num(s.rate)], ['--burstiness', num(s.burstiness)]);
  }
  const goodput: string[] = [];
  if (s.ttftSlo !== null) goodput.push(`ttft:${num(s.ttftSlo)}`);
  if (s.tpotSlo !== null) goodput.push(`tpot:${num(s.tpotSlo)}`);
  if (s.e2eSlo !== null) goodput.push(`e2el:${num(s.e2eSlo)}`);
  if (goodput.length > 0) flags.push(['--goodput', ...goodput]);
  flags.push(
    ['--percentile-metrics', 'ttft,tpot,itl,e2el'],
    ['--metric-percentiles', EXPORT_PERCENTILES.join(',')],
    ['--save-result'],
    ['--save-detailed'],
  );
  notes.push('--save-result --save-detailed writes the per-request JSON the lab imports.');
  const spec: CommandSpec = { program: ['vllm', 'bench', 'serve'], flags };
  return { tool: 'vllm', text: formatCommand(spec), argv: commandArgv(spec), notes };
}

/** Closed-loop concurrency or open-loop rate flags shared by GenAI-Perf and AIPerf. */
function loadFlags(s: Settings, tool: 'genai-perf' | 'aiperf', notes: string[]): CommandSpec['flags'] {
  if (s.rate === null) return [['--concurrency', String(s.users)]];
  if (s.rate === Infinity) {
    notes.push(`An infinite rate (everything at t = 0) is expressed as a concurrency equal to the request count (${s.requests}).`);
    return [['--concurrency', String(s.requests)]];
  }
  const flags: CommandSpec['flags'] = [['--request-rate', num(s.rate)]];
  if (s.burstiness !== 1) {
    if (tool === 'aiperf') flags.push(['--arrival-pattern', 'gamma'], ['--arrival-smoothness', num(s.burstiness)]);
    else notes.push(`GenAI-Perf has no burstiness flag: its request-rate arrivals will not have the lab's gamma shape ${num(s.burstiness)}.`);
  }
  return flags;
}

/**
 * SLO targets as GenAI-Perf and AIPerf spell them (`name:ms`); both call the
 * lab's TPOT `inter_token_latency`.
 */
function nvidiaGoodputPairs(s: Settings): string[] {
  const pairs: string[] = [];
  if (s.ttftSlo !== null) pairs.push(`time_to_first_token:${num(s.ttftSlo)}`);
  if (s.tpotSlo !== null) pairs.push(`inter_token_latency:${num(s.tpotSlo)}`);
  if (s.e2eSlo !== null) pairs.push(`request_latency:${num(s.e2eSlo)}`);
  return pairs;
}

/** `genai-perf profile` for the scenario of `s`. */
export function genaiPerfCommand(s: Settings, target: CommandTarget = {}): BenchCommand {
  const model = target.model ?? 'MODEL';
  const notes = commonNotes(s, model);
  const flags: CommandSpec['flags'] = [
    ['-m', model],
    ['--service-kind', 'openai'],
    ['--endpoint-type', 'chat'],
    ['--streaming'],
    ['-u', target.baseUrl ?? 'http://localhost:8000'],
    ['--synthetic-input-tokens-mean', String(s.prompt)],
    ['--synthetic-input-tokens-stddev', String(spreadStddev(s.prompt, s.spread))],
    ['--output-tokens-mean', String(s.output)],
    ['--output-tokens-stddev', String(spreadStddev(s.output, s.spread))],
    ['--extra-inputs', 'ignore_eos:true'],
    ...loadFlags(s, 'genai-perf', notes),
    ['--request-count', String(s.requests)],
    ['--random-seed', String(s.seed)],
  ];
  const goodput = nvidiaGoodputPairs(s);
  if (goodput.length > 0) flags.push(['--goodput', ...goodput]);
  notes.push('GenAI-Perf\'s inter_token_latency is the lab\'s TPOT, so the TPOT target maps to it.');
  notes.push(`Lengths: GenAI-Perf draws normal lengths; the stddev matches the lab's uniform spread ±${Math.round(s.spread * 100)}% (mean × spread ÷ √3).`);
  notes.push('It writes profile_export.json (per request) into its artifact directory; import that file.');
  const spec: CommandSpec = { program: ['genai-perf', 'profile'], flags };
  return { tool: 'genai-perf', text: formatCommand(spec), argv: commandArgv(spec), notes };
}

/** `aiperf profile` for the scenario of `s`. */
export function aiperfCommand(s: Settings, target: CommandTarget = {}): BenchCommand {
  const model = target.model ?? 'MODEL';
  const notes = commonNotes(s, model);
  const flags: CommandSpec['flags'] = [
    ['--model', model],
    ['--url', target.baseUrl ?? 'http://localhost:8000'],
    ['--endpoint-type', 'chat'],
    ['--streaming'],
    ['--isl', String(s.prompt)],
    ['--isl-stddev', String(spreadStddev(s.prompt, s.spread))],
    ['--osl', String(s.output)],
    ['--osl-stddev', String(spreadStddev(s.output, s.spread))],
    ['--extra-inputs', 'ignore_eos:true'],
    ...loadFlags(s, 'aiperf', notes),
    ['--request-count', String(s.requests)],
    ['--random-seed', String(s.seed)],
  ];
  const goodput = nvidiaGoodputPairs(s);
  if (goodput.length > 0) flags.push(['--goodput', goodput.join(' ')]);
  notes.push('AIPerf\'s inter_token_latency is the lab\'s TPOT, so the TPOT target maps to it.');
  notes.push('It writes profile_export.jsonl (one record per request) into ./artifacts; import that file.');
  const spec: CommandSpec = { program: ['aiperf', 'profile'], flags };
  return { tool: 'aiperf', text: formatCommand(spec), argv: commandArgv(spec), notes };
}

/** All three commands for `s`. */
export function benchCommands(s: Settings, target: CommandTarget = {}): BenchCommand[] {
  return [vllmCommand(s, target), genaiPerfCommand(s, target), aiperfCommand(s, target)];
}
