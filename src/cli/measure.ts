import { OptionError, readFlags, type FlagTable } from './flags';
import { format } from 'd3-format';
import type { RunMetrics, Slo, Stats } from '../engine/types';
import { computeImportedMetrics } from '../import/metrics';
import { measureEndpoint } from '../measure/run';
import { endpointUrl, MEASURE_DEFAULTS, MEASURE_LIMITS, validateMeasureOptions, type MeasureOptions } from '../measure/options';
import { formatMs } from './format';
import { metricsJson } from './json';
import { escapeControl } from '../import/controlChars';

/**
 * `lab measure`: measures a live OpenAI-compatible streaming endpoint and
 * prints the same metrics `predict` prints. The API key comes from
 * `--api-key` or the environment variable `LAB_API_KEY`; it is never printed.
 */

/** Flags of `lab measure`, with whether they take a value, for `--help`. */
export const MEASURE_FLAGS: FlagTable = {
  url: { value: 'URL', doc: 'Server base URL, e.g. http://127.0.0.1:8000 (/v1 is added when missing). Required.' },
  model: { value: 'NAME', doc: 'Served model name. Required.' },
  'api-key': { value: 'KEY', doc: 'API key, sent as a bearer token (or set LAB_API_KEY). Never printed.' },
  endpoint: { value: 'chat|completions', doc: `Which API to call (default ${MEASURE_DEFAULTS.endpoint}).` },
  prompt: { value: 'TOKENS', doc: `Prompt size in tokens, approximated by that many common words (default ${MEASURE_DEFAULTS.promptTokens}).` },
  output: { value: 'TOKENS', doc: `max_tokens of each request (default ${MEASURE_DEFAULTS.outputTokens}).` },
  requests: { value: 'N', doc: `Measured requests, after one discarded warm-up (default ${MEASURE_DEFAULTS.requests}, at most ${MEASURE_LIMITS.maxRequests}).` },
  concurrency: { value: 'N', doc: `Requests in flight at once (default ${MEASURE_DEFAULTS.concurrency}).` },
  'timeout-ms': { value: 'MS', doc: `Per-request timeout (default ${MEASURE_DEFAULTS.timeoutMs}).` },
  'ttft-slo': { value: 'MS|off', doc: 'TTFT target for goodput (default 500).' },
  'tpot-slo': { value: 'MS|off', doc: 'TPOT target for goodput (default 50).' },
  'no-ignore-eos': { value: null, doc: 'Do not send ignore_eos (for servers that reject unknown fields).' },
  json: { value: null, doc: 'Print one JSON document instead of text.' },
  help: { value: null, doc: 'Show this help.' },
};

export const MEASURE_USAGE = `Usage: npm run --silent lab -- measure --url URL --model NAME [options]
Measures a live OpenAI-compatible streaming endpoint: TTFT, TPOT, ITL, E2E, throughput, goodput.
${Object.entries(MEASURE_FLAGS).map(([k, v]) => `  --${`${k}${v.value ? ` ${v.value}` : ''}`.padEnd(26)} ${v.doc}`).join('\n')}
Exit status: 0 ok, 2 bad option, 1 endpoint unreachable or every request failed.`;

/** Parsed `lab measure` arguments. */
export interface MeasureArgs {
  options: MeasureOptions;
  slo: Slo;
  json: boolean;
  help: boolean;
}


/** Decimal numbers only: `Number()` would also take `0x10` (16), `0b11`, `1_0` is refused anyway, and '' as 0. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function numberFlag(values: Map<string, string>, flag: string, fallback: number): number {
  const raw = values.get(flag);
  if (raw === undefined) return fallback;
  const v = Number(raw.trim());
  if (!DECIMAL.test(raw.trim()) || !Number.isFinite(v)) throw new OptionError(`--${flag}: "${raw}" is not a decimal number`);
  return v;
}

function sloFlag(values: Map<string, string>, flag: string, fallback: number): number | null {
  const raw = values.get(flag);
  if (raw === undefined) return fallback;
  if (/^(off|none)$/i.test(raw.trim())) return null;
  const v = numberFlag(values, flag, fallback);
  if (v < 0) throw new OptionError(`--${flag}: "${raw}" must be ≥ 0 ms, or off`);
  return v;
}

/**
 * Reads `lab measure` argv (after the word `measure`) and the environment.
 * Throws nothing: bad input becomes `{ ok: false, error }` naming the option.
 */
