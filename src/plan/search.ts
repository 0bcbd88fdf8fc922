/**
 * The capacity planner's search: which deployments serve `ratePerSec` within
 * the targets, cheapest first. For every model × GPU × precision × TP ×
 * engine that can run, the single instance's sustained rate S₁ is found by
 * bisection; the fewest replicas that meet the asked rate R are then found
 * from ⌈R / S₁⌉ up or down one at a time (each step a simulation at R, so
 * pooling across replicas counts); finally the sustained rate of that
 * deployment (its headroom). A shape that cannot reach R within the GPU
 * limit even with a generous pooling margin, and whose largest deployment
 * misses R when tried once, is pruned before its replica search; a deployment that costs as much as another or more and sustains no
 * more is dominated and left out. A disaggregated shape (prefill and decode
 * instances apart) is searched by `split.ts`. Pure: no I/O, no DOM; cancel
 * by `signal`.
 */
import { TP_DEGREES } from '../engine/profiles/catalog';
import { queryWithPin } from '../settings/pin';
import { judge, planLinkSettings, refusal, sustainedRate, type Counter, type Judged } from './evaluate';
import { plannedConfig } from './planned';
import { rangeCheckedRows, rangeVerdict, withRangeVerdicts } from './rangeCheck';
import { searchSplit } from './split';
import type { PlanConfig, PlannedConfig, PlanRequest, PlanResult } from './types';

export { NEAR_KNEE } from './planned';

/**
 * How much more than r × S₁ the r replicas of a shape might sustain (a balancer pools their queues):
 * a shape is pruned only when even this margin leaves R out of reach within the GPU limit.
 */
export const POOLING_MARGIN = 2;

/** Progress of a plan: shapes searched of all shapes; once every shape is in, the cheapest rows' range checks. */
export interface PlanProgress {
  done: number;
  total: number;
  evaluated: number;
  /** Set once every shape is in and rows are being checked: rows checked of the rows to check. */
  ranges?: { done: number; total: number };
}

/**
 * Every shape the request allows, in a fixed order: one replica when
 * colocated; one prefill and one decode instance when disaggregated (listed
 * after every colocated shape, so a colocated plan's shapes are numbered as
 * they always were).
 */
export function planShapes(req: PlanRequest): PlanConfig[] {
  const out: PlanConfig[] = [];
  for (const split of req.splits ?? ['colocated'])
    for (const model of req.models)
      for (const gpu of req.gpus)
        for (const precision of req.precisions)
          for (const tp of TP_DEGREES)
            for (const engine of req.engines) {
              if (split === 'colocated' && tp <= req.maxGpus) out.push({ model, gpu, precision, tp, replicas: 1, engine });
              if (split === 'disaggregated' && 2 * tp <= req.maxGpus) out.push({ model, gpu, precision, tp, replicas: 1, engine, disaggregated: { prefillInstances: 1, decodeInstances: 1 } });
            }
  return out;
}

/** Ranks cheapest first: cost when every config has a price, else GPUs; ties go to the higher sustained rate. */
function rank(configs: PlannedConfig[]): PlannedConfig[] {
  const priced = configs.length > 0 && configs.every((c) => c.costPerHour !== null);
  const key = (c: PlannedConfig) => (priced ? (c.costPerHour as number) : c.gpus);
  return [...configs].sort((a, b) => key(a) - key(b) || b.sustainedReqPerSec - a.sustainedReqPerSec);
}

/** Leaves out each config that costs at least as much as an earlier (cheaper or equal) one and sustains no more. */
function undominated(ranked: PlannedConfig[]): PlannedConfig[] {
  const priced = ranked.length > 0 && ranked.every((c) => c.costPerHour !== null);
  const key = (c: PlannedConfig) => (priced ? (c.costPerHour as number) : c.gpus);
  const out: PlannedConfig[] = [];
  for (const c of ranked) {
    if (out.some((o) => o.model === c.model && key(o) <= key(c) && o.sustainedReqPerSec >= c.sustainedReqPerSec)) continue;
    out.push(c);
  }
  return out;
}

/** What the search found for one shape: refused, pruned, missing the targets within the GPU limit, or a deployment. */
export type ShapeOutcome =
  | { kind: 'refused'; reason: string; evaluated: number }
  | { kind: 'pruned'; evaluated: number }
  | { kind: 'missed'; evaluated: number }
  | { kind: 'found'; config: PlannedConfig; evaluated: number };

/**
 * Searches one shape: its single instance's sustained rate, the fewest
 * replicas of it that meet the asked rate, and that deployment's own
 * sustained rate (a disaggregated shape: its prefill and decode instances,
 * `searchSplit`). Independent of every other shape, so shapes can be
 * searched in any order, in any worker, with the same answer.
 */
