/**
 * Text cells of the lab's CSV, safe to open in a spreadsheet. A cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read by
 * Excel, LibreOffice and Google Sheets as a formula (CSV injection, OWASP),
 * so the writer prefixes such a cell with `'`, as OWASP recommends, and the
 * reader removes that prefix again, so export → import is the identity. A
 * cell starting with `#` (the CSV's comment mark) or `'` is prefixed too, so
 * it is never mistaken for a comment or loses a quote of its own.
 */

/** Characters that make a spreadsheet treat a cell as a formula (OWASP), plus the CSV's own `#` and the escape `'`. */
const NEEDS_PREFIX = /^[=+\-@\t\r#']/;

/** A text cell as the lab writes it: prefixed with `'` when a spreadsheet would run it or the reader would misread it. */
export function neutraliseCell(text: string): string {
  return NEEDS_PREFIX.test(text) ? `'${text}` : text;
}

/** The text of a cell the lab wrote: its `'` prefix, when `neutraliseCell` added one, removed. */
export function restoreCell(cell: string): string {
  return cell.length > 1 && cell[0] === "'" && NEEDS_PREFIX.test(cell.slice(1)) ? cell.slice(1) : cell;
}
