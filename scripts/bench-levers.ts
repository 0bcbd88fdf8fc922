/**
 * Benchmarks of the levers, run by `npm run bench` (scripts/bench.ts). Each
 * case prints the wall time and the log entries (events) per request, which
 * must stay flat: the levers keep the engine's cost proportional to requests.
 */
import { hardwareProfile } from '../src/engine/profiles/roofline';
import { lessonProfile } from '../src/engine/profiles/lesson';
import { simulate } from '../src/engine/simulate';
import { sweep } from '../src/engine/sweep';
import type { Levers, LoadSpec, RunResult, Scenario } from '../src/engine/types';
import { customWorkload, workloadById } from '../src/engine/workloads';
import { DEFAULT_SWEEP_USERS } from '../src/engine/sweep';
import { settingsFromQuery } from '../src/settings/parse';
import { scenarioFromSettings } from '../src/settings/scenario';
import '../src/settings/speculative';
import '../src/settings/pools';
import { sortedMedian, timedRuns } from './benchTiming';

/** Median, lowest and highest wall time and median CPU time (ms) of `fn` over `runs` runs after 2 warm-up calls. */
function spreadMs(fn: () => void, runs: number): { median: number; min: number; max: number; cpu: number } {
  const t = timedRuns(fn, runs);
  return { median: sortedMedian(t.wall), min: t.wall[0], max: t.wall[t.wall.length - 1], cpu: sortedMedian(t.cpu) };
}

/** The 9-point users sweep with each speculative-decoding method, Llama-3.1-8B on one H100, chat, 1,000 requests a point. */
export function specMethodBenchRows(): [string, string][] {
  const rows: [string, string][] = [];
  for (const method of ['specTokens=0', 'specTokens=4', 'specMethod=draft', 'specMethod=eagle', 'specMethod=eagle3', 'specMethod=ngram']) {
    const built = scenarioFromSettings(settingsFromQuery(`server=hardware&model=llama-3.1-8b&gpu=h100-sxm&workload=chat&requests=1000&${method}`).settings);
    if (!built.ok) throw new Error(built.message);
    const t = spreadMs(() => sweep(built.scenario, { kind: 'users', values: DEFAULT_SWEEP_USERS }), 7);
    rows.push([`9-point sweep, 8B on H100, chat, ${method}`, `${t.median.toFixed(1)} ms median (${t.min.toFixed(1)}–${t.max.toFixed(1)} over 7), CPU ${t.cpu.toFixed(1)} ms (target < 200 ms)`]);
  }
  return rows;
}

/**
 * The 9-point users sweep of a disaggregated cluster, Llama-3.1-8B on 8 H100s, chat, 1,000 requests a point:
 * both pools at TP 2 on the GPUs' own link, then prefill at TP 4 and decode at TP 1 × 4 over InfiniBand.
 */
export function poolBenchRows(): [string, string][] {
  const rows: [string, string][] = [];
  const base = 'server=hardware&model=llama-3.1-8b&gpu=h100-sxm&workload=chat&requests=1000&tp=2&prefillGpus=4&decodeGpus=4';
  for (const pools of ['kvLink=auto', 'prefillTp=4&decodeTp=1&kvLink=infiniband']) {
    const built = scenarioFromSettings(settingsFromQuery(`${base}&${pools}`).settings);
    if (!built.ok) throw new Error(built.message);
    const t = spreadMs(() => sweep(built.scenario, { kind: 'users', values: DEFAULT_SWEEP_USERS }), 7);
    rows.push([`9-point sweep, 8B on 8 H100s split 4 + 4, chat, ${pools}`, `${t.median.toFixed(1)} ms median (${t.min.toFixed(1)}–${t.max.toFixed(1)} over 7), CPU ${t.cpu.toFixed(1)} ms (target ≤ 200 ms)`]);
  }
  return rows;
}

