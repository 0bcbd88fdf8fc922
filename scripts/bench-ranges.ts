/**
 * Benchmarks of the ranges, run by `npm run bench` (scripts/bench.ts): a
 * hardware prediction with and without its edge runs, and the 9-point sweep
 * with and without its bands. Goals (issue 17): ranges at most 4× a
 * prediction; the sweep with bands ≤ 600 ms on 2 cores (≤ 200 ms without).
 */
import { simulate } from '../src/engine/simulate';
import { DEFAULT_SWEEP_USERS, sweep } from '../src/engine/sweep';
import type { Scenario } from '../src/engine/types';
import { EdgeRunner, PREDICTION_SPREADS, predictionRanges, predictionSensitivity, sweepBands } from '../src/engine/uncertainty';
import { DEFAULT_SETTINGS, type Settings } from '../src/settings/schema';
import { scenarioFromSettings } from '../src/settings/scenario';

type Timer = (fn: () => void, runs: number, inner?: number) => number;

function hardware(over: Partial<Settings>): Scenario {
  const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', engine: 'vllm', ...over });
  if (!built.ok) throw new Error(built.message);
  return built.scenario;
}

/** Rows of the ranges benchmark. */
export function rangeBenchRows(medianMs: Timer): [string, string][] {
  const rows: [string, string][] = [];
  const cases: [string, Scenario][] = [
    ['Llama-3.1-8B on H100, chat, 16 users', hardware({ users: 16 })],
    ['Llama-3.1-70B fp8 on 2 × H100, 4000/500, 128 users (the knee)', hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 2, workload: 'custom', prompt: 4000, output: 500, users: 128 })],
  ];
  for (const [name, s] of cases) {
    const plain = medianMs(() => simulate(s), 5);
    const ranged = medianMs(() => {
      const r = simulate(s);
      predictionRanges(s, r.metrics, PREDICTION_SPREADS);
    }, 5);
    const full = medianMs(() => {
      const r = simulate(s);
      const runner = new EdgeRunner(s, r.metrics, r.kvBounds);
      predictionRanges(s, r.metrics, PREDICTION_SPREADS, runner);
      predictionSensitivity(s, r.metrics, PREDICTION_SPREADS, runner);
    }, 5);
    rows.push([`${name}, 1,000 requests: prediction`, `${plain.toFixed(1)} ms; with ranges (2 corners) ${ranged.toFixed(1)} ms = ${(ranged / plain).toFixed(2)}× (target ≤ 4×); with sensitivity too ${full.toFixed(1)} ms = ${(full / plain).toFixed(2)}×`]);
  }
  const base = hardware({ users: 1 });
  const axis = { kind: 'users' as const, values: DEFAULT_SWEEP_USERS };
  const plainSweep = medianMs(() => sweep(base, axis), 5);
  const bandedSweep = medianMs(() => sweepBands(base, axis, sweep(base, axis), PREDICTION_SPREADS), 5);
  rows.push(['9-point sweep (1..256 users), Llama-3.1-8B on H100, chat, 1,000 requests each', `${plainSweep.toFixed(1)} ms (target ≤ 200 ms); with bands ${bandedSweep.toFixed(1)} ms (target ≤ 600 ms)`]);
  return rows;
}
