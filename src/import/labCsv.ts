import { csvParseRows } from 'd3-dsv';
import { z } from 'zod';
import { restoreCell } from './csvCells';
import { separatorProblem } from './separators';
import type { ImportedRequest, ImportedRun, ImportOptions, ParseResult, TokenCountSource } from './types';

/**
 * The lab's own per-request CSV (documented in docs/import-format.md): one row
 * per request, chunk arrival times as a `;`-separated list. Export writes it and
 * import reads it, so a run round-trips. Text cells may carry the `'` prefix
 * that neutralises spreadsheet formulas (see `csvCells.ts`).
 */
export const CSV_MAGIC = '# latency-lab per-request v1';
export const CSV_COLUMNS = ['request_id', 'send_ms', 'ttft_ms', 'e2e_ms', 'output_tokens', 'input_tokens', 'chunk_ms', 'error'] as const;
/** Metadata keys accepted in `# key: value` lines before the header. */
export const CSV_META_KEYS = ['duration_s', 'label', 'source', 'concurrency', 'rate', 'tokens_from', 'streamed'] as const;

/** How far `chunk_ms`' first/last may sit from `ttft_ms`/`e2e_ms` (rounding in other writers). */
const CHUNK_TOLERANCE_MS = 1;

/**
 * A numeric column: raw cells → numbers (null for an empty optional cell).
 * Validated column-wise in one loop per column, because a zod object per row
 * costs ~13 µs and a 100,000-row file must import in well under a second.
 */
const numberColumn = (what: string) =>
  z.array(z.string()).transform((cells, ctx) => {
    const out: (number | null)[] = new Array(cells.length);
    for (let i = 0; i < cells.length; i++) {
      const t = cells[i].trim();
      if (t === '') {
        out[i] = null;
        continue;
      }
      const v = Number(t);
      if (!Number.isFinite(v) || v < 0) {
        ctx.addIssue({ code: 'custom', path: [i], message: `expected ${what}, got "${t.slice(0, 24)}"` });
        return z.NEVER;
      }
      out[i] = v;
    }
    return out;
  });

/** `chunk_ms`: `;`-separated ascending times, or empty. */
const chunkColumn = z.array(z.string()).transform((cells, ctx) => {
  const out: (number[] | null)[] = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const t = cells[i].trim();
    if (t === '') {
      out[i] = null;
      continue;
    }
    const problem = parseChunkList(t);
    if (typeof problem === 'string') {
      ctx.addIssue({ code: 'custom', path: [i], message: problem });
      return z.NEVER;
    }
    out[i] = problem;
  }
  return out;
});

function parseChunkList(t: string): number[] | string {
  const parts = t.split(';');
  const out: number[] = new Array(parts.length);
  for (let k = 0; k < parts.length; k++) {
    const v = Number(parts[k]);
    if (parts[k].trim() === '' || !Number.isFinite(v)) return `item ${k + 1} "${parts[k].slice(0, 16)}" is not a number`;
    if (k > 0 && v < out[k - 1]) return `times must ascend, but item ${k + 1} (${v}) is before item ${k} (${out[k - 1]})`;
    out[k] = v;
  }
  return out;
}

/** The data rows as columns of raw cells → typed columns, with the rules that tie a row's cells together. */
export const csvColumnsSchema = z
  .object({
    request_id: z.array(z.string()),
    send_ms: numberColumn('a time in ms'),
    ttft_ms: numberColumn('a time in ms'),
    e2e_ms: numberColumn('a time in ms'),
    output_tokens: numberColumn('a token count'),
    input_tokens: numberColumn('a token count'),
    chunk_ms: chunkColumn,
    error: z.array(z.string()),
  })
  .superRefine((c, ctx) => {
    for (let i = 0; i < c.error.length; i++) {
      const issue = rowIssue(c, i);
      if (issue) {
        ctx.addIssue({ code: 'custom', path: [issue.column, i], message: issue.message });
        return;
      }
    }
  });

type Columns = {
  ttft_ms: (number | null)[]; e2e_ms: (number | null)[]; output_tokens: (number | null)[];
  chunk_ms: (number[] | null)[]; error: string[];
};