export function parseMeasureArgs(argv: readonly string[], env: Record<string, string | undefined> = {}): { ok: true; args: MeasureArgs } | { ok: false; error: string } {
  try {
    const values = readFlags(argv, MEASURE_FLAGS, (arg) => {
      throw new OptionError(`unexpected argument "${arg}"`);
    });
    const help = values.has('help');
    const endpoint = values.get('endpoint') ?? MEASURE_DEFAULTS.endpoint;
    if (endpoint !== 'chat' && endpoint !== 'completions') throw new OptionError(`--endpoint: "${endpoint}" is not chat or completions`);
    const options: MeasureOptions = {
      baseUrl: values.get('url') ?? '',
      model: values.get('model') ?? '',
      apiKey: values.get('api-key') ?? (env.LAB_API_KEY || undefined),
      endpoint,
      promptTokens: numberFlag(values, 'prompt', MEASURE_DEFAULTS.promptTokens),
      outputTokens: numberFlag(values, 'output', MEASURE_DEFAULTS.outputTokens),
      requests: numberFlag(values, 'requests', MEASURE_DEFAULTS.requests),
      concurrency: numberFlag(values, 'concurrency', MEASURE_DEFAULTS.concurrency),
      timeoutMs: numberFlag(values, 'timeout-ms', MEASURE_DEFAULTS.timeoutMs),
      ignoreEos: !values.has('no-ignore-eos'),
      warmup: true,
    };
    const slo: Slo = { ttftMs: sloFlag(values, 'ttft-slo', 500), tpotMs: sloFlag(values, 'tpot-slo', 50), e2eMs: null };
    if (help) return { ok: true, args: { options, slo, json: false, help } };
    if (!values.has('url')) throw new OptionError('--url is required (the server base URL, e.g. http://127.0.0.1:8000)');
    if (!values.has('model')) throw new OptionError('--model is required (the served model name)');
    const valid = validateMeasureOptions(options);
    // Option messages start with the option's name; the CLI spells it as a flag.
    if (!valid.ok) throw new OptionError(`--${valid.error}`);
    return { ok: true, args: { options: valid.options, slo, json: values.has('json'), help } };
  } catch (e) {
    if (e instanceof OptionError) return { ok: false, error: e.message };
    return { ok: false, error: String(e) };
  }
}

const num = format(',.1f');
const int = format(',d');
const statRow = (name: string, s: Stats): string =>
  s.count === 0 ? `  ${name.padEnd(5)} no data` : `  ${name.padEnd(5)} mean ${formatMs(s.mean).padStart(11)}  p50 ${formatMs(s.p50).padStart(11)}  p95 ${formatMs(s.p95).padStart(11)}  p99 ${formatMs(s.p99).padStart(11)}`;

function measureText(label: string, m: RunMetrics, slo: Slo, requested: number, notes: string[], warnings: string[]): string {
  const target = [slo.ttftMs !== null && `TTFT ≤ ${slo.ttftMs} ms`, slo.tpotMs !== null && `TPOT ≤ ${slo.tpotMs} ms`].filter(Boolean).join(', ') || 'none';
  return [
    `Endpoint  ${label}`,
    `Completed ${int(m.completed)} of ${int(requested)} in ${num(m.durationS)} s${m.rejected ? ` (${m.rejected} failed)` : ''}`,
    statRow('TTFT', m.ttftMs),
    statRow('TPOT', m.tpotMs),
    statRow('ITL', m.itlMs),
    statRow('E2E', m.e2eMs),
    `  Throughput ${num(m.outputTokPerSec)} tok/s, ${format(',.3f')(m.requestsPerSec)} req/s; per user ${num(m.userTokPerSec)} tok/s`,
    `  Goodput    ${format(',.3f')(m.goodputReqPerSec)} req/s (${format('.1%')(m.sloMetShare)} met ${target})`,
    ...warnings.map((w) => `Warning: ${w}`),
    ...notes.map((n) => `Note: ${n}`),
  ].join('\n');
}

/**
 * Runs `lab measure` and returns the exit status: 0 ok, 2 bad option (message
 * names it), 1 when the endpoint is unreachable or every request failed.
 * `argv` is everything after the word `measure`; `env` supplies LAB_API_KEY;
 * `signal` stops the run early (e.g. on Ctrl-C). Never hangs: every request
 * has a timeout. Output goes through `out` and `err`.
 */
export async function runMeasure(
  argv: readonly string[],
  out: (s: string) => void,
  err: (s: string) => void,
  env: Record<string, string | undefined> = process.env,
  signal?: AbortSignal,
): Promise<number> {
  // Everything printed may carry a server's text (error pages, model names): escape what a terminal would act on.
  const rawOut = out;
  const rawErr = err;
  out = (s) => rawOut(escapeControl(s));
  err = (s) => rawErr(escapeControl(s));
  const parsed = parseMeasureArgs(argv, env);
  if (!parsed.ok) {
    err(`lab measure: ${parsed.error}`);
    return 2;
  }
  const { options, slo, json, help } = parsed.args;
  if (help) {
    out(MEASURE_USAGE);
    return 0;
  }
  // Say what is happening before the first answer: a silent server would otherwise leave the terminal silent until the timeout.
  err(`lab measure: ${options.warmup ? 'a warm-up request, then ' : ''}${options.requests} request${options.requests === 1 ? '' : 's'} to ${endpointUrl(options)} (timeout ${options.timeoutMs / 1000} s each)…`);
  const outcome = await measureEndpoint(options, { signal });
  if (!outcome.ok) {
    err(`lab measure: ${outcome.error}`);
    return 1;
  }
  const { run } = outcome;
  const { metrics } = computeImportedMetrics(run, slo);
  if (metrics.completed === 0) {
    const first = run.requests.find((r) => r.error)?.error ?? 'unknown error';
    err(`lab measure: every request failed; the first: ${first}`);
    return 1;
  }
  if (json) {
    out(JSON.stringify({
      endpoint: { url: options.baseUrl, model: options.model, api: options.endpoint },
      request: { promptTokens: options.promptTokens, maxTokens: options.outputTokens, requests: options.requests, concurrency: options.concurrency, ignoreEos: options.ignoreEos },
      slo,
      metrics: metricsJson(metrics),
      outputTokensFrom: run.outputTokensFrom,
      failed: run.requests.filter((r) => r.error).map((r) => ({ id: r.id, error: r.error })),
      warnings: run.warnings,
      notes: [run.durationNote, ...run.notes],
    }, null, 2));
  } else {
    out(measureText(run.label, metrics, slo, options.requests, [run.durationNote, ...run.notes], run.warnings));
  }
  return 0;
}
