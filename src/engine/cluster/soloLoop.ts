/**
 * The event loop of the plainest run, in one function: one instance, reserve
 * admission, mixed batches, no lever on. It makes exactly the decisions the
 * `Instance` and `simulate`'s event loop make for such a run (same events in
 * the same order, same floating-point operations in the same order), so the
 * result is byte for byte the same; test/engine/solo-loop.test.ts holds the
 * two to that over random scenarios.
 *
 * Why a second driver: a page's first run, and the CLI's, go through the
 * engine while V8 still interprets it. Spread over the `Instance`'s small
 * methods the plain run costs about twice its old time there, and every one
 * of those methods gets optimised on its own, on background threads that a
 * 2-core machine cannot spare. Here the state is in local variables and the
 * loop is one function, which V8 optimises once, in the middle of the run
 * (the README's "Measuring speed" has the figures).
 */
import { activeFor, type Active } from '../scheduler/active';
import { schedulerConfig, type SchedulerConfig } from '../scheduler/config';
import { leverConfig, type LeverConfig } from '../levers/config';
import { validateScenario } from '../validate';
import type { ItlLog } from '../scheduler/itl';
import type { KvProbe } from '../scheduler/kvBounds';
import { planIteration, type PlannedIteration } from '../scheduler/plan';
import type { FrontEnd } from '../frontend';
import type { IterationLog, RequestRecord, Scenario } from '../types';
import { BlockedTime } from './blocked';
import { emptyLog, logIteration, type InstanceHooks, type IterationCost, type Pending } from './types';

/** What the loop runs on: the run's parts, as `simulate` builds them for one instance. */
export interface SoloParts {
  cfg: SchedulerConfig;
  /** The run's capacity comparisons (reserve admission: tokens). */
  probe: KvProbe;
  cost: IterationCost;
  itl: ItlLog;
  hooks: InstanceHooks;
  door: FrontEnd;
  records: readonly RequestRecord[];
}

/** What the instance did, as `Instance` reports it. */
export interface SoloRun {
  log: IterationLog;
  blocked: BlockedTime;
  peakBatch: number;
  /** Largest KV reservation held, tokens. */
  peakKvReserved: number;
  routed: number;
}

/**
 * True when `runSolo` runs a scenario with this scheduler and these levers
 * exactly as the cluster driver would: one instance, reserve admission,
 * mixed batches, no prefix cache and no speculative decoding.
 */
export function soloRuns(cfg: SchedulerConfig, levers: LeverConfig): boolean {
  return !levers.multiInstance && levers.spec === null && levers.prefixCache === null && levers.prefixShare === 0 && cfg.admission === 'reserve' && cfg.mixedBatches;
}

/** True when `simulate` runs `scenario` (validated or not) through the one-instance loop. */
export function soloLoopTakes(scenario: Scenario): boolean {
  const s = validateScenario(scenario);
  return soloRuns(schedulerConfig(s), leverConfig(s));
}

