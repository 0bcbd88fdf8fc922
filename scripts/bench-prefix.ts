/**
 * Benchmarks of the prefix cache in KV memory, run by `npm run bench`
 * (scripts/bench.ts): the 9-point sweep with a cache that evicts (goal
 * ≤ 400 ms) and a 10,000-request multi-turn run (goal ≤ 1 s). Each prints the
 * median wall time with the spread of its runs and the median CPU time of the
 * process, since the machine may be shared.
 */
import { lessonProfile } from '../src/engine/profiles/lesson';
import { simulate } from '../src/engine/simulate';
import { DEFAULT_SWEEP_USERS, sweep, sweepWindow } from '../src/engine/sweep';
import type { Scenario } from '../src/engine/types';
import { workloadById } from '../src/engine/workloads';
import { sortedMedian, timedRuns } from './benchTiming';

const line = (t: { wall: number[]; cpu: number[] }, goal: string): string =>
  `${sortedMedian(t.wall).toFixed(1)} ms median (${t.wall[0].toFixed(1)}–${t.wall[t.wall.length - 1].toFixed(1)} over ${t.wall.length} runs), CPU ${sortedMedian(t.cpu).toFixed(1)} ms; goal ${goal}`;

/** Chat on the lesson server with 8 shared 500-token prefixes and 4-turn conversations, paged admission. */
function chat(users: number, requests: number, turns: number): Scenario {
  return {
    workload: workloadById('chat')!, server: lessonProfile(), load: { kind: 'closed', users, thinkMs: 0 },
    slo: { ttftMs: 500, tpotMs: 50, e2eMs: null }, requests, seed: 42, chunkedPrefill: false, networkRttMs: 50,
    scheduler: { admission: 'paged' }, levers: { prefixCache: { groups: 8, prefixTokens: 500, turns } },
  };
}

/** The prefix cache rows as [name, figures]. */
export function prefixBenchRows(): [string, string][] {
  const rows: [string, string][] = [];
  const base = chat(1, 1000, 4);
  const evicted = DEFAULT_SWEEP_USERS.map((users) => simulate({ ...base, load: { kind: 'closed', users, thinkMs: 0 }, window: sweepWindow(base) }).prefixCache?.evictedBlocks ?? 0);
  const sweepT = timedRuns(() => sweep(base, { kind: 'users', values: DEFAULT_SWEEP_USERS }), 7);
  rows.push([
    '9-point sweep (1..256 users), chat, prefix cache (8 × 500-token prefixes, 4 turns, paged), 1,000 requests each',
    `${line(sweepT, '≤ 400 ms')}; blocks evicted per point ${evicted.map((n) => n.toLocaleString('en-US')).join(', ')}`,
  ]);
  const long = chat(64, 10_000, 8);
  const r = simulate(long);
  const longT = timedRuns(() => simulate(long), 5);
  rows.push([
    '10,000 requests at 64 users, chat, 8-turn conversations, prefix cache (paged)',
    `${line(longT, '≤ 1 s')}; hit rate ${((r.metrics.prefixHitRate ?? 0) * 100).toFixed(1)}%, ${(r.prefixCache?.evictedBlocks ?? 0).toLocaleString('en-US')} blocks evicted`,
  ]);
  return rows;
}
