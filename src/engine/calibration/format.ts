/**
 * Renders calibration results as a console table and as the generated part
 * of docs/calibration.md, plus the source of src/engine/profiles/fitted.ts.
 */
import type { RooflineFactors } from '../profiles/cost';
import { NIM_FACTOR_KEYS, type CalibrationFactors } from './factors';
import { METRIC_LABELS, type SkippedRow } from './mapping';
import { TARGETS, type CaseResult, type ErrorStats } from './report';

const pct = (v: number): string => `${v.toFixed(1)}%`;
const signedPct = (v: number): string => `${v >= 0 ? '+' : ''}${v.toFixed(1)}%`;

function cells(s: ErrorStats): string[] {
  const t = TARGETS[s.kind];
  const verdict = s.group !== 'all' || !t ? '' : s.medianAbsPct <= t.medianPct && s.p90AbsPct <= t.p90Pct ? 'met' : 'MISSED';
  const target = t && s.group === 'all' ? `≤${t.medianPct}% / ≤${t.p90Pct}%` : '';
  return [METRIC_LABELS[s.kind], s.group, String(s.rows - s.unpredicted), pct(s.medianAbsPct), pct(s.p90AbsPct), pct(s.maxAbsPct), signedPct(s.medianSignedPct), target, verdict];
}

const HEADER = ['Metric', 'Group', 'Rows', 'Median abs err', 'P90 abs err', 'Max abs err', 'Median err', 'Target (median / p90)', 'Verdict'];

/** Fixed-width text table for the console. */
export function textTable(table: readonly ErrorStats[]): string {
  const rows = [HEADER, ...table.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((c, i) => (i >= 2 && i <= 6 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()).join('\n');
}

/** Markdown table of the same numbers. */
export function markdownTable(table: readonly ErrorStats[]): string {
  const line = (r: string[]): string => `| ${r.join(' | ')} |`;
  return [line(HEADER), line(HEADER.map((_, i) => (i >= 2 && i <= 6 ? '---:' : '---'))), ...table.map((s) => line(cells(s)))].join('\n');
}

/** Markdown list of the worst rows with what the lab predicted. */
export function worstRowsMarkdown(rows: readonly CaseResult[]): string {
  const line = (r: string[]): string => `| ${r.join(' | ')} |`;
  const head = ['Row', 'Metric', 'Model', 'GPU × TP', 'Precision', 'In/out', 'Measured', 'Lab', 'Error'];
  const body = rows.map((r) => {
    const c = r.case;
    return line([
      c.id, METRIC_LABELS[c.kind], c.spec.model, `${c.spec.gpu} × ${c.spec.tp}`, c.spec.precision, `${c.inputTokens}/${c.outputTokens}`,
      c.measured.toPrecision(4), (r.predicted ?? 0).toPrecision(4), signedPct((r.error ?? 0) * 100),
    ]);
  });
  return [line(head), line(head.map(() => '---')), ...body].join('\n');
}

/** Skipped rows grouped by reason, with their ids. */
export function skippedMarkdown(skipped: readonly SkippedRow[]): string {
  const byReason = new Map<string, string[]>();
  for (const s of skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s.id]);
  return [...byReason].map(([reason, ids]) => `- ${ids.length} row${ids.length === 1 ? '' : 's'}: ${reason} (ids ${ids.join(', ')})`).join('\n');
}

const FACTOR_DOCS: Readonly<Record<keyof RooflineFactors, string>> = {
  mfuPrefill: 'share of peak FLOP/s reached by prefill matmuls and attention',
  mfuDecode: 'share of peak FLOP/s reached by decode matmuls',
  lowPrecisionMfuScale: 'multiplier on the prefill MFU for FP8/FP4 matmuls',
  lowPrecisionDecodeMfuScale: 'multiplier on the decode MFU for FP8/FP4 matmuls',
  mbu: 'share of peak bandwidth reached streaming weights and KV cache',
  attentionFlopsPerByte: 'decode attention FLOPs per byte of peak bandwidth',
  lowPrecisionKvScale: 'multiplier on the MBU for 8-bit KV-cache traffic',
  rooflineSharpness: 'p of the rounded roofline corner (Infinity = hard max)',
  iterationOverheadS: 'fixed cost of every iteration, seconds',
  layerOverheadS: 'cost per layer per iteration, seconds',
  allReduceLatencyS: 'latency of one all-reduce, seconds',
  interconnectEfficiency: 'share of one-way interconnect bandwidth an all-reduce reaches',
};

const num = (v: number): string => (Number.isFinite(v) ? Number(v.toPrecision(4)).toString() : 'Infinity');

/** Markdown table of the fitted factors. */
export function factorsMarkdown(f: RooflineFactors): string {
  const rows = (Object.keys(FACTOR_DOCS) as (keyof RooflineFactors)[]).map((k) => `| \`${k}\` | ${num(f[k])} | ${FACTOR_DOCS[k]} |`);
  return ['| Factor | Value | Meaning |', '| --- | ---: | --- |', ...rows].join('\n');
}

/** Markdown table of NIM's own factors beside the shared values they replace for its runs. */
export function nimFactorsMarkdown(f: CalibrationFactors): string {
  const rows = NIM_FACTOR_KEYS.map((k) => `| \`${k}\` | ${num(f.nim[k])} | ${num(f[k])} | ${FACTOR_DOCS[k]} |`);
  return ['| Factor | NIM 2024 | Shared | Meaning |', '| --- | ---: | ---: | --- |', ...rows].join('\n');
}

/** Source text of src/engine/profiles/fitted.ts. */
export function fittedSource(f: CalibrationFactors, summary: string): string {
  const sentence = (t: string): string => t[0].toUpperCase() + t.slice(1);
  const lines = (Object.keys(FACTOR_DOCS) as (keyof RooflineFactors)[]).map((k) => `  /** ${sentence(FACTOR_DOCS[k])}. */\n  ${k}: ${num(f[k])},`);
  const nimLines = NIM_FACTOR_KEYS.map((k) => `  /** ${sentence(FACTOR_DOCS[k])}. */\n  ${k}: ${num(f.nim[k])},`);
  return [
    '/**',
    ' * Roofline efficiency factors fitted by `npm run calibrate` to',
    ' * data/calibration/measurements.csv and measurements-load.csv. Generated file: rerun the script',
    ' * instead of editing by hand. See docs/calibration.md for the fit and its errors.',
    ` * ${summary}`,
    ' */',
    "import type { RooflineFactors } from './cost';",
    '',
    '/** Defaults of every hardware profile. */',
    'export const FITTED_FACTORS: RooflineFactors = {',
    ...lines,
    '};',
    '',
    '/**',
    ' * NIM\'s TensorRT-LLM build of 2024, the engine behind measurements-load.csv: its own',
    ' * values of the factors where its decode kernels differ from the later engines of',
    ' * measurements.csv, fitted together with the rest. Used only to reproduce those runs',
    ' * (src/engine/calibration/load.ts); docs/calibration.md gives the evidence.',
    ' */',
    `export const NIM_2024_FACTORS: Pick<RooflineFactors, ${NIM_FACTOR_KEYS.map((k) => `'${k}'`).join(' | ')}> = {`,
    ...nimLines,
    '};',
    '',
  ].join('\n');
}
