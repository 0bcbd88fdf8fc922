/**
 * The page's default plan on its worker pool (run by `npm run bench`;
 * `npx tsx scripts/bench-plan.ts` alone). It drives the page's own entry
 * point, `planOnPage` (views/plan/pagePlanner.ts: the shared pool and the
 * Web Worker adapter), in Node: each "Web Worker" is a worker thread running
 * the same worker handler as workers/plan.worker.ts (the CLI's planWorker.ts),
 * wrapped to look like one. The request is the Plan section's first form on
 * the lab's default settings. Wall time is what a reader waits; CPU time is
 * the whole process's (every thread), which a busy machine inflates less.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from '../src/cli/planPool';
import type { PlanWorkerAnswer } from '../src/plan/pool';
import { DEFAULT_SETTINGS } from '../src/settings/schema';
import { planOnPage, type PlanWebWorker } from '../src/views/plan/pagePlanner';
import { planFormFrom, validatePlanForm } from '../src/views/plan/planForm';

/** A worker thread dressed as the page's Web Worker. */
function threadAsWebWorker(): PlanWebWorker {
  const w: Worker = startThread();
  return {
    postMessage: (m) => w.postMessage(m),
    addEventListener: ((type: 'message' | 'error', l: (e: unknown) => void) => {
      if (type === 'message') w.on('message', (data: PlanWorkerAnswer) => l({ data }));
      else w.on('error', (e: Error) => l({ message: e.message }));
    }) as PlanWebWorker['addEventListener'],
    terminate: () => void w.terminate(),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;

/** Rows for the bench table: the default page plan on `workers` workers, `runs` times. */
export async function planBenchRows(workers = 2, runs = Number(process.env.PLAN_BENCH_RUNS ?? 3)): Promise<[string, string][]> {
  const form = validatePlanForm(planFormFrom(DEFAULT_SETTINGS), DEFAULT_SETTINGS.spread);
  if (!form.ok) throw new Error(`the default plan form does not validate: ${form.errors.map((e) => e.message).join('; ')}`);
  const req = form.request;
  const wall: number[] = [];
  const cpu: number[] = [];
  let evaluated = 0;
  let found = 0;
  let rangeRuns = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const r = await planOnPage(req, { workers, create: threadAsWebWorker });
    wall.push((performance.now() - t0) / 1000);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1e6);
    evaluated = r.evaluated;
    found = r.configs.length;
    rangeRuns = r.rangeRuns;
  }
  const what = `${req.models[0]}, ${req.promptTokens} in / ${req.outputTokens} out at ${req.ratePerSec} req/s, ${req.gpus.length} GPUs × ${req.precisions.length} precisions × TP 1–8 × ${req.engines.length} engines, ≤ ${req.maxGpus} GPUs`;
  return [
    [`default page plan on ${workers} workers (${what})`, `${evaluated} configurations simulated, ${found} kept (their ranges checked in ${rangeRuns} more runs); median ${median(wall).toFixed(1)} s wall (${range(wall)} s over ${runs} runs), ${median(cpu).toFixed(1)} s CPU (goal ≥ 500 in ≤ 15 s)`],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, value] of await planBenchRows()) console.log(`  ${name}  ${value}`);
}
