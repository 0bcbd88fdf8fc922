/**
 * The rules every file from outside passes before a reader sees it, result
 * file and request trace alike: a size cap, then the text made regular (a
 * byte-order mark dropped, old Mac line ends read as line feeds) and refused
 * when it is empty or not text at all (binary data, control characters).
 * Pure and DOM-free: runs in node, on the page and in the import and trace workers.
 */
import { isC0Control } from './controlChars';

/**
 * Largest file the lab reads, bytes. A JavaScript string holds at most about
 * 2^29 characters in V8, so a bigger file fails inside the browser with a
 * message that names nothing; this cap says what to do instead.
 */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

/** A file's text ready for a reader, or why there is none. */
export type TextOutcome = { ok: true; text: string } | { ok: false; error: string };

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Why a file of `bytes` is too big to read, or null. */
export function sizeProblem(bytes: number, what: string): string | null {
  if (bytes <= MAX_IMPORT_BYTES) return null;
  // Just over the cap rounds to the cap itself: "512 MB; the lab reads up to 512 MB" would read as a contradiction.
  const size = mb(bytes) === mb(MAX_IMPORT_BYTES) ? `more than ${mb(MAX_IMPORT_BYTES)}` : mb(bytes);
  return `the ${what} is ${size}; the lab reads files up to ${mb(MAX_IMPORT_BYTES)}: take a slice of it first (fewer requests, or a shorter time)`;
}

/**
 * `input` as the readers expect it: no byte-order mark, CR-only line ends
 * turned into line feeds; refused when empty or binary. `what` names the
 * file in messages ("file", "trace").
 */
export function regularText(input: string, what: string): TextOutcome {
  const unbommed = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  // Old Mac line ends (CR only): one rule for every reader.
  const text = unbommed.includes('\r') && !unbommed.includes('\n') ? unbommed.replace(/\r/g, '\n') : unbommed;
  if (text.trim() === '') return { ok: false, error: `the ${what} is empty` };
  const binary = binaryProblem(text, what === 'file' ? 'result file' : what);
  if (binary) return { ok: false, error: binary };
  return { ok: true, text };
}

/** Reads a text or a Blob (a File) under the size cap, never throwing. */
export async function readSourceText(source: string | Blob, what: string): Promise<TextOutcome> {
  if (typeof source !== 'string') {
    const big = sizeProblem(source.size, what);
    if (big) return { ok: false, error: big };
  }
  try {
    return { ok: true, text: typeof source === 'string' ? source : await source.text() };
  } catch (e) {
    return { ok: false, error: `could not read the ${what} (${e instanceof Error ? e.message : String(e)})` };
  }
}

/**
 * Why a text is not a text file at all, or null: NUL bytes or many control or
 * undecodable characters in its first 4 KB. Names the container when its
 * signature shows (gzip, zip, PDF, Parquet, xlsx).
 */
export function binaryProblem(text: string, what = 'result file'): string | null {
  const head = text.slice(0, 4096);
  let odd = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i);
    if (c === 0) odd += 8;
    else if (c === 0xfffd || isC0Control(c)) odd++;
  }
  if (odd === 0 || odd < head.length * 0.02) return null;
  const kind = head.startsWith('\u001f\ufffd') ? 'a gzip archive (unpack it first)'
    : head.startsWith('PK\u0003\u0004') ? 'a zip archive or a spreadsheet (.xlsx): unpack it, or save the sheet as CSV'
      : head.startsWith('%PDF') ? 'a PDF document'
        : head.startsWith('PAR1') ? 'a Parquet file (convert it to JSON or CSV)'
          : 'binary data';
  return `this is ${kind}, not a text ${what} (JSON, JSONL or CSV)`;
}
