/**
 * JSON parsing that explains itself: a syntax error names the line and column
 * (and says "truncated" when the text just stops), and Python's non-standard
 * `NaN` / `Infinity` literals, which `json.dump` writes, are read as null.
 */

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

/** Parses `text` as one JSON document. */
export function parseJsonText(text: string): JsonOutcome {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    if (/\b(NaN|Infinity)\b/.test(text)) {
      try {
        return { ok: true, value: JSON.parse(text.replace(PY_LITERALS, '$1null')) };
      } catch {
        // fall through to the original error
      }
    }
    return { ok: false, error: describeSyntaxError(text, e) };
  }
}

/** One readable sentence for a JSON.parse failure. */
export function describeSyntaxError(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/Unexpected end of JSON input|Unterminated string/i.test(message)) {
    const { line } = lineCol(text, text.length);
    return `the JSON ends early at line ${line}: the file looks truncated`;
  }
  const pos = /position (\d+)/.exec(message);
  if (pos) {
    const at = Number(pos[1]);
    if (at >= text.trimEnd().length) return `the JSON ends early: the file looks truncated`;
    const { line, col } = lineCol(text, at);
    const detail = message.replace(/\s*in JSON at position \d+.*$/s, '').replace(/^SyntaxError:\s*/, '');
    return `not valid JSON at line ${line}, column ${col} (${detail})`;
  }
  const token = /Unexpected token '(.+?)', .*is not valid JSON/s.exec(message);
  if (token) return `not valid JSON (unexpected '${token[1]}')`;
  return `not valid JSON (${message})`;
}
