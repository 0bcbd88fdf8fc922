/**
 * Request traces: when each request was sent and how long its prompt and
 * answer were, read from the formats real traces come in, so the engine can
 * replay real (bursty) traffic. Pure and DOM-free: runs in node and in a worker.
 *
 * Formats (detected from the header, or from the first line for JSONL):
 * - Azure LLM inference trace (2023): `TIMESTAMP,ContextTokens,GeneratedTokens`,
 *   timestamps `YYYY-MM-DD HH:MM:SS.fffffff` (UTC).
 * - BurstGPT: `Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type`,
 *   timestamps in seconds; rows with 0 response tokens are failed requests.
 * - Plain CSV: `send_s,prompt_tokens,output_tokens`.
 * - JSONL: one `{"send_s": …, "prompt_tokens": …, "output_tokens": …}` per line.
 */
import { csvParseRows } from 'd3-dsv';
import { escapeControl } from './controlChars';
import { regularText } from './textRules';

/** A trace ready to replay: times in seconds from its first request, one entry per request. */
export interface RequestTrace {
  format: TraceFormat;
  /** Send times, seconds from the first request (the first is 0), ascending. */
  sendS: number[];
  /** Prompt tokens of each request, whole numbers ≥ 1. */
  promptTokens: number[];
  /** Output tokens of each request, whole numbers ≥ 1. */
  outputTokens: number[];
  /** What was left out and why (rows a replay cannot use), for the reader to see. */
  notes: string[];
  /**
   * Set for a measured closed-loop run with no send times (llmperf): replay it
   * as this many users, each sending the next request (in `sendS` order) when
   * its last answer arrives; `sendS` is then all 0 (no recorded times).
   */
  closedUsers?: number;
}

/** The formats `parseTrace` reads, and `imported-run` for a measured run replayed (`traceFromRun`). */
export type TraceFormat = 'azure' | 'burstgpt' | 'plain-csv' | 'jsonl' | 'imported-run';

/** A trace, or why the text is not one (naming the line). */
export type TraceResult = { ok: true; trace: RequestTrace } | { ok: false; error: string };

/** Most requests a trace may hold: the engine's own limit on a run. */
export const MAX_TRACE_REQUESTS = 200_000;
/** Longest prompt or answer a trace row may give, tokens (the engine's limit). */
export const MAX_TRACE_TOKENS = 2_000_000;

interface Columns {
  format: Exclude<TraceFormat, 'jsonl' | 'imported-run'>;
  time: number;
  prompt: number;
  output: number;
  /** Reads a time cell into seconds, or NaN. */
  seconds: (cell: string) => number;
}

const AZURE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$/;

/**
 * Reads `2023-11-16 18:17:03.9799600` (UTC) as seconds after the whole second
 * of the first timestamp read: seconds since 1970 with seven decimals would
 * need more digits than a double holds.
 */
function azureClock(): (cell: string) => number {
  let baseS: number | null = null;
  return (cell) => {
    const m = AZURE_TIME.exec(cell.trim());
    if (!m) return NaN;
    const wholeS = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000;
    baseS ??= wholeS;
    // A day of offset keeps a row a little earlier than the first (out of order) at a time ≥ 0; the builder sorts and rebases.
    return wholeS - baseS + 86_400 + (m[7] ? Number(`0.${m[7]}`) : 0);
  };
}

const decimalSeconds = (cell: string): number => (/^\s*\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(cell) ? Number(cell) : NaN);

function columnsOf(header: string[]): Columns | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const at = (name: string) => names.indexOf(name);
  if (at('timestamp') >= 0 && at('contexttokens') >= 0 && at('generatedtokens') >= 0) {
    return { format: 'azure', time: at('timestamp'), prompt: at('contexttokens'), output: at('generatedtokens'), seconds: azureClock() };
  }
  if (at('timestamp') >= 0 && at('request tokens') >= 0 && at('response tokens') >= 0) {
    return { format: 'burstgpt', time: at('timestamp'), prompt: at('request tokens'), output: at('response tokens'), seconds: decimalSeconds };
  }
  if (at('send_s') >= 0 && at('prompt_tokens') >= 0 && at('output_tokens') >= 0) {
    return { format: 'plain-csv', time: at('send_s'), prompt: at('prompt_tokens'), output: at('output_tokens'), seconds: decimalSeconds };
  }
  return null;
}

