import { OptionError, readFlags, type FlagTable } from './flags';
import { basename } from 'node:path';
import { format } from 'd3-format';
import type { RunMetrics, Slo } from '../engine/types';
import { computeImportedMetrics } from '../import/metrics';
import { failureReasons } from '../import/failures';
import { withAssumedConcurrency } from '../import/llmperf';
import { parseRunFiles, type NamedText } from '../import/parse';
import { FORMAT_LABELS, type ImportedRun } from '../import/types';
import { DEFAULT_SETTINGS, PARAMS } from '../settings/schema';
import { statRow } from './format';
import { metricsJson } from './json';
import { readTextFile, TextFileError } from './readText';

/**
 * `lab import FILE [FILE…]`: the compare panel's import, headless. The same
 * detection, parsing and plausibility checks as the page (`parseRunFiles`:
 * an llmperf responses file and its summary given together make one run),
 * and the metric set `predict` prints, plus completed, failed, duration and
 * warnings. Exit 0 when every file imported, 1 when one was refused (with
 * the page's message), 2 for a bad option.
 */

/** Flags of `lab import`. */
export const IMPORT_FLAGS: FlagTable = {
  'ttft-slo': { value: 'MS|off', doc: `TTFT target for goodput (default ${DEFAULT_SETTINGS.ttftSlo}).` },
  'tpot-slo': { value: 'MS|off', doc: `TPOT target for goodput (default ${DEFAULT_SETTINGS.tpotSlo}).` },
  'e2e-slo': { value: 'MS|off', doc: 'E2E target for goodput (default off).' },
  concurrency: { value: 'N', doc: 'llmperf files given without their *_summary.json: the run\'s concurrency, for the duration estimate Σ E2E ÷ N.' },
  json: { value: null, doc: 'Print one JSON document instead of text.' },
  help: { value: null, doc: 'Show this help.' },
};

export const IMPORT_USAGE = `Usage: npm run --silent lab -- import FILE [FILE…] [options]
Reads benchmark results (vLLM bench serve --save-detailed JSON, GenAI-Perf profile_export.json,
AIPerf profile_export.jsonl, llmperf *_individual_responses.json with or without its *_summary.json,
the lab's CSV or JSON) and prints TTFT, TPOT, ITL, E2E, throughput and goodput of each run.
${Object.entries(IMPORT_FLAGS).map(([k, v]) => `  --${`${k}${v.value ? ` ${v.value}` : ''}`.padEnd(20)} ${v.doc}`).join('\n')}
Exit status: 0 ok, 1 a file was refused (the message says why), 2 bad option.`;


interface ImportArgs {
  files: string[];
  slo: Slo;
  concurrency: number | null;
  json: boolean;
  help: boolean;
}

/** Reads `lab import` argv (after the word `import`). */
export function parseImportArgs(argv: readonly string[]): { ok: true; args: ImportArgs } | { ok: false; error: string } {
  try {
    const files: string[] = [];
    const values = readFlags(argv, IMPORT_FLAGS, (arg) => files.push(arg));
    const help = values.has('help');
    // SLO targets parse exactly as predict's (the settings schema): an empty value is refused, not "off".
    const slo = (flag: string, fallback: number | null): number | null => {
      const raw = values.get(flag);
      if (raw === undefined) return fallback;
      const param = PARAMS.find((p) => p.flag === flag);
      const out = param!.kind.parse(raw);
      if (!out.ok) throw new OptionError(`--${flag}: ${out.reason}`);
      return out.value as number | null;
    };
    let concurrency: number | null = null;
    const rawC = values.get('concurrency');
    if (rawC !== undefined) {
      concurrency = /^\d+$/.test(rawC.trim()) ? Number(rawC) : NaN;
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 100_000) throw new OptionError(`--concurrency: "${rawC}" is not a whole number from 1 to 100000`);
    }
    const args: ImportArgs = {
      files,
      slo: { ttftMs: slo('ttft-slo', DEFAULT_SETTINGS.ttftSlo), tpotMs: slo('tpot-slo', DEFAULT_SETTINGS.tpotSlo), e2eMs: slo('e2e-slo', DEFAULT_SETTINGS.e2eSlo) },
      concurrency,
      json: values.has('json'),
      help,
    };
    if (!help && files.length === 0) throw new OptionError('give at least one result file (see --help)');
    return { ok: true, args };
  } catch (e) {
    if (e instanceof OptionError) return { ok: false, error: e.message };
    return { ok: false, error: String(e) };
  }
}

const num = format(',.1f');
const int = format(',d');

