/**
 * One cross-validation fold with a search of your choice, to weigh a fold
 * search against its cost: fits every group but one from the textbook start
 * and prints the held-out group's errors and the CPU seconds it took.
 *
 *   npx tsx scripts/calibrate-fold.ts "<model> × <gpu>" <rounds> <evals> [nocheck]
 *
 * `rounds` and `evals` are those of `fitFactors`; `nocheck` skips the exact
 * pass at the end (as `npm run calibrate`'s folds do). Writes nothing.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_FACTORS, errorTable, fitFactors, groupOf, mapLoadRows, mapRows, memoizeFor, parseCsvRecords, predictCase, surrogatePredict, evaluateCases, type CalibrationCase } from '../src/engine/calibration/index';

const [group, roundsS, evalsS, finalS] = process.argv.slice(2);
if (!group || !(Number(roundsS) >= 1) || !(Number(evalsS) >= 1)) {
  console.error('usage: npx tsx scripts/calibrate-fold.ts "<model> × <gpu>" <rounds> <evals> [nocheck]');
  process.exit(2);
}
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cases: CalibrationCase[] = [
  ...mapRows(parseCsvRecords(readFileSync(resolve(repo, 'data/calibration/measurements.csv'), 'utf8'))).cases,
  ...mapLoadRows(parseCsvRecords(readFileSync(resolve(repo, 'data/calibration/measurements-load.csv'), 'utf8'))).cases,
];
const training = cases.filter((c) => groupOf(c) !== group);
const held = cases.filter((c) => groupOf(c) === group);
const cpu0 = process.cpuUsage();
const cpu = () => { const u = process.cpuUsage(cpu0); return ((u.user + u.system) / 1e6).toFixed(1); };
const fit = fitFactors(training, INITIAL_FACTORS, {
  exact: memoizeFor(INITIAL_FACTORS, predictCase), fast: surrogatePredict, rounds: Number(roundsS), evals: Number(evalsS), finalCheck: finalS !== 'nocheck',
  onRound: (r, loss) => console.log(`round ${r} loss ${loss.toFixed(4)} cpu ${cpu()} s`),
});
console.log(`fit loss ${fit.loss.toFixed(4)} cpu ${cpu()} s`, JSON.stringify(fit.factors));
const res = evaluateCases(held, fit.factors);
for (const s of errorTable(res).filter((t) => t.group === 'all')) console.log(`${s.kind} n=${s.rows} med ${s.medianAbsPct.toFixed(1)} p90 ${s.p90AbsPct.toFixed(1)} signed ${s.medianSignedPct.toFixed(1)}`);
console.log(`total cpu ${cpu()} s`);
