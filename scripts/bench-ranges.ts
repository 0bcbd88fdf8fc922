/**
 * Benchmarks of the ranges, run by `npm run bench` (scripts/bench.ts) or
 * alone (`npx tsx scripts/bench-ranges.ts`): a hardware prediction without
 * ranges, with its ranges (two corners), and with its sensitivity too (what
 * `lab predict --json` and the page compute), and the 9-point sweep with and
 * without its bands. Goals (issue 17): ranges at most 4× a prediction; the
 * sweep with bands ≤ 600 ms on 2 cores (≤ 200 ms without).
 * Times are main-thread CPU (wall time on a shared machine is mostly waiting
 * for a core); the variants are timed in turn within each round, and each
 * ratio is the median of the rounds' own ratios.
 */
// The lazily loaded settings register themselves on import (as the CLI and the workers do).
import '../src/settings/speculative';
import '../src/settings/pools';
import { fileURLToPath } from 'node:url';
import { simulate } from '../src/engine/simulate';
import { DEFAULT_SWEEP_USERS, sweep } from '../src/engine/sweep';
import type { Scenario } from '../src/engine/types';
import { EdgeRunner, PREDICTION_SPREADS, predictionRanges, predictionSensitivity, sweepBands } from '../src/engine/uncertainty';
import { DEFAULT_SETTINGS, type Settings } from '../src/settings/schema';
import { scenarioFromSettings } from '../src/settings/scenario';
import { mainThreadCpuMs } from './bench-cold';

function hardware(over: Partial<Settings>): Scenario {
  const built = scenarioFromSettings({ ...DEFAULT_SETTINGS, server: 'hardware', engine: 'vllm', ...over });
  if (!built.ok) throw new Error(built.message);
  return built.scenario;
}

/** The scenarios: one user, a busy chat server, issue 17's knee, and two heavy loads. */
export const RANGE_BENCH_CASES: [string, Scenario][] = [
  ['Llama-3.1-8B on H100, chat, 1 user', hardware({ users: 1 })],
  ['Llama-3.1-8B on H100, chat, 16 users', hardware({ users: 16 })],
  ['Llama-3.1-70B fp8 on 8 × H100, TensorRT-LLM, 7000/1000, 200 users, steady (issue 17)', hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 8, engine: 'trtllm', workload: 'custom', prompt: 7000, output: 1000, users: 200, window: 'steady' })],
  ['Llama-3.1-70B fp8 on 2 × H100, 4000/500, 128 users', hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 2, workload: 'custom', prompt: 4000, output: 500, users: 128 })],
  ['Llama-3.1-8B on H100, chat, 256 users', hardware({ users: 256 })],
  ['Llama-3.1-70B fp8 on 2 × H100, 4000/500, 512 users (memory-bound)', hardware({ model: 'llama-3.1-70b', precision: 'fp8', tp: 2, workload: 'custom', prompt: 4000, output: 500, users: 512 })],
];

/** Main-thread CPU ms per call of `fn`, repeating it until at least `minMs` of CPU have passed. */
function cpuPerCall(fn: () => void, minMs: number): number {
  const c0 = mainThreadCpuMs();
  let calls = 0;
  let spent = 0;
  do {
    fn();
    calls++;
    spent = mainThreadCpuMs() - c0;
  } while (spent < minMs);
  return spent / calls;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (xs: readonly number[]): string => `${median(xs).toFixed(1)} ms (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
const times = (xs: readonly number[]): string => `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

/** Median CPU figures of `variants`, timed in turn each round; [per-variant ms per call][round]. */
function rounds(variants: readonly (() => void)[], count: number, minMs: number): number[][] {
  for (const v of variants) for (let i = 0; i < 3; i++) v(); // warm the JIT
  const out = variants.map((): number[] => []);
  for (let r = 0; r < count; r++) variants.forEach((v, i) => out[i].push(cpuPerCall(v, minMs)));
  return out;
}

/** Rows of the ranges benchmark. */
export function rangeBenchRows(count = 7): [string, string][] {
  const rows: [string, string][] = [];
  for (const [name, s] of RANGE_BENCH_CASES) {
    let edges = '';
    const [plain, ranged, full] = rounds([
      () => simulate(s),
      () => {
        const r = simulate(s);
        predictionRanges(s, r.metrics, PREDICTION_SPREADS, new EdgeRunner(s, r.metrics, r.kvBounds));
      },
      () => {
        const r = simulate(s);
        const runner = new EdgeRunner(s, r.metrics, r.kvBounds);
        predictionRanges(s, r.metrics, PREDICTION_SPREADS, runner);
        predictionSensitivity(s, r.metrics, PREDICTION_SPREADS, runner);
        edges = `${runner.edgeRuns} edge runs, ${runner.reusedRuns} reused`;
      },
    ], count, 150);
    const ratio = (xs: number[]) => xs.map((x, i) => x / plain[i]);
    rows.push([`${name}, 1,000 requests`, `prediction ${ms(plain)}; with ranges ${ms(ranged)} = ${times(ratio(ranged))} (target ≤ 4×); with sensitivity too ${ms(full)} = ${times(ratio(full))} (${edges})`]);
  }
  const base = hardware({ users: 1 });
  const axis = { kind: 'users' as const, values: DEFAULT_SWEEP_USERS };
  const [plainSweep, bandedSweep] = rounds([() => sweep(base, axis), () => sweepBands(base, axis, sweep(base, axis), PREDICTION_SPREADS)], Math.max(3, count - 2), 0);
  rows.push(['9-point sweep (1..256 users), Llama-3.1-8B on H100, chat, 1,000 requests each', `${ms(plainSweep)} (target ≤ 200 ms); with bands ${ms(bandedSweep)} (target ≤ 600 ms)`]);
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log('Ranges: main-thread CPU per call, median (range) of rounds');
  for (const [name, value] of rangeBenchRows()) console.log(`  ${name}\n    ${value}`);
}
