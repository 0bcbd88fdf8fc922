/**
 * The engine's first call in a fresh process, as a page or the CLI meets it
 * (run by `npm run bench`; `npx tsx scripts/bench-cold.ts` alone). Each
 * sample is a new Node process (with the same loader as this one) that
 * imports the engine (timed too: what a fresh process pays before its first
 * call, tsx's transform of the TypeScript included) and times one run of
 * 1,000 chat requests at 16 users on the lesson server, then a second and
 * third run. Prints the median and range of each. Wall time is what a reader
 * waits; on Linux the main thread's own CPU time (from /proc) is given too,
 * which a machine busy with other work inflates far less.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One sample: [wall ms, main-thread CPU ms or NaN] for the import, then the 1st, 2nd and 3rd call. */
type Sample = [number, number][];

const CHILD_FLAG = '--cold-sample';

/** Main-thread CPU time so far, ms (Linux schedstat), or NaN where it cannot be read. */
export function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

async function childSample(): Promise<void> {
  const importCpu0 = mainThreadCpuMs();
  const importT0 = performance.now();
  const [{ lessonProfile }, { simulate }, { workloadById }] = await Promise.all([
    import('../src/engine/profiles/lesson'),
    import('../src/engine/simulate'),
    import('../src/engine/workloads'),
  ]);
  const scenario = {
    workload: workloadById('chat')!, server: lessonProfile(), load: { kind: 'closed' as const, users: 16, thinkMs: 0 },
    slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests: 1000, seed: 42, chunkedPrefill: false, networkRttMs: 50,
  };
  const out: Sample = [[performance.now() - importT0, mainThreadCpuMs() - importCpu0]];
  for (let i = 0; i < 3; i++) {
    const c0 = mainThreadCpuMs();
    const t0 = performance.now();
    simulate(scenario);
    out.push([performance.now() - t0, mainThreadCpuMs() - c0]);
  }
  process.stdout.write(JSON.stringify(out));
}

const median = (xs: number[]): number => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f1 = (x: number) => x.toFixed(1);
const spread = (xs: number[]): string => `${f1(median(xs))} ms (${f1(Math.min(...xs))}–${f1(Math.max(...xs))})`;

/** Runs `samples` fresh processes and gives [name, figures] rows for the bench table. */
export function coldCallRows(samples = 7): [string, string][] {
  const self = fileURLToPath(import.meta.url);
  const runs: Sample[] = [];
  for (let i = 0; i < samples; i++) {
    const r = spawnSync(process.execPath, [...process.execArgv, self, CHILD_FLAG], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cold-call sample failed: ${r.stderr}`);
    runs.push(JSON.parse(r.stdout) as Sample);
  }
  const rows: [string, string][] = [];
  const names = ['import of the engine (before the first call)', 'first call in a fresh process', 'second call', 'third call'];
  for (let k = 0; k < names.length; k++) {
    const wall = runs.map((s) => s[k][0]);
    const cpu = runs.map((s) => s[k][1]);
    const cpuText = cpu.some(Number.isFinite) ? `; main-thread CPU ${spread(cpu)}` : '';
    const label = k === 0 ? names[k] : `1,000 requests at 16 users, chat: ${names[k]}`;
    rows.push([label, `${spread(wall)}${k === 1 ? ' (target ≤ 25 ms)' : ''}${cpuText}; median (range) of ${samples} processes`]);
  }
  return rows;
}

if (process.argv.includes(CHILD_FLAG)) await childSample();
else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [name, value] of coldCallRows(Number(process.env.COLD_SAMPLES ?? 7))) console.log(`  ${name}  ${value}`);
}