/** The first cross-cell rule row `i` breaks: times and tokens are required without an error, chunks must match TTFT/E2E. */
function rowIssue(c: Columns, i: number): { column: string; message: string } | null {
  if (c.error[i].trim() !== '') return null;
  for (const k of ['ttft_ms', 'e2e_ms', 'output_tokens'] as const) {
    if (c[k][i] === null) return { column: k, message: 'required for a request without error' };
  }
  const chunks = c.chunk_ms[i];
  const ttft = c.ttft_ms[i] as number;
  const e2e = c.e2e_ms[i] as number;
  if (chunks) {
    const first = chunks[0];
    const last = chunks[chunks.length - 1];
    if (Math.abs(first - ttft) > CHUNK_TOLERANCE_MS) return { column: 'chunk_ms', message: `first chunk at ${first} ms, but ttft_ms is ${ttft}` };
    if (Math.abs(last - e2e) > CHUNK_TOLERANCE_MS) return { column: 'chunk_ms', message: `last chunk at ${last} ms, but e2e_ms is ${e2e}` };
  }
  return null;
}

/** True when text starts (after comments/blank lines) like the lab's CSV. */
export function looksLikeLabCsv(text: string): boolean {
  return text.trimStart().startsWith(CSV_MAGIC) || /^\s*request_id\s*,\s*send_ms\s*,/m.test(text.slice(0, 4096));
}

/** Reads lab CSV text (RFC 4180, parsed with d3-dsv). */
export function parseLabCsv(text: string, options: ImportOptions = {}): ParseResult {
  // The `# key: value` block and the header, line by line; the rows after it with d3-dsv.
  const meta = new Map<string, { value: string; line: number }>();
  let pos = 0;
  let lineNo = 0;
  let header: string[] | null = null;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(pos, end).replace(/\r$/, '');
    lineNo++;
    pos = end + 1;
    const trimmed = line.trim();
    if (trimmed === '') continue;
    // The writer quotes a `# label: …` line as one cell when the label holds a comma or a quote.
    const cell = trimmed.startsWith('"#') ? (csvParseRows(trimmed)[0] ?? []).join(',') : trimmed;
    if (cell.startsWith('#')) {
      const m = /^#\s*([a-z_]+)\s*:\s*(.*)$/i.exec(cell);
      if (m && (CSV_META_KEYS as readonly string[]).includes(m[1].toLowerCase())) {
        const key = m[1].toLowerCase();
        const before = meta.get(key);
        if (before) return { ok: false, error: `line ${lineNo}: "# ${key}" is given twice (lines ${before.line} and ${lineNo}); the file is ambiguous` };
        meta.set(key, { value: restoreCell(m[2].trim()), line: lineNo });
      }
      continue;
    }
    const separator = separatorProblem(line);
    if (separator) return { ok: false, error: `line ${lineNo}: ${separator}` };
    header = (csvParseRows(line)[0] ?? []).map((h) => h.trim().toLowerCase());
    break;
  }
  if (header === null) return { ok: false, error: 'the CSV has no header line' };
  const twice = header.find((h, i) => h !== '' && header.indexOf(h) !== i);
  if (twice) return { ok: false, error: `line ${lineNo}: the column "${twice}" appears twice in the header; expected "${CSV_COLUMNS.join(',')}"` };
  if (header.join(',') !== CSV_COLUMNS.join(',')) {
    return { ok: false, error: `line ${lineNo}: the header is "${header.join(',').slice(0, 120)}", expected "${CSV_COLUMNS.join(',')}"` };
  }
  const rows = csvParseRows(text.slice(pos));
  const raw: Record<(typeof CSV_COLUMNS)[number], string[]> = { request_id: [], send_ms: [], ttft_ms: [], e2e_ms: [], output_tokens: [], input_tokens: [], chunk_ms: [], error: [] };
  const lineOf: number[] = [];
  let at = lineNo;
  for (let ri = 0; ri < rows.length; ri++) {
    const cells = rows[ri];
    at++;
    const here = at;
    // A quoted cell may span lines: count them so messages name the right line.
    for (const c of cells) if (c.includes('\n')) at += c.split('\n').length - 1;
    if ((cells.length === 1 && cells[0].trim() === '') || cells[0].startsWith('#')) continue;
    if (cells.length !== CSV_COLUMNS.length) {
      const truncated = rows.slice(ri + 1).every((r) => r.length === 1 && r[0].trim() === '');
      return { ok: false, error: `line ${here}: ${cells.length} column${cells.length === 1 ? '' : 's'}, expected ${CSV_COLUMNS.length}${truncated ? ' (the file looks truncated)' : ''}` };
    }
    for (let k = 0; k < CSV_COLUMNS.length; k++) raw[CSV_COLUMNS[k]].push(cells[k]);
    lineOf.push(here);
  }
  if (lineOf.length === 0) return { ok: false, error: 'the CSV has a header but no request rows' };
  const parsed = csvColumnsSchema.safeParse(raw);
  if (!parsed.success) {
    // Issues are [column, row index]: report the file's line number.
    const { path, message } = parsed.error.issues[0];
    return { ok: false, error: `line ${lineOf[Number(path[1])]}: ${String(path[0])}: ${message}` };
  }
  const c = parsed.data;
  const requests: ImportedRequest[] = new Array(lineOf.length);
  for (let i = 0; i < lineOf.length; i++) {
    const errorText = restoreCell(c.error[i].trim());
    const error = errorText === '' ? null : errorText;
    requests[i] = {
      id: restoreCell(c.request_id[i].trim()) || String(i),
      sendMs: c.send_ms[i],
      ttftMs: c.ttft_ms[i] ?? 0,
      e2eMs: c.e2e_ms[i] ?? 0,
      outputTokens: c.output_tokens[i] ?? 0,
      inputTokens: c.input_tokens[i],
      chunkMs: error ? null : c.chunk_ms[i],
      error,
    };
  }
  return { ok: true, run: assembleCsvRun(requests, new Map([...meta].map(([k, v]) => [k, v.value])), options) };
}