/** The 9-point users sweep of a mixture-of-experts model with its experts split (TP) and whole (EP), chat, 1,000 requests a point. */
export function expertParallelBenchRows(): [string, string][] {
  const rows: [string, string][] = [];
  for (const base of ['model=mixtral-8x7b&gpu=h100-sxm&tp=2', 'model=gpt-oss-120b&gpu=h100-sxm&precision=mxfp4&tp=8']) {
    for (const ep of ['off', 'on']) {
      const built = scenarioFromSettings(settingsFromQuery(`server=hardware&${base}&workload=chat&requests=1000&expertParallel=${ep}`).settings);
      if (!built.ok) throw new Error(built.message);
      const t = spreadMs(() => sweep(built.scenario, { kind: 'users', values: DEFAULT_SWEEP_USERS }), 7);
      rows.push([`9-point sweep, ${base.split('&')[0].slice(6)} TP ${/tp=(\d)/.exec(base)![1]}, chat, expertParallel=${ep}`, `${t.median.toFixed(1)} ms median (${t.min.toFixed(1)}–${t.max.toFixed(1)} over 7), CPU ${t.cpu.toFixed(1)} ms (target < 200 ms)`]);
    }
  }
  return rows;
}

type Timer = (fn: () => void, runs: number, inner?: number) => number;

function lesson(workload: string, load: LoadSpec, requests: number, levers?: Levers): Scenario {
  return {
    workload: workloadById(workload)!, server: lessonProfile(), load,
    slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests, seed: 42, chunkedPrefill: false, networkRttMs: 50, levers,
  };
}

const closed = (users: number): LoadSpec => ({ kind: 'closed', users, thinkMs: 0 });
const events = (r: RunResult): number => (r.instances ? r.instances.reduce((n, i) => n + i.log.endS.length, 0) : r.log.endS.length);

/** The lever cases as [name, figures] rows. */
export function leverBenchRows(medianMs: Timer): [string, string][] {
  const rows: [string, string][] = [];
  const h100 = hardwareProfile({ model: 'llama-3.1-8b', gpu: 'h100-sxm', precision: 'bf16', tp: 1 });
  if (!h100.ok) throw new Error(h100.reason);
  const distserve = (levers: Levers): Scenario => ({
    workload: customWorkload(4000, 200, 0.5), server: h100.profile, load: { kind: 'open', ratePerSec: 16, burstiness: 1 },
    slo: { ttftMs: 1000, tpotMs: 20, e2eMs: null }, requests: 1000, seed: 42, chunkedPrefill: false, networkRttMs: 50, levers,
  });
  const cases: [string, Scenario][] = [
    ['1,000 requests at 16 users, summarize, no lever (reference)', lesson('summarize', closed(16), 1000)],
    ['1,000 requests at 16 users, summarize, prefix cache 0.9', lesson('summarize', closed(16), 1000, { prefixCacheShare: 0.9 })],
    ['1,000 requests at 16 users, report, no lever (reference)', lesson('report', closed(16), 1000)],
    ['1,000 requests at 16 users, report, speculative K = 4, A = 0.7', lesson('report', closed(16), 1000, { speculative: { tokens: 4, acceptance: 0.7, draftCost: 0.13 } })],
    ['4,000 requests at 1,024 users, chat, 4 replicas', lesson('chat', closed(1024), 4000, { replicas: 4 })],
    ['1,000 requests at 16/s, 8B on H100, 4,000/200, 4 replicas', distserve({ replicas: 4 })],
    ['1,000 requests at 16/s, 8B on H100, 4,000/200, 2 prefill + 2 decode', distserve({ disaggregated: { prefillInstances: 2, decodeInstances: 2 } })],
  ];
  for (const [name, s] of cases) {
    const ms = medianMs(() => simulate(s), 7);
    const r = simulate(s);
    rows.push([name, `${ms.toFixed(1)} ms; ${(events(r) / s.requests).toFixed(1)} log entries per request`]);
  }
  const rates = { kind: 'rate' as const, values: [10, 12, 14, 16, 18, 20, 22] };
  const both = medianMs(() => {
    sweep({ ...distserve({ replicas: 4 }), requests: 600 }, rates);
    sweep({ ...distserve({ disaggregated: { prefillInstances: 2, decodeInstances: 2 } }), requests: 600 }, rates);
  }, 5);
  rows.push(['DistServe sweeps: 7 rates × (4 replicas, 2 + 2), 600 requests each', `${both.toFixed(1)} ms for both curves`]);
  rows.push(...specMethodBenchRows());
  rows.push(...poolBenchRows());
  rows.push(...expertParallelBenchRows());
  return rows;
}
