/**
 * JSON parsing that explains itself: a syntax error names the line and column
 * (and says "truncated" when the text just stops), and Python's non-standard
 * `NaN` / `Infinity` literals, which `json.dump` writes, are read as null.
 */
import { findDuplicateKey, type DuplicateKey } from './jsonKeys';

export type JsonOutcome = { ok: true; value: unknown } | { ok: false; error: string };

/** Line and column (1-based) of character `pos` in `text`. */
export function lineCol(text: string, pos: number): { line: number; col: number } {
  let line = 1;
  let last = -1;
  const end = Math.min(pos, text.length);
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, col: end - last };
}

// Python's json module writes these bare literals for float('nan') / float('inf').
const PY_LITERALS = /([[,:]\s*)(-?Infinity|NaN)(?=\s*[\],}])/g;

/** Parses `text` as one JSON document; a repeated key in any object is refused (see `findDuplicateKey`). */
export function parseJsonText(text: string): JsonOutcome {
  let value: unknown;
  let parsedText = text;
  try {
    value = JSON.parse(text);
  } catch (e) {
    if (!/\b(NaN|Infinity)\b/.test(text)) return { ok: false, error: describeSyntaxError(text, e) };
    try {
      parsedText = text.replace(PY_LITERALS, '$1null');
      value = JSON.parse(parsedText);
    } catch {
      return { ok: false, error: describeSyntaxError(text, e) };
    }
  }
  const dup = findDuplicateKey(parsedText);
  if (dup) return { ok: false, error: describeDuplicate(parsedText, dup) };
  return { ok: true, value };
}

/** One sentence for a repeated key. `lineNo` names the line of a JSONL file (the text is then that line). */
export function describeDuplicate(text: string, dup: DuplicateKey, lineNo?: number): string {
  const { line, col } = lineCol(text, dup.offset);
  const where = lineNo === undefined ? `line ${line}, column ${col}` : `line ${lineNo}, column ${col}`;
  const holder = dup.path === '' ? 'the top-level object' : dup.path;
  return `${where}: the key "${dup.key.slice(0, 40)}" appears twice in ${holder}; a JSON reader keeps only one of them, so the file is ambiguous`;
}

/**
 * A syntax error in one line of a JSONL file, as `line 3, column 83: not valid JSON (…)`
 * (the line's own column, not "line 1" of a one-line text).
 */
export function describeLineSyntaxError(lineText: string, e: unknown, lineNo: number): string {
  const message = e instanceof Error ? e.message : String(e);
  const token = /Unexpected token '(.+?)', .*is not valid JSON/s.exec(message);
  const detail = token ? `unexpected '${token[1]}'` : message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/^SyntaxError:\s*/, '');
  const offset = errorOffset(lineText, message);
  if (offset !== null && offset >= lineText.trimEnd().length) return `line ${lineNo}: the record ends early (not valid JSON)`;
  if (offset !== null) return `line ${lineNo}, column ${offset + 1}: not valid JSON (${detail})`;
  return `line ${lineNo}: not valid JSON (${detail})`;
}

/**
 * Offset of the error in `text` from a V8 message that gives no position
 * (`Unexpected token '{', ..."metrics" {"input_se"... is not valid JSON`): V8
 * quotes up to 10 characters either side of the token, with `...` where it cut.
 */
export function errorOffset(text: string, message: string): number | null {
  const pos = /position (\d+)/.exec(message);
  if (pos) return Number(pos[1]);
  // V8 writes `..."<context>"...`, the dots where it cut the text.
  const m = /Unexpected token '(.+?)', (\.\.\.)?"(.*)"(\.\.\.)? is not valid JSON$/s.exec(message);
  if (!m) return null;
  const core = m[3];
  const start = text.indexOf(core);
  if (start === -1) return null;
  if (m[2]) return start + 10;
  if (m[4]) return start + core.length - 10;
  const at = core.indexOf(m[1]);
  return at === -1 ? null : start + at;
}

/** One readable sentence for a JSON.parse failure. */
export function describeSyntaxError(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/Unexpected end of JSON input|Unterminated string/i.test(message)) {
    const { line } = lineCol(text, text.length);
    return `the JSON ends early at line ${line}: the file looks truncated`;
  }
  const offset = errorOffset(text, message);
  if (offset !== null) {
    const at = offset;
    if (at >= text.trimEnd().length) return `the JSON ends early: the file looks truncated`;
    const { line, col } = lineCol(text, at);
    const token = /Unexpected token '(.+?)', .*is not valid JSON/s.exec(message);
    const detail = token ? `unexpected '${token[1]}'` : message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/^SyntaxError:\s*/, '');
    return `not valid JSON at line ${line}, column ${col} (${detail})`;
  }
  const token = /Unexpected token '(.+?)', .*is not valid JSON/s.exec(message);
  if (token) return `not valid JSON (unexpected '${token[1]}')`;
  return `not valid JSON (${message})`;
}
