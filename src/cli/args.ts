import { PARAMS } from '../settings/schema';

/** A usage error: the CLI prints it and exits with status 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Options that are not settings. */
export const EXTRA_FLAGS: Record<string, { takesValue: boolean; doc: string }> = {
  json: { takesValue: false, doc: 'Print one JSON document instead of text.' },
  help: { takesValue: false, doc: 'Show help.' },
  'sweep-users': { takesValue: true, doc: 'sweep: comma-separated user counts (default 1,2,4,…,256).' },
  'sweep-rates': { takesValue: true, doc: 'sweep: comma-separated request rates per second instead of users.' },
  pin: { takesValue: true, doc: 'A baseline to compare against, as a link\'s query string (what the page puts in pin=), e.g. "replicas=4"; predict and sweep run both.' },
  trace: { takesValue: true, doc: 'predict: replay a request trace instead of the load and lengths: a file (Azure CSV, BurstGPT CSV, send_s,prompt_tokens,output_tokens CSV or JSONL) or a built-in one, azure-code or azure-conv.' },
  replay: { takesValue: true, doc: 'predict: replay a measured run (a vLLM, GenAI-Perf, AIPerf, llmperf or lab result file) on this server: its own requests at their recorded send times (llmperf: as a closed loop of its concurrency\'s users) and lengths.' },
  concurrency: { takesValue: true, doc: 'with --replay of an llmperf file given without its *_summary.json beside it: the run\'s concurrency (--num-concurrent-requests), replayed as a closed loop of that many users.' },
  'trace-speed': { takesValue: true, doc: 'with --trace or --replay: time runs this many times faster (2 = the same requests in half the time; default 1).' },
  'trace-window': { takesValue: true, doc: 'with --trace or --replay: FROM:TO, the slice to replay, in seconds from its first request (e.g. 0:600).' },
};

const BOOLEAN_SETTINGS = new Set(['chunked-prefill']);

/** Command, setting values by flag, and extra options, from argv (after the script name). */
export interface ParsedArgs {
  command: string | null;
  values: Map<string, string>;
  extras: Map<string, string>;
}

/**
 * Reads `command --flag value --flag=value --bool` style arguments. Unknown
 * flags, missing values and repeated flags are usage errors naming the flag.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const settingFlags = new Set(PARAMS.map((p) => p.flag));
  const values = new Map<string, string>();
  const extras = new Map<string, string>();
  let command: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      if (command === null) {
        command = arg;
        continue;
      }
      throw new UsageError(`unexpected argument "${arg}"`);
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq >= 0 ? eq : undefined);
    const inline = eq >= 0 ? arg.slice(eq + 1) : null;
    const extra = EXTRA_FLAGS[name];
    // --trace, --trace-window and --trace-speed are the page's trace settings too, but the CLI reads them itself (a file is a trace there).
    const isSetting = settingFlags.has(name) && !extra;
    if (!isSetting && !extra) throw new UsageError(`unknown option --${name} (see --help)`);
    const takesValue = isSetting ? !BOOLEAN_SETTINGS.has(name) : extra.takesValue;
    let value: string;
    if (inline !== null) value = inline;
    else if (takesValue) {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith('--') && !/^--?\d/.test(next))) throw new UsageError(`option --${name} needs a value`);
      value = next;
      i++;
    } else value = '';
    const target = isSetting ? values : extras;
    if (target.has(name)) throw new UsageError(`option --${name} is given twice`);
    target.set(name, value);
  }
  return { command, values, extras };
}

/**
 * Parses a comma-separated list of sweep values, each checked exactly as the
 * setting `paramKey` checks its own value (`--sweep-rates` like `--rate`,
 * `--sweep-users` like `--users`, without `inf` users: a sweep point needs a
 * finite load).
 */
export function parseNumberList(raw: string, flag: string, paramKey: 'rate' | 'users'): number[] {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.every((p) => p.length === 0)) throw new UsageError(`--${flag} needs at least one value`);
  if (parts.length > 64) throw new UsageError(`--${flag} takes at most 64 values`);
  const kind = PARAMS.find((p) => p.key === paramKey)!.kind;
  return parts.map((p, i) => {
    if (p === '') throw new UsageError(`--${flag}: value ${i + 1} is empty`);
    const out = kind.parse(p);
    if (!out.ok) throw new UsageError(`--${flag}: ${out.reason}`);
    const v = out.value as number;
    if (paramKey === 'users' && v === Infinity) throw new UsageError(`--${flag}: "${p}" is not a finite number of users`);
    return v;
  });
}
