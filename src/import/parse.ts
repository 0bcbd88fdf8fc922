import { parseAiperf } from './aiperf';
import { detectJson, detectText, type Detection } from './detect';
import { parseGenaiPerf } from './genaiPerf';
import { parseJsonText } from './jsonText';
import { parseLabCsv } from './labCsv';
import { parseLabJson } from './labJson';
import { parseLlmperf } from './llmperf';
import type { ImportOptions, ParseResult } from './types';
import { parseVllm } from './vllm';

/**
 * Reads a benchmark result file of any supported format (auto-detected) into an
 * `ImportedRun`. Never throws: a malformed, truncated or foreign file gives
 * `{ ok: false, error }` with a message naming what is wrong and where.
 * Runs in node and in a Web Worker (no DOM). Linear in the file size.
 */
export function parseRunText(input: string, options: ImportOptions = {}): ParseResult {
  try {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    const trimmed = text.trimStart();
    if (trimmed === '') return { ok: false, error: 'the file is empty' };
    const nl = trimmed.indexOf('\n');
    const firstLine = (nl === -1 ? trimmed : trimmed.slice(0, nl)).trim();
    if (trimmed[0] === '{' || trimmed[0] === '[') {
      const json = parseJsonText(text);
      if (json.ok) return dispatch(detectJson(json.value), text, json.value, options);
      // Several JSON objects, one per line, are JSONL (AIPerf), not a broken document.
      const lines = detectText(text, firstLine);
      if (lines.kind === 'lines') return dispatch(lines, text, null, options);
      return { ok: false, error: json.error };
    }
    return dispatch(detectText(text, firstLine), text, null, options);
  } catch (e) {
    // Last resort: parsers validate everything, but a bug must still not reach the UI as a raw throw.
    return { ok: false, error: `could not read the file (${e instanceof Error ? e.message : String(e)})` };
  }
}

function dispatch(d: Detection, text: string, value: unknown, options: ImportOptions): ParseResult {
  if (d.kind === 'foreign') return { ok: false, error: d.message };
  if (d.kind === 'lines') return d.format === 'aiperf' ? parseAiperf(text, options) : parseLabCsv(text, options);
  switch (d.format) {
    case 'vllm': return parseVllm(value, options);
    case 'genai-perf': return parseGenaiPerf(value, options);
    case 'llmperf': return parseLlmperf(value, options);
    case 'lab-json': return parseLabJson(value, options);
  }
}
