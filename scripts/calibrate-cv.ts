/**
 * The cross-validation part of `npm run calibrate`: leave-one-group-out fits
 * (model × GPU), held-out errors and the fold
 * factors. Kept apart from calibrate.ts so each file has one job.
 */
import {
  INITIAL_FACTORS, crossValidate, errorComparisonMarkdown, errorTable, evaluateCases, fitFactors, foldsSource, groupOf, heldOutVerdicts,
  heldOutVerdictsMarkdown, markdownTable, memoizeFor, predictCase, surrogatePredict, textTable,
  type CalibrationCase, type CalibrationFactors, type CaseResult, type CrossValidation, type ErrorStats,
} from '../src/engine/calibration/index';

/** Median of `xs` (NaN when empty). */
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : (s[Math.floor((n - 1) / 2)] + s[Math.ceil((n - 1) / 2)]) / 2;
}

/** TPOT and throughput errors under load per group × concurrency: held out beside in sample, as markdown. */
function loadByConcurrencyMarkdown(heldOut: readonly CaseResult[], inSample: readonly CaseResult[]): string {
  const kinds = ['load-tpot', 'load-throughput'] as const;
  const keyOf = (r: CaseResult): string => `${groupOf(r.case)}|${r.case.batch}`;
  const cells = new Map<string, Record<string, { held: number[]; own: number[] }>>();
  const add = (r: CaseResult, side: 'held' | 'own'): void => {
    if (!(kinds as readonly string[]).includes(r.case.kind) || r.error === null) return;
    const row = cells.get(keyOf(r)) ?? Object.fromEntries(kinds.map((k) => [k, { held: [], own: [] }]));
    cells.set(keyOf(r), row);
    row[r.case.kind][side].push(r.error);
  };
  heldOut.forEach((r) => add(r, 'held'));
  inSample.forEach((r) => add(r, 'own'));
  const pct = (xs: number[]): string => (xs.length ? `${(100 * median(xs.map(Math.abs))).toFixed(1)}% (${median(xs) >= 0 ? '+' : ''}${(100 * median(xs)).toFixed(1)}%)` : '—');
  const keys = [...cells.keys()].sort((a, b) => {
    const [ga, ca] = a.split('|');
    const [gb, cb] = b.split('|');
    return ga === gb ? Number(ca) - Number(cb) : ga.localeCompare(gb);
  });
  return [
    '| Group | Users | Runs | TPOT held out | TPOT in sample | Throughput held out | Throughput in sample |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...keys.map((k) => {
      const [g, users] = k.split('|');
      const row = cells.get(k)!;
      return `| ${g} | ${users} | ${row['load-tpot'].held.length} | ${pct(row['load-tpot'].held)} | ${pct(row['load-tpot'].own)} | ${pct(row['load-throughput'].held)} | ${pct(row['load-throughput'].own)} |`;
    }),
  ].join('\n');
}

/** What the cross-validation produced, ready to write. */
export interface CrossValidationOutput {
  cv: CrossValidation;
  heldOutTable: ErrorStats[];
  markdown: string;
  /** Each group's fold factors (key `groupOf`), for the spreads step. */
  folds: ReadonlyMap<string, CalibrationFactors>;
  foldsTs: string;
  seconds: number;
  /** CPU seconds (user + system) of the folds and the fold search on all cases. */
  cpuSeconds: number;
}

/**
 * Runs the cross-validation of `cases`. Each fold's fit is the first round of
 * the full fit: from the same textbook start (never from the all-data result,
 * which has seen the held-out group), `evals` surrogate evaluations anchored
 * at that start (600, the full fit's first round, by default), without the
 * second round and the exact check at the end, which cost a full simulation
 * of every training row each. The same fold search on all cases is run too, so
 * the report can tell the cost of leaving a group out from the cost of the
 * shorter search.
 */
export function runCrossValidation(cases: readonly CalibrationCase[], inSample: readonly CaseResult[], evals: number, date: string, log: (s: string) => void): CrossValidationOutput {
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const secs = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const exact = memoizeFor(INITIAL_FACTORS, predictCase);
  const shortFit = (training: readonly CalibrationCase[]) =>
    fitFactors(training, INITIAL_FACTORS, { exact, fast: surrogatePredict, rounds: 1, evals, finalCheck: false });
  log(`\nLeave-one-group-out cross-validation (${evals} surrogate evaluations per fold, one round, from the textbook start)…`);
  const cv = crossValidate(cases, {
    fit: shortFit,
    predict: predictCase,
    onFold: (f, i, n) => log(`  fold ${i + 1}/${n} ${f.group}: ${f.trainingCases} training, ${f.heldOutCases} held out, loss ${f.loss.toFixed(4)} (${secs()})`),
  });
  const all = shortFit(cases);
  const shortResults = evaluateCases(cases, all.factors);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu0);
  const cpuSeconds = (used.user + used.system) / 1e6;
  log(`  short fit on all cases: loss ${all.loss.toFixed(4)} (${secs()})`);

  const heldOutTable = errorTable(cv.results, groupOf);
  const verdicts = heldOutVerdicts(heldOutTable);
  for (const v of verdicts) log(`${v.met ? 'met   ' : 'MISSED'} held out ${v.kind}: median ${v.stats.medianAbsPct.toFixed(1)}%, p90 ${v.stats.p90AbsPct.toFixed(1)}%`);
  log(textTable(heldOutTable.filter((s) => s.group === 'all')));

  const foldOf = new Map(cv.folds.map((f) => [f.group, f.factors] as const));
  const markdown = [
    `Generated by \`npm run calibrate\`: ${cv.folds.length} folds, one per model × GPU group, each fitted without its group and then predicting it; ${cases.length} cases in all. Each fold's fit is the first round of the full fit (${evals} surrogate evaluations anchored at the same textbook start) without the second round and the exact check at the end; all folds and the same fold search on all rows took ${cpuSeconds.toFixed(0)} s of CPU (${seconds.toFixed(0)} s of wall time on a shared machine).`,
    '### Held-out errors against the targets',
    heldOutVerdictsMarkdown(verdicts),
    '### Held out, in sample with the fold search, in sample with the full fit',
    'Median / p90 absolute error (signed median). The middle column is the fold search run on every row: the difference between it and the held-out column is what leaving a group out costs, the difference between it and the last column what the shorter search costs.',
    errorComparisonMarkdown([
      { label: 'Held out (each group by the fit without it)', table: errorTable(cv.results).filter((s) => s.group === 'all') },
      { label: 'In sample, fold search', table: errorTable(shortResults).filter((s) => s.group === 'all') },
      { label: 'In sample, full fit', table: errorTable(inSample).filter((s) => s.group === 'all') },
    ]),
    '### TPOT and throughput under load by group and concurrency, held out and in sample',
    'Median absolute error (signed median) of the same runs, predicted by the fold that never saw their group and by the full fit. An error that grows with concurrency in both columns would point at a mechanism the lab lacks; one only in the held-out column, at the fold\'s factors.',
    loadByConcurrencyMarkdown(cv.results, inSample),
    '### Held-out errors per metric and group',
    // "all groups", not "all": the README and page tests read the in-sample report's first "| … | all |" lines.
    markdownTable(heldOutTable.map((t) => (t.group === 'all' ? { ...t, group: 'all groups' } : t))),
  ].join('\n\n');
  return {
    cv, heldOutTable, markdown, seconds, cpuSeconds,
    folds: foldOf,
    foldsTs: foldsSource(cv.folds, `${cv.folds.length} folds, ${evals} surrogate evaluations each, npm run calibrate ${date}.`),
  };
}
