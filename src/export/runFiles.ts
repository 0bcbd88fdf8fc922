import { csvFormatRows } from 'd3-dsv';
import { neutraliseCell } from '../import/csvCells';
import type { RequestRecord, RunMetrics, RunResult } from '../engine/types';
import { tokenTimesS } from '../engine/tokens';
import { CSV_COLUMNS, CSV_MAGIC } from '../import/labCsv';
import { LAB_JSON_FORMAT, LAB_JSON_VERSION } from '../import/labJson';
import type { ImportedRequest, ImportedRun } from '../import/types';

/** Options of `simulatedRun`. */
export interface SimulatedRunOptions {
  label?: string;
  /** Client arrival time (s from run start) of every output token of request `id`; omit to export no chunk times. */
  tokenTimesS?: (id: number) => number[];
  /** Run duration, s (the engine's `RunMetrics.durationS`); default: first send to last token. */
  durationS?: number;
  load?: ImportedRun['load'];
}

/**
 * Simulated requests as an `ImportedRun`, so a simulation exports (and
 * re-imports) like a measured run. Every simulated token is its own chunk.
 * Rejected requests become failed rows.
 */
export function simulatedRun(records: readonly RequestRecord[], options: SimulatedRunOptions = {}): ImportedRun {
  let endS = 0;
  const requests: ImportedRequest[] = records.map((r) => {
    if (r.completed) endS = Math.max(endS, r.sendS + r.e2eMs / 1000);
    const times = r.completed && options.tokenTimesS ? options.tokenTimesS(r.id) : null;
    return {
      id: String(r.id),
      sendMs: r.sendS * 1000,
      ttftMs: r.completed ? r.ttftMs : 0,
      e2eMs: r.completed ? r.e2eMs : 0,
      outputTokens: r.completed ? r.outputTokens : 0,
      inputTokens: r.promptTokens,
      chunkMs: times ? times.map((t) => (t - r.sendS) * 1000) : null,
      error: r.completed ? null : 'rejected: prompt + output exceed the KV cache',
    };
  });
  return {
    format: 'lab-csv',
    label: options.label ?? 'Latency Lab simulation',
    requests,
    durationS: options.durationS ?? endS,
    durationNote: 'Simulated: first send to last token received (vLLM\'s definition).',
    outputTokensFrom: 'tool',
    load: options.load ?? { concurrency: null, ratePerSec: null },
    notes: ['Simulated by the Latency Lab: one token per chunk.'],
    warnings: [],
    reported: null,
  };
}

/** A whole simulation result as an `ImportedRun`, with per-token times from its iteration log. */
export function runResultToRun(result: RunResult, label?: string): ImportedRun {
  const load = result.scenario.load;
  return simulatedRun(result.requests, {
    label,
    tokenTimesS: (id) => tokenTimesS(result, id),
    durationS: result.metrics.durationS,
    load: load.kind === 'closed' ? { concurrency: load.users, ratePerSec: null } : load.kind === 'open' ? { concurrency: null, ratePerSec: load.ratePerSec } : { concurrency: null, ratePerSec: null },
  });
}

/** ms with at most 3 decimals and no exponent: `212.5`, `0`, `1390.123`. */
export function msText(x: number): string {
  if (!Number.isFinite(x)) return '';
  const s = x.toFixed(3);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** A text cell: one line, neutralised against spreadsheet formulas (OWASP; undone by the reader). */
const text = (v: string): string => neutraliseCell(v.replace(/[\r\n]+/g, ' '));

/**
 * The run as the lab's per-request CSV (docs/import-format.md), which
 * `parseRunText` reads back: the duration and load go into `# key: value`
 * lines so metrics survive the round trip. Written with d3-dsv (RFC 4180
 * quoting); every text cell (ids, errors, the label) is neutralised so a
 * spreadsheet opening the file runs no formula from it.
 */
export function runToCsv(run: ImportedRun): string {
  const rate = run.load.ratePerSec;
  // Each `#` line is one cell, quoted by d3-dsv when it holds a comma or a quote, so no part of it becomes a cell of its own.
  const metaLines = [
    CSV_MAGIC,
    `# label: ${text(run.label)}`,
    `# source: ${run.format}`,
    `# duration_s: ${Number(run.durationS.toPrecision(15))}`,
    `# tokens_from: ${run.outputTokensFrom}`,
  ];
  if (run.streamed === false) metaLines.push('# streamed: no');
  if (run.load.concurrency !== null) metaLines.push(`# concurrency: ${run.load.concurrency}`);
  if (rate !== null) metaLines.push(`# rate: ${rate === Infinity ? 'inf' : rate}`);
  const rows: string[][] = metaLines.map((l) => [l]);
  rows.push([...CSV_COLUMNS]);
  for (const r of run.requests) {
    const failed = r.error !== null;
    rows.push([
      text(r.id),
      r.sendMs === null ? '' : msText(r.sendMs),
      failed ? '' : msText(r.ttftMs),
      failed ? '' : msText(r.e2eMs),
      failed ? '' : String(r.outputTokens),
      r.inputTokens === null ? '' : String(r.inputTokens),
      failed || !r.chunkMs ? '' : r.chunkMs.map(msText).join(';'),
      failed ? text(r.error ?? 'failed') : '',
    ]);
  }
  return `${csvFormatRows(rows)}\n`;
}

/** The run (and optionally its metrics) as the lab's run JSON, which `parseRunText` reads back. */
export function runToJson(run: ImportedRun, metrics?: RunMetrics): string {
  const rate = run.load.ratePerSec;
  const { reported: _reported, ...rest } = run;
  void _reported;
  return JSON.stringify({
    format: LAB_JSON_FORMAT,
    version: LAB_JSON_VERSION,
    run: { ...rest, load: { concurrency: run.load.concurrency, ratePerSec: rate === Infinity ? 'inf' : rate } },
    ...(metrics ? { metrics } : {}),
  });
}