export function searchShape(req: PlanRequest, shape: PlanConfig, signal?: AbortSignal): ShapeOutcome {
  const counter: Counter = { evaluated: 0 };
  const why = refusal(req, shape);
  if (why) return { kind: 'refused', reason: why, evaluated: 0 };
  if (shape.disaggregated) return searchSplit(req, shape, counter, signal);
  const R = req.ratePerSec;
  const s1 = sustainedRate(req, shape, R, counter, signal);
  const maxReplicas = Math.floor(req.maxGpus / shape.tp);
  if (s1 <= 0) return { kind: 'pruned', evaluated: counter.evaluated };
  // The fewest replicas that meet R: from the linear guess, down while fewer still meet, up while they do not.
  let r = Math.min(maxReplicas, Math.max(1, Math.ceil(R / s1)));
  let at: Judged;
  if (Math.ceil(R / (s1 * POOLING_MARGIN)) > maxReplicas) {
    // Out of reach even with the pooling margin, by the bound. But a run of a few hundred requests spread over many
    // replicas gives each replica fewer of them, and pooled replicas can beat the bound: the largest deployment is
    // tried once before the shape is given up (a property test found 4 × A100 meeting what the bound pruned).
    at = judge(req, { ...shape, replicas: maxReplicas }, R, counter);
    if (!at.meets) return { kind: 'pruned', evaluated: counter.evaluated };
    r = maxReplicas;
  } else at = judge(req, { ...shape, replicas: r }, R, counter);
  if (at.meets) {
    while (r > 1 && !signal?.aborted) {
      const fewer = judge(req, { ...shape, replicas: r - 1 }, R, counter);
      if (!fewer.meets) break;
      r--;
      at = fewer;
    }
  } else {
    while (!at.meets && r < maxReplicas && !signal?.aborted) {
      r++;
      at = judge(req, { ...shape, replicas: r }, R, counter);
    }
  }
  if (!at.meets || signal?.aborted) return { kind: 'missed', evaluated: counter.evaluated };
  const c: PlanConfig = { ...shape, replicas: r };
  const sustained = sustainedRate(req, c, R, counter, signal);
  return { kind: 'found', evaluated: counter.evaluated, config: plannedConfig(req, c, at, sustained) };
}

/**
 * The plan from each shape's outcome (in `planShapes` order; a shape not
 * searched, because the plan was cancelled, is left out): cheapest first,
 * dominated deployments left out, each link pinned against the cheapest.
 */
export function combineOutcomes(req: PlanRequest, outcomes: readonly (ShapeOutcome | undefined)[], cancelled: boolean): PlanResult {
  const reasons: string[] = [];
  let refusedCount = 0;
  let pruned = 0;
  let evaluated = 0;
  const found: PlannedConfig[] = [];
  for (const o of outcomes) {
    if (!o) continue;
    evaluated += o.evaluated;
    if (o.kind === 'refused') {
      refusedCount++;
      if (reasons.length < 5) reasons.push(o.reason);
    } else if (o.kind === 'pruned') pruned++;
    else if (o.kind === 'found') found.push(o.config);
  }
  const ranked = rank(found);
  const kept = undominated(ranked);
  const cheapest = kept[0] ? planLinkSettings(req, kept[0], req.ratePerSec) : null;
  return {
    evaluated,
    refused: { count: refusedCount, reasons },
    rangeRuns: 0,
    pruned: pruned + (ranked.length - kept.length),
    configs: kept.map((c, i) => (i === 0 || !cheapest ? c : { ...c, link: queryWithPin(c.link, cheapest) })),
    cancelled,
  };
}

/**
 * Plans `req` in this thread: the deployments that meet it, cheapest first,
 * with what was simulated, refused and pruned, the cheapest rows' ranges
 * checked (rangeCheck.ts). Stops between two
 * simulations when `signal` aborts, keeping what it found (`cancelled: true`).
 */
export function plan(req: PlanRequest, signal?: AbortSignal, onProgress?: (p: PlanProgress) => void): PlanResult {
  const shapes = planShapes(req);
  const outcomes: ShapeOutcome[] = [];
  let evaluated = 0;
  for (let i = 0; i < shapes.length && !signal?.aborted; i++) {
    onProgress?.({ done: i, total: shapes.length, evaluated });
    const o = searchShape(req, shapes[i], signal);
    evaluated += o.evaluated;
    // A shape cut short by the cancel is not a finding, but its simulations were run.
    outcomes.push(signal?.aborted ? { kind: 'missed', evaluated: o.evaluated } : o);
  }
  onProgress?.({ done: shapes.length, total: shapes.length, evaluated });
  const combined = combineOutcomes(req, outcomes, !!signal?.aborted);
  if (signal?.aborted) return combined;
  // The cheapest rows' ranges, as the pool's workers check them after the search.
  const verdicts = [];
  const rows = rangeCheckedRows(combined);
  for (let i = 0; i < rows; i++) {
    onProgress?.({ done: shapes.length, total: shapes.length, evaluated, ranges: { done: i, total: rows } });
    if (signal?.aborted) return { ...combined, cancelled: true };
    verdicts.push(rangeVerdict(req, combined.configs[i]));
  }
  return withRangeVerdicts(combined, verdicts);
}