function assembleCsvRun(requests: ImportedRequest[], meta: Map<string, string>, options: ImportOptions): ImportedRun {
  const metaDuration = Number(meta.get('duration_s'));
  const allSends = requests.every((r) => r.sendMs !== null);
  let minSend = Infinity;
  let maxEnd = -Infinity;
  let sumE2e = 0;
  for (const r of requests) {
    if (r.error) continue;
    sumE2e += r.e2eMs;
    if (r.sendMs !== null) {
      minSend = Math.min(minSend, r.sendMs);
      maxEnd = Math.max(maxEnd, r.sendMs + r.e2eMs);
    }
  }
  const concurrency = meta.has('concurrency') ? Number(meta.get('concurrency')) : null;
  const rateRaw = meta.get('rate');
  const rate = rateRaw === undefined ? null : /^inf/i.test(rateRaw) ? Infinity : Number(rateRaw);
  const warnings: string[] = [];
  let durationS: number;
  let durationNote: string;
  if (Number.isFinite(metaDuration) && metaDuration > 0) {
    durationS = metaDuration;
    durationNote = 'From the file\'s `# duration_s` line.';
  } else if (allSends && maxEnd > minSend) {
    durationS = (maxEnd - minSend) / 1000;
    durationNote = 'First send to last chunk received, from the rows\' send_ms and e2e_ms (vLLM\'s definition, without client overhead).';
  } else {
    const c = concurrency && concurrency >= 1 ? concurrency : options.assumedConcurrency ?? 1;
    durationS = sumE2e / 1000 / c;
    durationNote = `Estimated as Σ E2E ÷ concurrency (${c}): some rows have no send_ms and the file has no duration_s.`;
    warnings.push('Duration is estimated: throughput and goodput are approximate.');
  }
  const tokensFrom = meta.get('tokens_from');
  const outputTokensFrom: TokenCountSource = tokensFrom === 'usage' || tokensFrom === 'chunks' || tokensFrom === 'mixed' ? tokensFrom : 'tool';
  if (outputTokensFrom === 'chunks') warnings.push('Output tokens in this file were counted as chunks, not tokens.');
  const streamed = meta.get('streamed');
  return {
    format: 'lab-csv',
    ...(streamed !== undefined && /^(no|false|0)$/i.test(streamed) ? { streamed: false } : {}),
    label: meta.get('label') ?? options.fileName ?? 'Latency Lab CSV',
    requests,
    durationS,
    durationNote,
    outputTokensFrom,
    load: { concurrency: concurrency !== null && Number.isFinite(concurrency) ? concurrency : null, ratePerSec: rate !== null && !Number.isNaN(rate) ? rate : null },
    notes: meta.has('source') ? [`Exported from: ${meta.get('source')}.`] : [],
    warnings,
    reported: null,
  };
}
