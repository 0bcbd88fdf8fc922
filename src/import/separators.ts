/** Field separators other than a comma that spreadsheets write, with their names. */
const SEPARATORS: [string, string][] = [[';', 'semicolons'], ['\t', 'tabs'], ['|', 'vertical bars']];

/**
 * Why a header line is separated by something other than commas (a
 * spreadsheet in a locale that writes `;`, a TSV), or null.
 */
export function separatorProblem(headerLine: string): string | null {
  const separator = SEPARATORS.find(([c]) => headerLine.split(c).length >= 3 && !headerLine.includes(','));
  if (!separator) return null;
  const [c, name] = separator;
  const ours = headerLine.split(c).map((h) => h.trim().toLowerCase()).join(',').startsWith('request_id,send_ms');
  return ours
    ? `this is the lab's per-request CSV with its fields separated by ${name} instead of commas (a spreadsheet saved it in its own locale): save it as comma-separated CSV with "." as the decimal separator, or export it from the lab again`
    : `a ${name}-separated file with header "${headerLine.slice(0, 80)}": not a known per-request format (the lab's CSV is comma-separated; see docs/import-format.md)`;
}
