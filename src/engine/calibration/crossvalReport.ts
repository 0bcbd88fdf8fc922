/**
 * The cross-validation's report: held-out targets and verdicts, the
 * comparison of held-out with in-sample errors, and the generated source of
 * the fold factors (folds.ts).
 */
import type { CalibrationFactors } from './factors';
import type { Fold } from './crossval';
import { METRIC_LABELS, type CaseKind } from './mapping';
import type { ErrorStats } from './report';

/** Targets on held-out groups, percent: TTFT under load median ≤ 20% and p90 ≤ 60%; TPOT and throughput median ≤ 15%. */
export const HELD_OUT_TARGETS: Partial<Record<CaseKind, { medianPct: number; p90Pct?: number }>> = {
  'load-ttft': { medianPct: 20, p90Pct: 60 },
  'load-tpot': { medianPct: 15 },
  'load-throughput': { medianPct: 15 },
};

/** One held-out verdict. */
export interface HeldOutVerdict {
  kind: CaseKind;
  stats: ErrorStats;
  target: { medianPct: number; p90Pct?: number };
  met: boolean;
}

/** Verdicts of the `all` lines of a held-out error table against `HELD_OUT_TARGETS`. */
export function heldOutVerdicts(table: readonly ErrorStats[]): HeldOutVerdict[] {
  const out: HeldOutVerdict[] = [];
  for (const s of table) {
    const t = HELD_OUT_TARGETS[s.kind];
    if (s.group !== 'all' || !t) continue;
    out.push({ kind: s.kind, stats: s, target: t, met: s.medianAbsPct <= t.medianPct && (t.p90Pct === undefined || s.p90AbsPct <= t.p90Pct) });
  }
  return out;
}

const pct = (v: number): string => `${v.toFixed(1)}%`;
const signed = (v: number): string => `${v >= 0 ? '+' : ''}${v.toFixed(1)}%`;

/** Markdown: the held-out verdicts, one line per targeted metric. */
export function heldOutVerdictsMarkdown(verdicts: readonly HeldOutVerdict[]): string {
  const head = '| Metric (held-out groups) | Cases | Median abs err | P90 abs err | Median err | Target | Verdict |';
  const body = verdicts.map((v) => {
    const t = `median ≤ ${v.target.medianPct}%${v.target.p90Pct === undefined ? '' : `, p90 ≤ ${v.target.p90Pct}%`}`;
    return `| ${METRIC_LABELS[v.kind]} | ${v.stats.rows - v.stats.unpredicted} | ${pct(v.stats.medianAbsPct)} | ${pct(v.stats.p90AbsPct)} | ${signed(v.stats.medianSignedPct)} | ${t} | ${v.met ? 'met' : 'MISSED'} |`;
  });
  return [head, '| --- | ---: | ---: | ---: | ---: | --- | --- |', ...body].join('\n');
}

/**
 * Markdown: per metric, the `all` line of each table side by side (median /
 * p90 abs err, signed median), so the cost of leaving a group out shows apart
 * from the cost of the shorter fit.
 */
export function errorComparisonMarkdown(columns: readonly { label: string; table: readonly ErrorStats[] }[]): string {
  const kinds = [...new Set(columns.flatMap((c) => c.table.filter((s) => s.group === 'all').map((s) => s.kind)))];
  const head = `| Metric | ${columns.map((c) => c.label).join(' | ')} |`;
  const rule = `| --- | ${columns.map(() => '---:').join(' | ')} |`;
  const body = kinds.map((k) => {
    const cells = columns.map((c) => {
      const s = c.table.find((x) => x.kind === k && x.group === 'all');
      return s ? `${pct(s.medianAbsPct)} / ${pct(s.p90AbsPct)} (${signed(s.medianSignedPct)})` : '—';
    });
    return `| ${METRIC_LABELS[k]} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...body].join('\n');
}

const num = (v: number): string => (Number.isFinite(v) ? String(Number(v.toPrecision(4))) : 'Infinity');

function factorsLiteral(f: CalibrationFactors): string {
  const { nim, ...shared } = f;
  const entries = (o: object): string => Object.entries(o).map(([k, v]) => `${k}: ${num(v as number)}`).join(', ');
  return `{ ${entries(shared)}, nim: { ${entries(nim)} } }`;
}

/** Source of folds.ts with every fold's factors (4 significant digits, as fitted.ts). */
export function foldsSource(folds: readonly Fold[], summary: string): string {
  const lines = folds.map((f) => `  ${JSON.stringify(f.group)}: ${factorsLiteral(f.factors)},`);
  return `/**
 * The factors of each leave-one-group-out fold: fitted by \`npm run calibrate\`
 * without that model × GPU group's rows. Generated file: rerun the script
 * instead of editing by hand. \`heldOutCases\` uses them.
 * ${summary}
 */
import type { CalibrationFactors } from './factors';

/** Factors fitted without each group (key: \`groupOf\`, "model × gpu"). */
export const HELD_OUT_FACTORS: Readonly<Record<string, CalibrationFactors>> = {
${lines.join('\n')}
};
`;
}