/** Runs the whole event loop of one instance under reserve admission with mixed batches. */
export function runSolo(parts: SoloParts): SoloRun {
  const { cfg, probe, cost, itl, hooks, door, records } = parts;
  const log = emptyLog();
  const blocked = new BlockedTime();
  const maxBatch = cfg.maxBatch;
  const budget = cfg.tokenBudget;
  const chunked = cfg.chunked;
  const waiting: Active[] = [];
  let waitHead = 0;
  const running: Active[] = [];
  let now = 0;
  let peakBatch = 0;
  let peakKvReserved = 0;
  let routed = 0;
  let admissions = 0;
  let used = 0;
  let reserved = 0;
  // The iteration in flight (`pending` in Instance): one record, refilled.
  let pending = false;
  let plan: PlannedIteration = planIteration(running, budget, chunked);
  const p: Pending = { startS: 0, count: 0, gapS: 0, endS: 0, decodeRun: false, plan, preempted: 0, blocked: null, waitingCount: 0, cuttable: false, horizonS: 0 };
  // The cache's counters as the log reads them.
  const kv = { usedTokens: 0, reservedTokens: 0 };
  const runWork: PlannedIteration = { ...plan };
  const runGap = (count: number): number => {
    runWork.prefillTokens = plan.prefillTokens;
    runWork.prefillAttentionPairs = plan.prefillAttentionPairs;
    runWork.prefillContextTokens = plan.prefillContextTokens;
    runWork.prefillSeqs = plan.prefillSeqs;
    runWork.decodeSeqs = plan.decodeSeqs;
    runWork.minRemaining = plan.minRemaining;
    runWork.decodeKvTokens = plan.decodeKvTokens + (plan.decodeSeqs * (count - 1) * 1) / 2;
    return cost(runWork);
  };

  // The door's next event, read again whenever the door may have changed (a step, or a send from a hook).
  let tArrival = door.nextS();
  for (;;) {
    if (pending && p.endS <= tArrival) {
      // The iteration in flight ends (Instance.applyPending).
      pending = false;
      now = p.endS;
      let chunks = 0;
      // A request whose first token is its last (it leaves with this iteration).
      let firstTokenEnds = false;
      if (p.decodeRun) {
        const count = p.count;
        for (let i = 0; i < running.length; i++) {
          const a = running[i];
          a.generated += count;
          a.kvTokens += count;
          used += count;
        }
        chunks = plan.decodeSeqs * count;
      } else {
        for (let i = 0; i < running.length; i++) {
          const a = running[i];
          if (a.decoding) {
            a.generated += 1;
            a.kvTokens += 1;
            used += 1;
            chunks++;
          } else if (a.chunk > 0) {
            if (a.rec.prefillStartS < 0) a.rec.prefillStartS = p.startS;
            a.prefilled += a.chunk;
            a.kvTokens += a.chunk;
            used += a.chunk;
            if (a.prefilled === a.target) {
              a.generated++;
              a.kvTokens += 1;
              used += 1;
              if (a.generated === 1) a.rec.firstTokenServerS = now;
              if (a.generated >= a.rec.outputTokens) firstTokenEnds = true;
            }
          }
        }
      }
      if (plan.decodeSeqs > 0 && chunks > 0) {
        itl.gapS.push(p.gapS);
        itl.weight.push(chunks);
        itl.endS.push(p.endS);
        itl.count.push(p.count);
      }
      if (p.blocked !== null) blocked.add(p.blocked, p.startS, p.endS);
      kv.usedTokens = used;
      kv.reservedTokens = reserved;
      logIteration(log, p, running.length, kv);
      // A run of decode steps shorter than every decoder's remaining output ends no one, and so
      // does an iteration with prefill in it where every decoder has two tokens or more to go.
      if (p.decodeRun ? p.count < plan.minRemaining && plan.decodeSeqs === running.length : plan.minRemaining > 1 && !firstTokenEnds) continue;
      let kept = 0;
      const n = running.length;
      for (let i = 0; i < n; i++) {
        const a = running[i];
        if (a.generated >= a.rec.outputTokens) {
          a.rec.lastTokenServerS = now;
          used -= a.kvTokens;
          reserved -= a.held;
          a.kvTokens = 0;
          a.held = 0;
          hooks.finish(a, now);
        } else running[kept++] = a;
      }
      if (kept < n) tArrival = door.nextS();
      running.length = kept;
      continue;
    }
    const ready = !pending && (running.length > 0 || waitHead < waiting.length);
    if (tArrival < Infinity && (!ready || tArrival <= now)) {
      // A request reaches the scheduler (simulate's arrive, then Instance.deliver).
      const passed = door.step();
      tArrival = door.nextS();
      if (passed === null) continue;
      const rec = records[passed.id];
      const tS = passed.atS;
      if (tS !== rec.serverArrivalS) rec.frontendDoneS = tS;
      routed++;
      waiting.push(activeFor(rec));
      if (!pending) {
        if (running.length === 0) now = Math.max(now, tS);
        continue;
      }
      if (!p.cuttable || tS >= p.horizonS || tS >= p.endS) continue;
      p.horizonS = tS;
      const firstGap = cost(plan);
      const count = Math.min(p.count, Math.max(1, Math.ceil((tS - p.startS) / firstGap - 1e-9)));
      if (count >= p.count) continue;
      p.count = count;
      p.gapS = runGap(count);
      p.endS = p.startS + count * p.gapS;
      continue;
    }
    if (!ready) break;
    // The next iteration starts (Instance.start): admission, then the plan.
    const horizonS = door.horizonS();
    let blockedBy: 'batch' | 'memory' | null = null;
    while (waitHead < waiting.length) {
      const a = waiting[waitHead];
      const footprint = a.rec.promptTokens - a.cached + a.rec.outputTokens;
      if (!probe.has(footprint)) {
        // Can never fit: rejected now rather than block the queue forever.
        if (a.rec.admitS < 0) a.rec.admitS = now;
        waitHead++;
        hooks.reject(a, now);
        tArrival = door.nextS();
        continue;
      }
      if (running.length >= maxBatch) {
        blockedBy = 'batch';
        break;
      }
      if (!probe.has(reserved + footprint)) {
        blockedBy = 'memory';
        break;
      }
      a.held = footprint;
      reserved += a.held;
      if (a.rec.admitS < 0) a.rec.admitS = now;
      a.order = admissions++;
      running.push(a);
      waitHead++;
    }
    if (waitHead > 1024 && waitHead * 2 > waiting.length) {
      waiting.splice(0, waitHead);
      waitHead = 0;
    }
    if (running.length === 0) {
      if (waitHead < waiting.length) throw new Error('engine invariant: an instance with nothing running left requests waiting');
      continue;
    }
    peakBatch = Math.max(peakBatch, running.length);
    peakKvReserved = Math.max(peakKvReserved, reserved);
    const waitingCount = waiting.length - waitHead;
    plan = planIteration(running, budget, chunked);
    p.plan = plan;
    pending = true;
    p.startS = now;
    p.blocked = blockedBy;
    p.waitingCount = waitingCount;
    p.horizonS = horizonS;
    if (plan.prefillTokens > 0) {
      p.gapS = cost(plan);
      p.count = 1;
      p.endS = now + p.gapS;
      p.decodeRun = false;
      p.cuttable = false;
      continue;
    }
    let count = plan.minRemaining;
    const cuttable = waitingCount === 0 && running.length < maxBatch;
    if (cuttable && horizonS < Infinity) {
      const firstGap = cost(plan);
      count = Math.min(count, Math.max(1, Math.ceil((horizonS - now) / firstGap - 1e-9)));
    }
    p.gapS = runGap(count);
    p.count = count;
    p.endS = now + count * p.gapS;
    p.decodeRun = true;
    p.cuttable = cuttable;
  }
  return { log, blocked, peakBatch, peakKvReserved, routed };
}
