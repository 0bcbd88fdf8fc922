/**
 * `--trace FILE|azure-code|azure-conv`, `--trace-speed X`, `--trace-window FROM:TO`:
 * a request trace replayed as the run's load, each request at its recorded
 * time with its recorded lengths. The file is read here (the CLI's I/O); the
 * parsing and slicing are the importer's, the replay is the engine's.
 */
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../engine/types';
import { withAssumedConcurrency } from '../import/llmperf';
import { parseRunFiles, parseRunText } from '../import/parse';
import { closedLoopText, replayLoad, traceFromRun } from '../import/replay';
import { parseTrace, replayTrace, traceRatePerSec, type RequestTrace, type TraceResult } from '../import/trace';
import { UsageError } from './args';
import { TextFileError } from './readText';
import { BUILT_IN_TRACES } from '../import/traceCatalog';


/** What the JSON and the text say about the replayed trace. */
export interface TraceInfo {
  source: string;
  format: RequestTrace['format'];
  requests: number;
  /** Span of the replayed sends, seconds (after the window and the speed). */
  spanS: number;
  /** Requests over the span, per second. */
  meanRatePerSec: number;
  speed: number;
  window: { fromS: number; toS: number | null };
  notes: string[];
  /** Set when the run (llmperf, no send times) was replayed as a closed loop of this many users. */
  closedUsers?: number;
}

const number = (raw: string, flag: string): number => {
  if (!/^\s*\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(raw)) throw new UsageError(`--${flag}: "${raw}" is not a decimal number`);
  return Number(raw);
};

/** `FROM:TO` in seconds of the trace; either side may be empty (`:600`, `1800:`). */
export function parseTraceWindow(raw: string): { fromS: number; toS: number | null } {
  const m = /^([^:]*):([^:]*)$/.exec(raw.trim());
  if (!m) throw new UsageError(`--trace-window: "${raw}" is not FROM:TO in seconds (e.g. 0:600)`);
  const fromS = m[1].trim() === '' ? 0 : number(m[1], 'trace-window');
  const toS = m[2].trim() === '' ? null : number(m[2], 'trace-window');
  if (toS !== null && !(toS > fromS)) throw new UsageError(`--trace-window: the end (${toS} s) must come after the start (${fromS} s)`);
  return { fromS, toS };
}

/**
 * A result file of vLLM, GenAI-Perf, AIPerf, llmperf or the lab, read by the
 * importer, as a trace of its own requests. An llmperf responses file takes
 * its concurrency from its `*_summary.json` beside it when there is one
 * (`summaryText`), else from `--concurrency`.
 */
function replayedRun(text: string, name: string, fallbackPromptTokens: number, summaryText: string | null, concurrency: number | null): TraceResult {
  const fileName = name.split(/[\\/]/).at(-1) ?? name;
  const files = [{ name: fileName, text }, ...(summaryText !== null ? [{ name: llmperfSummaryName(fileName), text: summaryText }] : [])];
  const group = summaryText !== null ? parseRunFiles(files)[0] : null;
  const run = group ? group.result : parseRunText(text, { fileName });
  if (!run.ok) return { ok: false, error: run.error };
  const given = run.run.format === 'llmperf' && concurrency !== null && run.run.load.concurrency === null ? withAssumedConcurrency(run.run, concurrency) : run.run;
  return traceFromRun(given, fallbackPromptTokens);
}

/** `foo_individual_responses.json` → `foo_summary.json`, the summary llmperf writes beside it. */
function llmperfSummaryName(fileName: string): string {
  return fileName.replace(/_individual_responses\.json$/i, '_summary.json');
}

/** `--concurrency N`: a whole number of users, or null when not given. */
function givenConcurrency(extras: ReadonlyMap<string, string>): number | null {
  const raw = extras.get('concurrency');
  if (raw === undefined) return null;
  const n = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!(Number.isInteger(n) && n >= 1 && n <= 100_000)) throw new UsageError(`--concurrency: "${raw}" is not a whole number from 1 to 100000`);
  return n;
}

/**
 * Reads a file as text under the text rules (`readTextFile`; injected so tests
 * need no file system): `what` names it in messages ("trace", "result file").
 */
export type ReadText = (path: string, what: string) => string;

/**
 * The scenario with its load replaced by the trace's requests, or `base`
 * unchanged when no `--trace` was given. Usage errors name the option and the line.
 */
