/**
 * The event loop of the plainest run, in one function: one instance, reserve
 * admission, mixed batches, no lever on (`soloDriver.ts` says which runs).
 * It makes exactly the decisions the cluster driver's `Instance` makes for
 * such a run (same events in the same order, same floating-point operations
 * in the same order), so the result is byte for byte the same;
 * test/engine/solo-loop.test.ts holds the two to that over random scenarios.
 *
 * Why a second driver: a page's first run, and the CLI's, go through the
 * engine while V8 still interprets it, and on a 2-core machine every function
 * that grows hot in that run is compiled by V8's optimising compiler on a
 * background thread the main thread then waits for. Here the state is in
 * local variables and the plan, the log and the door's horizon are written
 * out in the loop: one hot function, not a dozen (the README's "Measuring
 * speed" has the figures).
 */
import { activeFor, type Active } from '../scheduler/active';
import type { PlannedIteration } from '../scheduler/plan';
import { BlockedTime } from './blocked';
import { emptyLog, type SoloParts, type SoloRun } from './types';

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
  // The iteration in flight (`pending` in Instance), field by field.
  let pending = false;
  let pStartS = 0;
  let pCount = 0;
  let pGapS = 0;
  let pEndS = 0;
  let pDecodeRun = false;
  let pBlocked: 'batch' | 'memory' | null = null;
  let pWaitingCount = 0;
  let pCuttable = false;
  let pHorizonS = 0;
  // The plan of the iteration in flight, and a decode run's work (the plan's, its KV at the run's
  // mean, as Instance.runGap takes it): records refilled (a cost reads them and keeps nothing).
  const plan: PlannedIteration = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0, minRemaining: 0 };
  const runWork: PlannedIteration = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: 0, decodeKvTokens: 0, minRemaining: 0 };
  // The door's next event, read again whenever the door may have changed (a step, or a send from a hook).
  let tArrival = door.nextS();
  const instantDoor = door.instant;
  for (;;) {
    if (pending && pEndS <= tArrival) {
      // The iteration in flight ends (Instance.applyPending).
      pending = false;
      now = pEndS;
      let chunks = 0;
      // A request whose first token is its last (it leaves with this iteration).
      let firstTokenEnds = false;
      if (pDecodeRun) {
        const count = pCount;
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
            if (a.rec.prefillStartS < 0) a.rec.prefillStartS = pStartS;
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
        itl.gapS.push(pGapS);
        itl.weight.push(chunks);
        itl.endS.push(pEndS);
        itl.count.push(pCount);
      }
      if (pBlocked !== null) blocked.add(pBlocked, pStartS, pEndS);
      // cluster/types.ts logIteration, written out for the same reason.
      log.endS.push(pEndS);
      log.count.push(pCount);
      log.gapS.push(pGapS);
      log.batch.push(running.length);
      log.kvUsedTokens.push(used);
      log.kvReservedTokens.push(reserved);
      log.waiting.push(pWaitingCount);
      log.prefillTokens.push(plan.prefillTokens);
      log.preempted.push(0);
      log.decodeSeqs.push(plan.decodeSeqs);
      // A run of decode steps shorter than every decoder's remaining output ends no one, and so
      // does an iteration with prefill in it where every decoder has two tokens or more to go.
      if (pDecodeRun ? pCount < plan.minRemaining && plan.decodeSeqs === running.length : plan.minRemaining > 1 && !firstTokenEnds) continue;
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
      if (!pCuttable || tS >= pHorizonS || tS >= pEndS) continue;
      pHorizonS = tS;
      const firstGap = cost(plan);
      const count = Math.min(pCount, Math.max(1, Math.ceil((tS - pStartS) / firstGap - 1e-9)));
      if (count >= pCount) continue;
      pCount = count;
      runWork.decodeKvTokens = plan.decodeKvTokens + (plan.decodeSeqs * (count - 1) * 1) / 2;
      pGapS = cost(runWork);
      pEndS = pStartS + count * pGapS;
      continue;
    }
    if (!ready) break;
    // The next iteration starts (Instance.start): admission, then the plan.
    // With no front-end cost the earliest delivery is the door's next event, already at hand.
    const horizonS = instantDoor ? tArrival : door.horizonS();
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
    // scheduler/plan.ts planIteration (mixed batches), written out: as a call it is one more hot
    // function compiled beside a cold first run (the plan's own compile took 11 ms of a core here).
    let decodeSeqs = 0;
    let decodeKvTokens = 0;
    let minRemaining = Infinity;
    const n = running.length;
    // The first request with prompt tokens left: chunks go out from there (usually a newcomer at the end).
    let firstPrefill = n;
    for (let i = 0; i < n; i++) {
      const a = running[i];
      a.decoding = a.generated >= 1 && a.prefilled >= a.target;
      if (a.decoding) {
        decodeSeqs++;
        decodeKvTokens += a.rec.promptTokens + a.generated;
        const remaining = a.rec.outputTokens - a.generated;
        if (remaining < minRemaining) minRemaining = remaining;
      } else if (firstPrefill === n) firstPrefill = i;
    }
    let left = budget - decodeSeqs;
    let prefills = 0;
    let closed = false;
    let prefillTokens = 0;
    let prefillAttentionPairs = 0;
    let prefillContextTokens = 0;
    let prefillSeqs = 0;
    // Every request before it decodes, and a decoder's chunk is never read (the Instance zeroes it).
    for (let i = firstPrefill; i < n; i++) {
      const a = running[i];
      a.chunk = 0;
      if (a.prefilled >= a.target) continue;
      // TokenBudget.take
      const need = a.target - a.prefilled;
      let chunk = 0;
      if (!closed) {
        chunk = chunked ? Math.min(need, Math.max(0, left)) : need <= left || prefills === 0 ? need : 0;
        if (chunk === 0) closed = true;
        else {
          left -= chunk;
          prefills++;
        }
      }
      if (chunk === 0) continue;
      a.chunk = chunk;
      prefillTokens += chunk;
      prefillAttentionPairs += chunk * (a.cached + a.prefilled + (chunk + 1) / 2);
      prefillContextTokens += a.cached + a.prefilled;
      prefillSeqs++;
    }
    plan.prefillTokens = prefillTokens;
    plan.prefillAttentionPairs = prefillAttentionPairs;
    plan.prefillContextTokens = prefillContextTokens;
    plan.prefillSeqs = prefillSeqs;
    plan.decodeSeqs = decodeSeqs;
    plan.decodeKvTokens = decodeKvTokens;
    plan.minRemaining = minRemaining;
    pending = true;
    pStartS = now;
    pBlocked = blockedBy;
    pWaitingCount = waitingCount;
    pHorizonS = horizonS;
    if (prefillTokens > 0) {
      pGapS = cost(plan);
      pCount = 1;
      pEndS = now + pGapS;
      pDecodeRun = false;
      pCuttable = false;
      continue;
    }
    let count = minRemaining;
    const cuttable = waitingCount === 0 && running.length < maxBatch;
    if (cuttable && horizonS < Infinity) {
      const firstGap = cost(plan);
      count = Math.min(count, Math.max(1, Math.ceil((horizonS - now) / firstGap - 1e-9)));
    }
    // The run's work: the plan's, its KV at the run's mean (the cut above reuses it). A decode run
    // prefills nothing, so the record's prefill fields stay at their 0.
    runWork.decodeSeqs = plan.decodeSeqs;
    runWork.minRemaining = plan.minRemaining;
    runWork.decodeKvTokens = plan.decodeKvTokens + (plan.decodeSeqs * (count - 1) * 1) / 2;
    pGapS = cost(runWork);
    pCount = count;
    pEndS = now + count * pGapS;
    pDecodeRun = true;
    pCuttable = cuttable;
  }
  return { log, blocked, peakBatch, peakKvReserved, routed };
}
