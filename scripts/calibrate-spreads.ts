/**
 * `npm run calibrate:spreads`: chooses how wide the prediction ranges are
 * drawn, from the committed leave-one-group-out folds (no refit): every case
 * is predicted by the fold that left its group out, the spreads are read off
 * those residuals at each percentile tried, and the pair chosen on held-out
 * coverage (spreadQuantile.ts: TPOT and throughput for KV, step cost and front
 * end, then TTFT for the prefill cost) is written to src/engine/uncertainty/spreads.ts,
 * with the evidence in docs/calibration.md (GENERATED SPREADS).
 * `npm run calibrate` runs the same step after its folds.
 *
 * Options: --no-write (print only).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELD_OUT_FACTORS, groupOf, mapLoadRows, mapRows, parseCsvRecords, type CalibrationCase } from '../src/engine/calibration/index';
import { runSpreadChoice } from './calibrate-spreads-run';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (p: string): string => readFileSync(resolve(repo, p), 'utf8');
const cases: CalibrationCase[] = [
  ...mapRows(parseCsvRecords(read('data/calibration/measurements.csv'))).cases,
  ...mapLoadRows(parseCsvRecords(read('data/calibration/measurements-load.csv'))).cases,
];
const folds = new Map(Object.entries(HELD_OUT_FACTORS));
const missing = [...new Set(cases.map(groupOf))].filter((g) => !folds.has(g));
if (missing.length > 0) {
  console.error(`calibrate:spreads: no committed fold for ${missing.join(', ')}; run npm run calibrate first.`);
  process.exit(2);
}
const out = runSpreadChoice(cases, folds, new Date().toISOString().slice(0, 10), console.log);
if (!process.argv.includes('--no-write')) {
  writeFileSync(resolve(repo, 'src/engine/uncertainty/spreads.ts'), out.spreadsTs);
  const docPath = resolve(repo, 'docs/calibration.md');
  writeFileSync(docPath, out.replaceIn(readFileSync(docPath, 'utf8')));
  console.log('Wrote src/engine/uncertainty/spreads.ts and docs/calibration.md (GENERATED SPREADS).');
}