export function withTrace(base: Scenario, extras: ReadonlyMap<string, string>, readText: ReadText): { scenario: Scenario; trace: TraceInfo | null } {
  const traced = extras.get('trace');
  const replayed = extras.get('replay');
  if (traced !== undefined && replayed !== undefined) throw new UsageError('use --trace or --replay, not both');
  const flag = traced !== undefined ? 'trace' : 'replay';
  const given = traced ?? replayed;
  if (given === undefined) {
    for (const f of ['trace-speed', 'trace-window']) if (extras.has(f)) throw new UsageError(`--${f} needs --trace or --replay`);
    if (extras.has('concurrency')) throw new UsageError('--concurrency needs --replay (an llmperf file)');
    return { scenario: base, trace: null };
  }
  if (flag === 'trace' && extras.has('concurrency')) throw new UsageError('--concurrency goes with --replay of an llmperf file, not --trace');
  const builtIn = flag === 'trace' && Object.hasOwn(BUILT_IN_TRACES, given) ? BUILT_IN_TRACES[given as keyof typeof BUILT_IN_TRACES] : undefined;
  const path = builtIn ? fileURLToPath(new URL(`../../data/traces/${builtIn.file}`, import.meta.url)) : given;
  let text: string;
  try {
    text = readText(path, flag === 'trace' ? 'trace' : 'result file');
  } catch (e) {
    if (e instanceof TextFileError) throw new UsageError(`--${flag} ${given}: ${e.message}`);
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new UsageError(flag === 'trace' ? `--trace: cannot read "${given}" (${why}); give a file or one of ${Object.keys(BUILT_IN_TRACES).join(', ')}` : `--replay: cannot read "${given}" (${why})`);
  }
  const parsed = flag === 'trace' ? parseTrace(text) : replayedRun(text, given, base.workload.promptTokens, siblingSummary(path, readText), givenConcurrency(extras));
  if (!parsed.ok) throw new UsageError(`--${flag} ${given}: ${parsed.error}`);
  if (parsed.trace.closedUsers !== undefined) {
    for (const f of ['trace-speed', 'trace-window']) if (extras.has(f)) throw new UsageError(`--${f}: ${given} records no send times (llmperf), so it replays as a closed loop, which has no time to speed up or slice`);
  }
  const speed = extras.has('trace-speed') ? number(extras.get('trace-speed')!, 'trace-speed') : 1;
  if (!(speed > 0)) throw new UsageError(`--trace-speed: must be above 0, got ${speed}`);
  const window = extras.has('trace-window') ? parseTraceWindow(extras.get('trace-window')!) : { fromS: 0, toS: null };
  const replay = replayTrace(parsed.trace, { speed, fromS: window.fromS, toS: window.toS ?? Infinity });
  if (!replay.ok) throw new UsageError(`--trace ${given}: ${replay.error}`);
  const t = replay.trace;
  const n = t.sendS.length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const scenario: Scenario = {
    ...base,
    workload: {
      id: 'trace',
      label: builtIn ? builtIn.label : `${flag === 'trace' ? 'trace' : 'replay of'} ${given}`,
      promptTokens: Math.max(1, Math.round(mean(t.promptTokens))),
      outputTokens: Math.max(1, Math.round(mean(t.outputTokens))),
      spread: 0,
    },
    load: replayLoad(t),
    requests: n,
  };
  return {
    scenario,
    trace: {
      source: builtIn ? given : path,
      format: t.format,
      requests: n,
      spanS: t.sendS[n - 1],
      meanRatePerSec: traceRatePerSec(t),
      speed,
      window,
      notes: t.notes,
      ...(t.closedUsers !== undefined ? { closedUsers: t.closedUsers } : {}),
    },
  };
}

/** The `*_summary.json` beside an llmperf `*_individual_responses.json`, or null when there is none (or the file is not one). */
function siblingSummary(path: string, readText: ReadText): string | null {
  if (!/_individual_responses\.json$/i.test(path)) return null;
  try {
    return readText(path.replace(/_individual_responses\.json$/i, '_summary.json'), 'llmperf summary');
  } catch {
    return null;
  }
}

/** Two lines for the text output: what was replayed, and what was left out. */
export function traceText(t: TraceInfo): string {
  const slice = t.window.fromS > 0 || t.window.toS !== null ? `, trace seconds ${t.window.fromS}–${t.window.toS ?? 'end'}` : '';
  const pace = t.speed !== 1 ? `, ${t.speed}× speed` : '';
  const closed = t.closedUsers !== undefined ? closedLoopText({ format: t.format, sendS: [], promptTokens: [], outputTokens: [], notes: [], closedUsers: t.closedUsers }) : null;
  const lines = [
    closed
      ? `Trace    ${t.source} (${t.format}): ${t.requests.toLocaleString('en-US')} requests replayed ${closed}`
      : `Trace    ${t.source} (${t.format}): ${t.requests.toLocaleString('en-US')} requests over ${t.spanS.toFixed(1)} s, mean ${t.meanRatePerSec.toFixed(2)} req/s${slice}${pace}`,
  ];
  for (const n of t.notes) lines.push(`         ${n}`);
  return lines.join('\n');
}
