/**
 * Engine benchmarks: `npm run bench`. Prints the median of several timed runs
 * for each case (the first call of the engine in fresh processes, then warm
 * runs); speed goals live here, never as timed assertions in tests.
 */
import { lessonProfile } from '../src/engine/profiles/lesson';
import { simulate } from '../src/engine/simulate';
import { DEFAULT_SWEEP_USERS, sweep } from '../src/engine/sweep';
import type { Scenario } from '../src/engine/types';
import { WORKLOADS, workloadById } from '../src/engine/workloads';
import { leverBenchRows } from './bench-levers';
import { rangeBenchRows } from './bench-ranges';
import { coldCallRows } from './bench-cold';
import { planBenchRows } from './bench-plan';

function scenario(workload: string, users: number, requests: number): Scenario {
  return {
    workload: workloadById(workload)!, server: lessonProfile(), load: { kind: 'closed', users, thinkMs: 0 },
    slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests, seed: 42, chunkedPrefill: false, networkRttMs: 50,
  };
}

/** Median wall time in ms of `fn` over `runs` runs, each repeating it `inner` times (time per call). */
function medianMs(fn: () => void, runs: number, inner = 1): number {
  for (let i = 0; i < Math.min(3, runs); i++) fn(); // warm the JIT
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (let i = 0; i < inner; i++) fn();
    times.push((performance.now() - t0) / inner);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// The engine's first call, each sample in a fresh process (before this one warms anything).
const rows: [string, string][] = [...coldCallRows()];
const idleMs = medianMs(() => simulate(scenario('chat', 1, 1)), 15, 200);
rows.push(['one idle request (chat, 1 user, 1 request)', `${(idleMs * 1000).toFixed(1)} µs (target < 1 ms)`]);

for (const w of WORKLOADS) {
  const ms = medianMs(() => simulate(scenario(w.id, 16, 1000)), 9);
  rows.push([`1,000 requests at 16 users, ${w.id}`, `${ms.toFixed(1)} ms (${Math.round(1000 / (ms / 1000)).toLocaleString('en-US')} simulated requests/s)`]);
}
for (const chunked of [false, true]) {
  const ms = medianMs(() => simulate({ ...scenario('chat', 256, 1000), chunkedPrefill: chunked }), 9);
  rows.push([`1,000 requests at 256 users, chat${chunked ? ', chunked prefill' : ''}`, `${ms.toFixed(1)} ms`]);
}
const sweepMs = medianMs(() => sweep(scenario('chat', 1, 1000), { kind: 'users', values: DEFAULT_SWEEP_USERS }), 7);
rows.push(['9-point sweep (1..256 users), 1,000 requests each, chat (steady window)', `${sweepMs.toFixed(1)} ms (target < 200 ms); ${Math.round(9000 / (sweepMs / 1000)).toLocaleString('en-US')} simulated requests/s`]);

// Paged admission with preemption: 64 long reports overfill the lesson server's 120,000-token cache.
const paged = (): Scenario => ({ ...scenario('report', 64, 1000), chunkedPrefill: true, scheduler: { admission: 'paged' } });
const pagedRun = simulate(paged());
const pagedMs = medianMs(() => simulate(paged()), 9);
rows.push([
  '1,000 requests at 64 users, report, paged admission (chunked)',
  `${pagedMs.toFixed(1)} ms; ${pagedRun.metrics.preemptions ?? 0} preemptions, ${pagedRun.log.endS.length.toLocaleString('en-US')} log entries`,
]);
const pagedSweepMs = medianMs(() => sweep(paged(), { kind: 'users', values: DEFAULT_SWEEP_USERS }), 5);
rows.push(['9-point sweep, report, paged admission, 1,000 requests each', `${pagedSweepMs.toFixed(1)} ms`]);

const before = process.memoryUsage().heapUsed;
const kept = simulate(scenario('report', 16, 10_000));
const after = process.memoryUsage().heapUsed;
rows.push(['heap held by one 10,000-request result (report, 16 users)', `${((after - before) / 1e6).toFixed(1)} MB (${kept.log.endS.length.toLocaleString('en-US')} log entries)`]);

rows.push(...leverBenchRows(medianMs));
rows.push(...rangeBenchRows());
rows.push(...(await planBenchRows()));

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`Latency Lab engine benchmarks (node ${process.version}, median of runs)`);
for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
