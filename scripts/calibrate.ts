/**
 * `npm run calibrate`: fits the roofline's global efficiency factors to the
 * published measurements, prints the error per metric and source, and writes
 * src/engine/profiles/fitted.ts and the generated parts of docs/calibration.md.
 *
 * Options:
 *   --csv <path>   measurements file (also env LATENCY_LAB_MEASUREMENTS;
 *                  default data/calibration/measurements.csv in the repository)
 *   --load-csv <path>  measurements under load (default data/calibration/measurements-load.csv)
 *   --check        evaluate the committed factors only; write nothing
 *   --compare      also fit with a hard-max roofline and record the comparison
 *   --no-write     fit and print, but leave files alone
 *   --rounds <n>   search rounds (default 2)
 *   --evals <n>    surrogate evaluations in the first round (default 600)
 *   --cv-evals <n> surrogate evaluations of each cross-validation fold (default 600: the full fit's first round)
 *   --no-cv        skip the leave-one-group-out cross-validation and the spreads (and leave their outputs alone)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COMMITTED_FACTORS, INITIAL_FACTORS, LOAD_KINDS, LOAD_VARIANTS, NIM_LOAD, evaluateVariant, nimFactorsMarkdown, variantsMarkdown, errorTable, evaluateCases, factorsMarkdown, fitFactors, fittedSource, kneeAnalysis, kneeMarkdown, mapLoadRows, mapRows,
  markdownTable, parseCsvRecords, predictCase, skippedMarkdown, surrogatePredict, targetVerdicts, textTable, worstRows, worstRowsMarkdown,
  type CalibrationCase, type CaseResult, type FitResult,
} from '../src/engine/calibration/index';
import type { RooflineFactors } from '../src/engine/profiles/cost';
import type { CalibrationFactors } from '../src/engine/calibration/index';
import { runCrossValidation, type CrossValidationOutput } from './calibrate-cv';
import { runSpreadChoice, type SpreadChoiceOutput } from './calibrate-spreads-run';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const flag = (name: string): boolean => argv.includes(name);
const option = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

const csvPath = resolve(option('--csv') ?? process.env.LATENCY_LAB_MEASUREMENTS ?? resolve(repo, 'data/calibration/measurements.csv'));
if (!existsSync(csvPath)) {
  console.error(`calibrate: no measurements at ${csvPath}. Pass --csv <path> or set LATENCY_LAB_MEASUREMENTS.`);
  process.exit(2);
}
const loadCsvPath = resolve(option('--load-csv') ?? resolve(repo, 'data/calibration/measurements-load.csv'));
if (!existsSync(loadCsvPath)) {
  console.error(`calibrate: no load measurements at ${loadCsvPath}. Pass --load-csv <path>.`);
  process.exit(2);
}
const check = flag('--check');
const write = !check && !flag('--no-write');
const rounds = Number(option('--rounds') ?? 2);
const evals = Number(option('--evals') ?? 600);
const started = performance.now();
const cpuStart = process.cpuUsage();
const elapsed = (): string => `${((performance.now() - started) / 1000).toFixed(1)} s`;
/** CPU seconds of this process so far (user + system): on a shared machine a steadier measure than wall time. */
const cpuSeconds = (): number => { const u = process.cpuUsage(cpuStart); return (u.user + u.system) / 1e6; };