/** One run as text: the metric set of `predict`, then warnings and notes. */
function runText(files: string[], run: ImportedRun, m: RunMetrics, slo: Slo, crossChecks: string[]): string {
  const target = [slo.ttftMs !== null && `TTFT ≤ ${slo.ttftMs} ms`, slo.tpotMs !== null && `TPOT ≤ ${slo.tpotMs} ms`, slo.e2eMs !== null && `E2E ≤ ${slo.e2eMs} ms`].filter(Boolean).join(', ') || 'none';
  return [
    `File      ${files.join(' + ')}`,
    `Format    ${FORMAT_LABELS[run.format]}: ${run.label}`,
    `Completed ${int(m.completed)} of ${int(m.completed + m.rejected)} in ${num(m.durationS)} s${m.rejected ? ` (${int(m.rejected)} failed)` : ''}${run.durationEstimated ? ' (duration estimated)' : ''}`,
    statRow('TTFT', m.ttftMs),
    statRow('TPOT', m.tpotMs),
    statRow('ITL', m.itlMs),
    statRow('E2E', m.e2eMs),
    `  Throughput ${num(m.outputTokPerSec)} tok/s, ${format(',.3f')(m.requestsPerSec)} req/s; per user ${num(m.userTokPerSec)} tok/s`,
    `  Goodput    ${format(',.3f')(m.goodputReqPerSec)} req/s (${format('.1%')(m.sloMetShare)} of completed requests met ${target})`,
    ...(m.rejected > 0 ? [`Failed    ${failureReasons(run.requests).join('; ')}`] : []),
    ...run.warnings.map((w) => `Warning: ${w}`),
    ...crossChecks.map((c) => `Check: ${c}`),
    `Note: ${run.durationNote}`,
    ...run.notes.map((n) => `Note: ${n}`),
  ].join('\n');
}

/**
 * Runs `lab import`; returns the exit status. `argv` is everything after the
 * word `import`; `readText` reads a file (tests pass their own).
 */
export function runImport(argv: readonly string[], out: (s: string) => void, err: (s: string) => void, readText: (path: string, what: string) => string = readTextFile): number {
  const parsed = parseImportArgs(argv);
  if (!parsed.ok) {
    err(`lab import: ${parsed.error}`);
    return 2;
  }
  const { files, slo, concurrency, json, help } = parsed.args;
  if (help) {
    out(IMPORT_USAGE);
    return 0;
  }
  let status = 0;
  const texts: NamedText[] = [];
  for (const path of files) {
    try {
      texts.push({ name: basename(path), text: readText(path, 'result file') });
    } catch (e) {
      if (e instanceof TextFileError) {
        err(`lab import: could not import ${path}: ${e.message}.`);
        status = 1;
        continue;
      }
      const code = (e as { code?: string }).code;
      err(`lab import: could not read ${path}${code === 'ENOENT' ? ': no such file' : code === 'EISDIR' ? ': it is a folder' : ` (${e instanceof Error ? e.message : String(e)})`}`);
      status = 1;
    }
  }
  const reports: unknown[] = [];
  const blocks: string[] = [];
  for (const group of parseRunFiles(texts)) {
    if (!group.result.ok) {
      const message = /[.!?]$/.test(group.result.error) ? group.result.error : `${group.result.error}.`;
      err(`lab import: could not import ${group.files.join(' + ')}: ${message}`);
      status = 1;
      continue;
    }
    let run = group.result.run;
    if (run.format === 'llmperf' && run.durationEstimated && concurrency !== null) run = withAssumedConcurrency(run, concurrency);
    const { metrics, crossChecks } = computeImportedMetrics(run, slo);
    if (json) {
      reports.push({
        files: group.files,
        format: run.format,
        label: run.label,
        completed: metrics.completed,
        failed: metrics.rejected,
        durationS: metrics.durationS,
        durationEstimated: run.durationEstimated === true,
        streamed: run.streamed !== false,
        outputTokensFrom: run.outputTokensFrom,
        load: { concurrency: run.load.concurrency, ratePerSec: run.load.ratePerSec === Infinity ? 'inf' : run.load.ratePerSec },
        slo,
        metrics: metricsJson(metrics),
        firstFailures: failureReasons(run.requests),
        warnings: run.warnings,
        crossChecks,
        notes: [run.durationNote, ...run.notes],
      });
    } else blocks.push(runText(group.files, run, metrics, slo, crossChecks));
  }
  if (json) out(JSON.stringify({ runs: reports }, null, 2));
  else if (blocks.length > 0) out(blocks.join('\n\n'));
  return status;
}
