import { parseAiperf } from './aiperf';
import { detectJson, detectText, LLMPERF_SUMMARY_ALONE, type Detection } from './detect';
import { parseGenaiPerf } from './genaiPerf';
import { parseJsonText } from './jsonText';
import { parseLabCsv } from './labCsv';
import { parseLabJson } from './labJson';
import { applyLlmperfSummary, parseLlmperf } from './llmperf';
import { checkPlausible } from './plausible';
import { regularText } from './textRules';
import type { ImportOptions, ParseResult } from './types';
import { parseVllm } from './vllm';

/** What one text is: a run (or why not), or an llmperf summary waiting for its responses file. */
type Reading = { kind: 'run'; result: ParseResult } | { kind: 'llmperf-summary'; value: unknown };

function read(input: string, options: ImportOptions): Reading {
  try {
    // The rules a trace file passes too (src/import/textRules.ts): BOM, CR-only line ends, empty, binary.
    const regular = regularText(input, 'file');
    if (!regular.ok) return fail(regular.error);
    const text = regular.text;
    const trimmed = text.trimStart();
    const nl = trimmed.indexOf('\n');
    const firstLine = (nl === -1 ? trimmed : trimmed.slice(0, nl)).trim();
    if (/^("|null\b|true\b|false\b|-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$)/.test(trimmed)) {
      // A bare JSON value (a string, null, a number): say what it is rather than "not JSON".
      const json = parseJsonText(text);
      if (json.ok) return done(dispatch(detectJson(json.value), text, json.value, options));
    }
    if (trimmed[0] === '{' || trimmed[0] === '[') {
      const json = parseJsonText(text);
      if (json.ok) {
        const d = detectJson(json.value);
        if (d.kind === 'llmperf-summary') return { kind: 'llmperf-summary', value: json.value };
        return done(dispatch(d, text, json.value, options));
      }
      // Several JSON objects, one per line, are JSONL (AIPerf), not a broken document.
      const lines = detectText(text, firstLine);
      if (lines.kind === 'lines') return done(dispatch(lines, text, null, options));
      return fail(json.error);
    }
    return done(dispatch(detectText(text, firstLine), text, null, options));
  } catch (e) {
    // Last resort: parsers validate everything, but a bug must still not reach the UI as a raw throw.
    return fail(`could not read the file (${e instanceof Error ? e.message : String(e)})`);
  }
}

const fail = (error: string): Reading => ({ kind: 'run', result: { ok: false, error } });
/** Every run that imports passes the plausibility check (impossible requests count as failed). */
const done = (r: ParseResult): Reading => ({ kind: 'run', result: r.ok ? checkPlausible(r.run) : r });

/**
 * Reads a benchmark result file of any supported format (auto-detected) into an
 * `ImportedRun`. Never throws: a malformed, truncated or foreign file gives
 * `{ ok: false, error }` with a message naming what is wrong and where.
 * Runs in node and in a Web Worker (no DOM). Linear in the file size.
 */
export function parseRunText(input: string, options: ImportOptions = {}): ParseResult {
  const r = read(input, options);
  return r.kind === 'run' ? r.result : { ok: false, error: LLMPERF_SUMMARY_ALONE };
}

/** One file given to `parseRunFiles`. */
export interface NamedText {
  name: string;
  text: string;
}

/** One run read from one file, or from an llmperf responses file and its summary. */
export interface FileGroupResult {
  /** The file names this run came from (two for an llmperf pair). */
  files: string[];
  result: ParseResult;
}

/** `foo_individual_responses.json` and `foo_summary.json` share the stem `foo`. */
function llmperfStem(name: string): string {
  return name.replace(/\.json$/i, '').replace(/_(individual_responses|summary)$/i, '');
}

/**
 * Reads several files at once, pairing each llmperf `*_summary.json` with its
 * `*_individual_responses.json` (same name stem, or the only llmperf run
 * given), so the run gets llmperf's own duration and concurrency. Every other
 * file is one run. A summary without its responses file is refused, saying so.
 */
export function parseRunFiles(files: readonly NamedText[], options: ImportOptions = {}): FileGroupResult[] {
  const readings = files.map((f) => ({ name: f.name, reading: read(f.text, { ...options, fileName: f.name }) }));
  const summaries = readings.filter((r) => r.reading.kind === 'llmperf-summary');
  const llmperfRuns = readings.filter((r) => r.reading.kind === 'run' && r.reading.result.ok && r.reading.result.run.format === 'llmperf');
  const used = new Set<string>();
  const pairOf = new Map<string, (typeof readings)[number]>();
  for (const s of summaries) {
    const stem = llmperfStem(s.name);
    const match = llmperfRuns.find((r) => !used.has(r.name) && llmperfStem(r.name) === stem) ?? (summaries.length === 1 && llmperfRuns.length === 1 ? llmperfRuns[0] : undefined);
    if (match) {
      used.add(match.name);
      pairOf.set(match.name, s);
    }
  }
  const paired = new Set([...pairOf.values()].map((s) => s.name));
  const out: FileGroupResult[] = [];
  for (const r of readings) {
    if (r.reading.kind === 'llmperf-summary') {
      if (!paired.has(r.name)) out.push({ files: [r.name], result: { ok: false, error: LLMPERF_SUMMARY_ALONE } });
      continue;
    }
    const summary = pairOf.get(r.name);
    const result = r.reading.result;
    if (summary && result.ok && summary.reading.kind === 'llmperf-summary') {
      const applied = applyLlmperfSummary(result.run, summary.reading.value, summary.name);
      out.push({ files: [r.name, summary.name], result: applied.ok ? checkPlausible(applied.run) : applied });
    } else out.push({ files: [r.name], result });
  }
  return out;
}

function dispatch(d: Detection, text: string, value: unknown, options: ImportOptions): ParseResult {
  if (d.kind === 'foreign') return { ok: false, error: d.message };
  if (d.kind === 'llmperf-summary') return { ok: false, error: LLMPERF_SUMMARY_ALONE };
  if (d.kind === 'lines') return d.format === 'aiperf' ? parseAiperf(text, options) : parseLabCsv(text, options);
  switch (d.format) {
    case 'vllm': return parseVllm(value, options);
    case 'genai-perf': return parseGenaiPerf(value, options);
    case 'llmperf': return parseLlmperf(value, options);
    case 'lab-json': return parseLabJson(value, options);
  }
}
