import { z } from 'zod';
import type { ImportedRequest, ImportedRun, ImportOptions, ParseResult, TokenCountSource } from './types';

/**
 * The lab's own per-request CSV (documented in docs/import-format.md): one row
 * per request, chunk arrival times as a `;`-separated list. Export writes it and
 * import reads it, so a run round-trips.
 */
export const CSV_MAGIC = '# latency-lab per-request v1';
export const CSV_COLUMNS = ['request_id', 'send_ms', 'ttft_ms', 'e2e_ms', 'output_tokens', 'input_tokens', 'chunk_ms', 'error'] as const;
/** Metadata keys accepted in `# key: value` lines before the header. */
export const CSV_META_KEYS = ['duration_s', 'label', 'source', 'concurrency', 'rate', 'tokens_from'] as const;

/** How far `chunk_ms`' first/last may sit from `ttft_ms`/`e2e_ms` (rounding in other writers). */
const CHUNK_TOLERANCE_MS = 1;

/** Splits one CSV line (RFC 4180 quoting, no embedded newlines). */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

const numberCell = (what: string, optional: boolean) =>
  z.string().transform((s, ctx) => {
    const t = s.trim();
    if (t === '') {
      if (optional) return null;
      ctx.addIssue({ code: 'custom', message: `expected ${what}, got an empty cell` });
      return z.NEVER;
    }
    const v = Number(t);
    if (!Number.isFinite(v) || v < 0) {
      ctx.addIssue({ code: 'custom', message: `expected ${what}, got "${t.slice(0, 24)}"` });
      return z.NEVER;
    }
    return v;
  });

const chunkCell = z.string().transform((s, ctx) => {
  const t = s.trim();
  if (t === '') return null;
  const parts = t.split(';');
  const out: number[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const v = Number(parts[i]);
    if (parts[i].trim() === '' || !Number.isFinite(v)) {
      ctx.addIssue({ code: 'custom', message: `item ${i + 1} "${parts[i].slice(0, 16)}" is not a number` });
      return z.NEVER;
    }
    if (i > 0 && v < out[i - 1]) {
      ctx.addIssue({ code: 'custom', message: `times must ascend, but item ${i + 1} (${v}) is before item ${i} (${out[i - 1]})` });
      return z.NEVER;
    }
    out[i] = v;
  }
  return out;
});

/** One data row, cells as strings → typed values. */
export const csvRowSchema = z
  .object({
    request_id: z.string(),
    send_ms: numberCell('a time in ms', true),
    ttft_ms: numberCell('a time in ms', true),
    e2e_ms: numberCell('a time in ms', true),
    output_tokens: numberCell('a token count', true),
    input_tokens: numberCell('a token count', true),
    chunk_ms: chunkCell,
    error: z.string(),
  })
  .superRefine((r, ctx) => {
    if (r.error.trim() !== '') return;
    for (const k of ['ttft_ms', 'e2e_ms', 'output_tokens'] as const) {
      if (r[k] === null) ctx.addIssue({ code: 'custom', path: [k], message: 'required for a request without error' });
    }
    if (r.chunk_ms && r.ttft_ms !== null && r.e2e_ms !== null) {
      const first = r.chunk_ms[0];
      const last = r.chunk_ms[r.chunk_ms.length - 1];
      if (Math.abs(first - r.ttft_ms) > CHUNK_TOLERANCE_MS) ctx.addIssue({ code: 'custom', path: ['chunk_ms'], message: `first chunk at ${first} ms, but ttft_ms is ${r.ttft_ms}` });
      else if (Math.abs(last - r.e2e_ms) > CHUNK_TOLERANCE_MS) ctx.addIssue({ code: 'custom', path: ['chunk_ms'], message: `last chunk at ${last} ms, but e2e_ms is ${r.e2e_ms}` });
    }
  });

/** True when text starts (after comments/blank lines) like the lab's CSV. */
export function looksLikeLabCsv(text: string): boolean {
  return text.trimStart().startsWith(CSV_MAGIC) || /^\s*request_id\s*,\s*send_ms\s*,/m.test(text.slice(0, 4096));
}

/** Reads lab CSV text. */
export function parseLabCsv(text: string, options: ImportOptions = {}): ParseResult {
  const lines = text.split(/\r?\n/);
  const meta = new Map<string, string>();
  let li = 0;
  for (; li < lines.length; li++) {
    const line = lines[li].trim();
    if (line === '') continue;
    if (!line.startsWith('#')) break;
    const m = /^#\s*([a-z_]+)\s*:\s*(.*)$/i.exec(line);
    if (m && (CSV_META_KEYS as readonly string[]).includes(m[1].toLowerCase())) meta.set(m[1].toLowerCase(), m[2].trim());
  }
  if (li >= lines.length) return { ok: false, error: 'the CSV has no header line' };
  const header = splitCsvLine(lines[li]).map((h) => h.trim().toLowerCase());
  if (header.join(',') !== CSV_COLUMNS.join(',')) {
    return { ok: false, error: `line ${li + 1}: the header is "${header.join(',').slice(0, 120)}", expected "${CSV_COLUMNS.join(',')}"` };
  }
  const requests: ImportedRequest[] = [];
  for (li++; li < lines.length; li++) {
    const raw = lines[li];
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    const cells = splitCsvLine(raw);
    if (cells.length !== CSV_COLUMNS.length) {
      const truncated = lines.slice(li + 1).every((l) => l.trim() === '');
      return { ok: false, error: `line ${li + 1}: ${cells.length} column${cells.length === 1 ? '' : 's'}, expected ${CSV_COLUMNS.length}${truncated ? ' (the file looks truncated)' : ''}` };
    }
    const row = csvRowSchema.safeParse(Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, cells[i]])));
    if (!row.success) {
      const issue = row.error.issues[0];
      return { ok: false, error: `line ${li + 1}: ${issue.path.join('.')}: ${issue.message}` };
    }
    const r = row.data;
    const error = r.error.trim() === '' ? null : r.error.trim();
    requests.push({
      id: r.request_id.trim() || String(requests.length),
      sendMs: r.send_ms,
      ttftMs: r.ttft_ms ?? 0,
      e2eMs: r.e2e_ms ?? 0,
      outputTokens: r.output_tokens ?? 0,
      inputTokens: r.input_tokens,
      chunkMs: error ? null : r.chunk_ms,
      error,
    });
  }
  if (requests.length === 0) return { ok: false, error: 'the CSV has a header but no request rows' };
  return { ok: true, run: assembleCsvRun(requests, meta, options) };
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
  return {
    format: 'lab-csv',
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