const rows = parseCsvRecords(readFileSync(csvPath, 'utf8'));
const mapped = mapRows(rows);
console.log(`Read ${rows.length} rows from ${relative(process.cwd(), csvPath) || csvPath}: ${mapped.cases.length} usable, ${mapped.skipped.length} skipped.`);
const loadRows = parseCsvRecords(readFileSync(loadCsvPath, 'utf8'));
const loadMapped = mapLoadRows(loadRows);
console.log(`Read ${loadRows.length} rows from ${relative(process.cwd(), loadCsvPath) || loadCsvPath}: ${loadMapped.cases.length} cases (TTFT, TPOT, throughput per row), ${loadMapped.skipped.length} skipped.`);
const cases: CalibrationCase[] = [...mapped.cases, ...loadMapped.cases];
const skipped = [...mapped.skipped, ...loadMapped.skipped];
const reasons = new Map<string, number>();
for (const s of skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
for (const [reason, n] of reasons) console.log(`  skipped ${n}: ${reason}`);

function fit(label: string, fixed: (keyof RooflineFactors)[], start: CalibrationFactors): FitResult {
  console.log(`\nFitting (${label}) on ${cases.length} rows, ${rounds} rounds…`);
  return fitFactors(cases, start, {
    exact: predictCase,
    fast: surrogatePredict,
    rounds,
    evals,
    fixed,
    onRound: (r, loss) => console.log(`  round ${r}: loss ${loss.toFixed(4)} (${elapsed()})`),
  });
}

const main = check ? { factors: COMMITTED_FACTORS, loss: NaN, history: [] } : fit('rounded roofline corner', [], INITIAL_FACTORS);
const results = evaluateCases(cases, main.factors);
const table = errorTable(results);
console.log('\nFactors:', JSON.stringify(main.factors, (_, v: unknown) => (v === Infinity ? 'Infinity' : v)));
console.log('\nAbsolute percentage error of the lab against the measurements (per source, then all):\n');
console.log(textTable(table));
console.log('\nBy GPU:\n');
const byGpu = errorTable(results, (c: CalibrationCase) => c.spec.gpu);
console.log(textTable(byGpu));
const loadResults = results.filter((r) => LOAD_KINDS.includes(r.case.kind));
const byLoadSetup = errorTable(loadResults, (c: CalibrationCase) => `${c.spec.model} ${c.spec.gpu} ${c.spec.precision} TP ${c.spec.tp}`);
console.log('\nRuns under load by model, GPU, precision and TP:\n');
console.log(textTable(byLoadSetup));
const verdicts = targetVerdicts(table);
for (const v of verdicts) console.log(`${v.met ? 'met   ' : 'MISSED'} ${v.kind}: median ${v.stats.medianAbsPct.toFixed(1)}% (≤ ${v.target.medianPct}%), p90 ${v.stats.p90AbsPct.toFixed(1)}% (≤ ${v.target.p90Pct}%)`);
const knees = kneeAnalysis(results);
console.log(`\nKnees under load (first concurrency where mean TTFT passes 3× / 10× its light-load value), ${knees.curves.length} curves:`);
console.log(`  3× knee at the measured load point in ${knees.knee3Hits} of ${knees.curves.length} curves; 10× knee in ${knees.knee10Hits}.`);
for (const k of knees.curves) {
  const miss3 = k.knee3.measured !== k.knee3.predicted ? `3× ${k.knee3.measured ?? '—'} vs ${k.knee3.predicted ?? '—'}` : '';
  const miss10 = k.knee10.measured !== k.knee10.predicted ? `10× ${k.knee10.measured ?? '—'} vs ${k.knee10.predicted ?? '—'}` : '';
  if (miss3 || miss10) console.log(`  ${k.curve.padEnd(32)} ${[miss3, miss10].filter(Boolean).join('; ')}`);
}

const loadCases = cases.filter((c) => LOAD_KINDS.includes(c.kind));
const variants = LOAD_VARIANTS.map((v) => evaluateVariant(loadCases, main.factors, v));
console.log('\nRuns under load with one choice changed at a time (median / p90 of TTFT, TPOT, throughput; knees):');
for (const v of variants) {
  const s = v.stats;
  const m = (k: (typeof LOAD_KINDS)[number]): string => `${s[k].medianAbsPct.toFixed(1)}/${s[k].p90AbsPct.toFixed(1)}`;
  console.log(`  ${v.label.padEnd(84)} ${m('load-ttft').padStart(10)} ${m('load-tpot').padStart(10)} ${m('load-throughput').padStart(10)}  ${v.knee3Hits}/${v.knee10Hits}`);
}
console.log(`  (${elapsed()})`);

const cvOut: CrossValidationOutput | null = check || flag('--no-cv')
  ? null
  : runCrossValidation(cases, results, Number(option('--cv-evals') ?? 600), new Date().toISOString().slice(0, 10), console.log);
const spreadsOut: SpreadChoiceOutput | null = cvOut
  ? (console.log('\nSpreads for the ranges, from the folds (npm run calibrate:spreads reruns this step alone)…'), runSpreadChoice(cases, cvOut.folds, new Date().toISOString().slice(0, 10), console.log))
  : null;

let comparison: { fit: FitResult; results: CaseResult[] } | null = null;
if (flag('--compare')) {
  const hard = fit('hard max', ['rooflineSharpness'], { ...INITIAL_FACTORS, rooflineSharpness: Infinity });
  comparison = { fit: hard, results: evaluateCases(cases, hard.factors) };
  console.log('\nHard-max roofline, same data:\n');
  console.log(textTable(errorTable(comparison.results).filter((s) => s.group === 'all')));
}
console.log(`\nDone in ${elapsed()} of wall time, ${cpuSeconds().toFixed(0)} s of CPU.`);

const docPath = resolve(repo, 'docs/calibration.md');
function replaceSection(doc: string, name: string, body: string): string {
  const begin = `<!-- BEGIN GENERATED ${name} (npm run calibrate) -->`;
  const end = `<!-- END GENERATED ${name} -->`;
  const block = `${begin}\n${body.trim()}\n${end}`;
  const i = doc.indexOf(begin);
  const j = doc.indexOf(end);
  return i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
}

if (write) {
  const summary = `Fit loss ${main.loss.toFixed(4)} over ${cases.length} cases of ${relative(repo, csvPath)} and ${relative(repo, loadCsvPath)}.`;
  writeFileSync(resolve(repo, 'src/engine/profiles/fitted.ts'), fittedSource(main.factors, summary));
  const report = [
    `Generated by \`npm run calibrate\` from ${rows.length} rows of measurements.csv (${mapped.cases.length} usable) and ${loadRows.length} rows of measurements-load.csv (${loadMapped.cases.length} cases: TTFT, TPOT and throughput per run), ${skipped.length} skipped, fit loss ${main.loss.toFixed(4)}, in ${cpuSeconds().toFixed(0)} s of CPU (${elapsed()} of wall time on a shared machine)${comparison ? " (with the hard-max comparison fit)" : ""}.`,
    '### Fitted factors', factorsMarkdown(main.factors),
    "### NIM's own factors (runs under load only)", nimFactorsMarkdown(main.factors),
    '### Error per metric and source', markdownTable(table),
    '### Error per metric and GPU', markdownTable(byGpu),
    '### Runs under load by model, GPU, precision and TP',
    `The load errors above for each of the ${new Set(loadResults.map((r) => `${r.case.spec.model} ${r.case.spec.gpu} ${r.case.spec.precision} ${r.case.spec.tp}`)).size} setups of measurements-load.csv, so a setup that is off on its own (FP8, two GPUs, another model) shows instead of hiding in the totals.`,
    markdownTable(byLoadSetup),
    `### Knees under load`,
    `First concurrency at which mean TTFT passes 3× and 10× the curve's TTFT at its lowest concurrency (measured / lab; ✗ where they differ). The 3× knee falls at the measured load point in ${knees.knee3Hits} of ${knees.curves.length} curves, the 10× knee in ${knees.knee10Hits}. Load rows are simulated as NIM served them: ${NIM_LOAD.maxBatch} sequences, ${NIM_LOAD.tokenBudget.toLocaleString('en-US')} tokens per step, ${NIM_LOAD.admission} admission, ${NIM_LOAD.mixedBatches ? 'prompts mixed with decodes' : 'prompt batches in iterations of their own'}, ${NIM_LOAD.networkRttMs} ms round trip, ${NIM_LOAD.requestsPerUser} requests per user, steady window.`,
    kneeMarkdown(knees.curves),
    '### The choices under load, one at a time',
    `Each line simulates the ${loadRows.length} runs again with one choice changed and the factors as fitted (the errors of the first line are those above). It is the evidence for the settings of \`NIM_LOAD\` (\`calibration/load.ts\`) and for NIM's own factors.`,
    variantsMarkdown(variants),
    '### The 15 worst rows of measurements.csv', worstRowsMarkdown(worstRows(results.filter((r) => !LOAD_KINDS.includes(r.case.kind)), 15)),
    '### The 15 worst cases under load', worstRowsMarkdown(worstRows(loadResults, 15)),
    '### Skipped rows', skippedMarkdown(skipped),
  ].join('\n\n');
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Calibration of the hardware profiles\n';
  doc = replaceSection(doc, 'REPORT', report);
  if (cvOut) {
    doc = replaceSection(doc, 'HELD-OUT', cvOut.markdown);
    writeFileSync(resolve(repo, 'src/engine/calibration/folds.ts'), cvOut.foldsTs);
  }
  if (spreadsOut) {
    doc = spreadsOut.replaceIn(doc);
    writeFileSync(resolve(repo, 'src/engine/uncertainty/spreads.ts'), spreadsOut.spreadsTs);
  }
  if (comparison) {
    const body = [
      `Same rows and search, with the roofline corner fixed to a hard max (p = Infinity): fit loss ${comparison.fit.loss.toFixed(4)} against ${main.loss.toFixed(4)}.`,
      factorsMarkdown(comparison.fit.factors),
      nimFactorsMarkdown(comparison.fit.factors),
      markdownTable(errorTable(comparison.results).filter((s) => s.group === 'all')),
    ].join('\n\n');
    doc = replaceSection(doc, 'HARD-MAX COMPARISON', body);
  }
  writeFileSync(docPath, doc);
  console.log(`Wrote src/engine/profiles/fitted.ts${cvOut ? ', src/engine/calibration/folds.ts, src/engine/uncertainty/spreads.ts' : ''} and docs/calibration.md.`);
}