const tokenCount = (cell: unknown): number => {
  if (typeof cell === 'number') return cell;
  if (typeof cell !== 'string' || !/^\s*\d+\s*$/.test(cell)) return NaN;
  return Number(cell);
};

/** Collects rows, then sorts by time (stable) and rebases to the first request. */
class TraceBuilder {
  readonly rows: { t: number; p: number; o: number }[] = [];
  zeroOutput: number[] = [];
  constructor(readonly format: TraceFormat) {}

  /** Adds one row or returns why it cannot be read (null when fine or skipped with a note). */
  add(line: number, t: number, p: number, o: number): string | null {
    if (!Number.isFinite(t) || t < 0) return `line ${line}: the send time is not a time`;
    if (!Number.isInteger(p) || p < 1 || p > MAX_TRACE_TOKENS) return `line ${line}: the prompt length must be a whole number of tokens from 1 to ${MAX_TRACE_TOKENS.toLocaleString('en-US')}`;
    if (!Number.isInteger(o) || o < 0 || o > MAX_TRACE_TOKENS) return `line ${line}: the output length must be a whole number of tokens from 0 to ${MAX_TRACE_TOKENS.toLocaleString('en-US')}`;
    // An answer of no tokens is a request that failed (BurstGPT marks failures so): nothing to replay.
    if (o === 0) {
      this.zeroOutput.push(line);
      return null;
    }
    if (this.rows.length >= MAX_TRACE_REQUESTS) return `more than ${MAX_TRACE_REQUESTS.toLocaleString('en-US')} requests: take a slice of the trace first`;
    this.rows.push({ t, p, o });
    return null;
  }

  build(): TraceResult {
    const notes: string[] = [];
    if (this.zeroOutput.length > 0) {
      const lines = this.zeroOutput.slice(0, 5).join(', ') + (this.zeroOutput.length > 5 ? ', …' : '');
      notes.push(`${this.zeroOutput.length} request${this.zeroOutput.length === 1 ? '' : 's'} with no output tokens (failed requests) left out: line${this.zeroOutput.length === 1 ? '' : 's'} ${lines}.`);
    }
    if (this.rows.length === 0) return { ok: false, error: 'the trace has no request to replay' };
    const sorted = this.rows.every((r, i) => i === 0 || r.t >= this.rows[i - 1].t);
    const rows = sorted ? this.rows : this.rows.map((r, i) => ({ ...r, i })).sort((a, b) => a.t - b.t || a.i - b.i);
    if (!sorted) notes.push('The rows were not in time order; they are replayed in time order.');
    const t0 = rows[0].t;
    return {
      ok: true,
      trace: {
        format: this.format,
        sendS: rows.map((r) => r.t - t0),
        promptTokens: rows.map((r) => r.p),
        outputTokens: rows.map((r) => r.o),
        notes,
      },
    };
  }
}

function parseCsv(text: string): TraceResult {
  const rows = csvParseRows(text);
  const header = rows[0] ?? [];
  const cols = columnsOf(header);
  if (!cols) {
    return {
      ok: false,
      error: `line 1: not a trace header (${escapeControl(header.slice(0, 6).join(',').slice(0, 120))}); expected TIMESTAMP,ContextTokens,GeneratedTokens (Azure), Timestamp,…,Request tokens,Response tokens (BurstGPT) or send_s,prompt_tokens,output_tokens`,
    };
  }
  const b = new TraceBuilder(cols.format);
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    if (row.length === 1 && row[0].trim() === '') continue;
    const need = Math.max(cols.time, cols.prompt, cols.output);
    if (row.length <= need) return { ok: false, error: `line ${i + 1}: ${row.length} columns where the header has ${header.length}` };
    const problem = b.add(i + 1, cols.seconds(row[cols.time]), tokenCount(row[cols.prompt]), tokenCount(row[cols.output]));
    if (problem) return { ok: false, error: problem };
  }
  return b.build();
}

function parseJsonl(text: string): TraceResult {
  const b = new TraceBuilder('jsonl');
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      return { ok: false, error: `line ${i + 1}: not JSON` };
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return { ok: false, error: `line ${i + 1}: not an object with send_s, prompt_tokens and output_tokens` };
    const o = v as Record<string, unknown>;
    const t = typeof o.send_s === 'number' ? o.send_s : NaN;
    const problem = b.add(i + 1, t, tokenCount(o.prompt_tokens), tokenCount(o.output_tokens));
    if (problem) return { ok: false, error: problem };
  }
  return b.build();
}

/**
 * Reads a request trace in any of the supported formats. Never throws: a
 * malformed row gives `{ ok: false, error }` naming its line. Rows with no
 * output tokens (failed requests) are left out with a note; rows out of time
 * order are sorted. Times are rebased so the first request is sent at 0.
 */
export function parseTrace(input: string): TraceResult {
  // The result files' rules first (src/import/textRules.ts): BOM, line ends, empty, binary.
  const regular = regularText(input, 'trace');
  if (!regular.ok) return regular;
  const text = regular.text.replace(/\r\n?/g, '\n');
  try {
    return text.trimStart().startsWith('{') ? parseJsonl(text) : parseCsv(text);
  } catch (e) {
    return { ok: false, error: `could not read the trace (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** How a trace is replayed: a slice of its time, then its pace. */
export interface TraceReplay {
  /** Keep requests sent at or after this time of the trace, seconds (default 0). */
  fromS?: number;
  /** Keep requests sent before this time of the trace, seconds (default: the end). */
  toS?: number;
  /** Time runs this many times faster (2 = the same requests in half the time); default 1. */
  speed?: number;
}

/**
 * The part of `trace` a replay sends: requests sent in [fromS, toS) of the
 * trace's own time, rebased to start at 0, with every gap divided by `speed`.
 * Errors name the bad value (a slice with no request in it, a speed ≤ 0).
 */
export function replayTrace(trace: RequestTrace, o: TraceReplay = {}): { ok: true; trace: RequestTrace } | { ok: false; error: string } {
  const speed = o.speed ?? 1;
  if (!(speed > 0 && Number.isFinite(speed))) return { ok: false, error: `the trace speed must be a number above 0, got ${speed}` };
  const from = o.fromS ?? 0;
  const to = o.toS ?? Infinity;
  if (!(from >= 0) || !(to > from)) return { ok: false, error: `the trace window must run from a time ≥ 0 to a later one, got ${from}:${to}` };
  const keep: number[] = [];
  for (let i = 0; i < trace.sendS.length; i++) if (trace.sendS[i] >= from && trace.sendS[i] < to) keep.push(i);
  if (keep.length === 0) {
    const endS = trace.sendS[trace.sendS.length - 1];
    return { ok: false, error: `no request of the trace is sent between ${from} s and ${to === Infinity ? 'the end' : `${to} s`} (the trace spans 0–${endS.toFixed(1)} s)` };
  }
  const t0 = trace.sendS[keep[0]];
  return {
    ok: true,
    trace: {
      ...trace,
      sendS: keep.map((i) => (trace.sendS[i] - t0) / speed),
      promptTokens: keep.map((i) => trace.promptTokens[i]),
      outputTokens: keep.map((i) => trace.outputTokens[i]),
    },
  };
}

/** Mean request rate of a trace, requests per second (its requests over its span; Infinity for one instant). */
export function traceRatePerSec(trace: RequestTrace): number {
  const span = trace.sendS[trace.sendS.length - 1] - trace.sendS[0];
  return span > 0 ? (trace.sendS.length - 1) / span : Infinity;
}
