import { makeLengthSampler, openLoopSendTimes, STREAM } from './arrivals';
import { TimeHeap } from './heap';
import { computeMetrics, meetsSlo } from './metrics';
import { pickRepresentative } from './representative';
import { exponential, makeRng } from './rng';
import { activeFor, isPrefilling, type Active } from './scheduler/active';
import { schedulerConfig } from './scheduler/config';
import { Deque } from './scheduler/deque';
import { pagedKv, reserveKv } from './scheduler/kv';
import { isDecoding, planIteration, TokenBudget } from './scheduler/plan';
import { windowedItl, type ItlLog } from './scheduler/itl';
import { DEFAULT_NETWORK_JITTER, validateScenario } from './validate';
import { endAtClientS, selectWindow } from './window';
import type { IterationLog, LimitTime, RequestRecord, RunResult, Scenario, Slo } from './types';

/**
 * Batches not mixed: decoders that sat through prompt iterations get one long
 * gap for this step's first token (their wait plus the step), ending at
 * `firstStepEndS`. Returns how many there were, so the normal entry leaves
 * their first step out.
 */
function recordWaits(running: readonly Active[], gap: number, firstStepEndS: number, itl: ItlLog): number {
  const byWait = new Map<number, number>();
  for (const a of running) {
    if (!a.decoding || a.waitedS <= 0) continue;
    byWait.set(a.waitedS, (byWait.get(a.waitedS) ?? 0) + 1);
    a.waitedS = 0;
  }
  let moved = 0;
  for (const [wait, n] of byWait) {
    itl.gapS.push(wait + gap);
    itl.weight.push(n);
    itl.endS.push(firstStepEndS);
    itl.count.push(1);
    moved += n;
  }
  return moved;
}

/**
 * What the server delivered in (fromS, toS]: output tokens emitted (decode
 * steps ending inside, plus first tokens; server clock), answers completed at
 * the client, and those that met the SLO.
 */
function steadyRates(records: readonly RequestRecord[], itl: ItlLog, fromS: number, toS: number, slo: Slo): { outputTokens: number; completed: number; good: number } {
  let outputTokens = 0;
  for (const wgt of windowedItl(itl, fromS, toS, true).weight) outputTokens += wgt;
  let completed = 0;
  let good = 0;
  for (const r of records) {
    if (r.firstTokenServerS > fromS && r.firstTokenServerS <= toS) outputTokens++;
    const end = endAtClientS(r);
    if (r.completed && end > fromS && end <= toS) {
      completed++;
      if (meetsSlo(r, slo)) good++;
    }
  }
  return { outputTokens, completed, good };
}

function emptyLog(): IterationLog {
  return { endS: [], count: [], gapS: [], batch: [], kvUsedTokens: [], kvReservedTokens: [], waiting: [], prefillTokens: [], preempted: [], decodeSeqs: [] };
}

/**
 * Simulates a continuous-batching (iteration-level) server, as vLLM,
 * TensorRT-LLM and SGLang schedule:
 * - FCFS admission while the batch limit and KV memory allow. `reserve`
 *   holds a request's whole footprint (prompt + output) from admission on,
 *   so nothing is ever preempted. `paged` holds KV blocks as tokens are
 *   computed; before each iteration every decoding request needs room for
 *   its next token, and when there is none the newest running request is
 *   preempted (KV freed, back to the front of the queue, prompt and tokens so
 *   far recomputed when it is admitted again). No request is admitted in an
 *   iteration that preempted (vLLM V1 does the same).
 * - Each iteration advances every decoding request by one token and fills
 *   the rest of the token budget with prefill: chunks of prompts when chunked,
 *   whole prompts otherwise (see `TokenBudget`). A prefill in the same
 *   iteration stretches the decoders' gap: prefill interference.
 * - Between events the batch is fixed, so a run of identical decode steps is
 *   advanced in one go: cost grows with requests and preemptions, not tokens.
 *   KV grows one token per sequence per step; a run's step time is taken at
 *   its mean KV, which keeps the run's total exact for costs linear in KV.
 * Metrics count the scenario's measurement window (default every request).
 * Times are seconds from the first send. Same scenario → byte-identical result.
 */
export function simulate(scenario: Scenario): RunResult {
  const s = validateScenario(scenario);
  const p = s.server;
  const cfg = schedulerConfig(s);
  const paged = cfg.admission === 'paged';
  const kv = paged ? pagedKv(p.kvCapacityTokens, cfg.blockTokens, cfg.watermark) : reserveKv(p.kvCapacityTokens);
  const oneWayS = s.networkRttMs / 2000;
  // Real networks jitter; without it, closed-loop arrivals lock onto the
  // iteration clock and TTFT swings with the step length (an aliasing artefact).
  const jitter = s.networkJitter ?? DEFAULT_NETWORK_JITTER;
  const netRng = makeRng(s.seed, STREAM.network);
  const delayS = (): number => (jitter > 0 ? oneWayS * (1 - jitter) + exponential(netRng, oneWayS * jitter) : oneWayS);
  const nextLengths = makeLengthSampler(s.workload, s.seed);
  const thinkRng = makeRng(s.seed, STREAM.think);

  const records: RequestRecord[] = [];
  const heap = new TimeHeap();
  const send = (sendS: number, userId: number): void => {
    if (records.length >= s.requests) return;
    const { promptTokens, outputTokens } = nextLengths();
    const inS = delayS();
    const outS = delayS();
    const rec: RequestRecord = {
      id: records.length, userId, promptTokens, outputTokens, sendS, networkOutS: outS,
      serverArrivalS: sendS + inS, admitS: -1, prefillStartS: -1,
      firstTokenServerS: -1, lastTokenServerS: -1, completed: false,
      ttftMs: 0, tpotMs: 0, e2eMs: 0, queueMs: 0, preemptions: 0, recomputedTokens: 0, pausesS: null,
    };
    records.push(rec);
    heap.push(rec.serverArrivalS, rec.id);
  };
  const sendNext = (userId: number, clientDoneS: number): void => {
    if (s.load.kind !== 'closed') return;
    const thinkS = s.load.thinkMs > 0 ? exponential(thinkRng, s.load.thinkMs / 1000) : 0;
    send(clientDoneS + thinkS, userId);
  };

  if (s.load.kind === 'closed') {
    for (let u = 0; u < Math.min(s.load.users, s.requests); u++) send(0, u);
  } else if (s.load.kind === 'trace') {
    for (const t of s.load.sendTimesS) send(t, -1);
  } else {
    for (const t of openLoopSendTimes(s.requests, s.load.ratePerSec, s.load.burstiness, s.seed)) send(t, -1);
  }

  const log = emptyLog();
  const limits: LimitTime = { batchS: 0, memoryS: 0 };
  const itl: ItlLog = { gapS: [], weight: [], endS: [], count: [] };
  const waiting = new Deque<Active>();
  const running: Active[] = [];
  let admissions = 0;
  let peakBatch = 0;
  let peakKvReserved = 0;
  let now = 0;

  const finish = (a: Active): void => {
    const r = a.rec;
    r.lastTokenServerS = now;
    r.completed = true;
    r.ttftMs = (r.firstTokenServerS + r.networkOutS - r.sendS) * 1000;
    r.e2eMs = (r.lastTokenServerS + r.networkOutS - r.sendS) * 1000;
    r.tpotMs = r.outputTokens > 1 ? (r.e2eMs - r.ttftMs) / (r.outputTokens - 1) : 0;
    r.queueMs = (r.prefillStartS - r.serverArrivalS) * 1000;
    kv.release(a);
    sendNext(r.userId, now + r.networkOutS);
  };

  /** Frees a running request's KV and sends it back to wait; it recomputes its prompt and tokens so far. */
  const preempt = (a: Active): void => {
    a.rec.preemptions++;
    a.rec.recomputedTokens += a.kvTokens;
    kv.release(a);
    a.prefilled = 0;
    a.target = a.rec.promptTokens + a.generated;
    a.chunk = 0;
    a.decoding = false;
    // Preempted again mid-recompute: the stall still runs from its last token.
    if (a.generated >= 1 && a.pausedAtS < 0) a.pausedAtS = now;
  };

  for (;;) {
    while (heap.size > 0 && heap.peekTime() <= now) waiting.pushBack(activeFor(records[heap.pop()]));

    // Paged: room for every decoder's next token, evicting the newest running requests.
    let preempted = 0;
    if (paged && running.length > 0) {
      const victims: Active[] = [];
      while (running.length > 0 && kv.shortfallForNextToken(running.filter(isDecoding)) > 0) {
        const v = running.pop()!;
        preempt(v);
        victims.push(v);
      }
      // Newest first out of the batch; back in the queue in their original order, ahead of everyone.
      for (const v of victims) waiting.pushFront(v);
      preempted = victims.length;
    }

    let blocked: 'batch' | 'memory' | null = null;
    if (preempted > 0 && running.length > 0) blocked = 'memory';
    else {
      // Paged admission starts a request's prefill in this very iteration, so it needs a share of the budget.
      let meter: TokenBudget | null = null;
      if (paged) {
        let decoders = 0;
        for (const a of running) if (isDecoding(a)) decoders++;
        // The same budget the plan will hand out: decodes take their share only when batches are mixed.
        meter = new TokenBudget(cfg.tokenBudget, cfg.mixedBatches ? decoders : 0, cfg.chunked);
        for (const a of running) if (isPrefilling(a)) meter.take(a.target - a.prefilled);
      }
      while (waiting.length > 0) {
        const a = waiting.at(0)!;
        if (kv.neverFits(a)) {
          // Can never fit: reject it now rather than block the queue forever.
          a.rec.admitS = now;
          waiting.popFront();
          sendNext(a.rec.userId, now + a.rec.networkOutS);
          continue;
        }
        if (running.length >= cfg.maxBatch) {
          blocked = 'batch';
          break;
        }
        if (meter && meter.take(a.target) === 0) break;
        if (!kv.tryAdmit(a, running.length === 0)) {
          blocked = 'memory';
          break;
        }
        if (a.rec.admitS < 0) a.rec.admitS = now;
        a.order = admissions++;
        running.push(a);
        waiting.popFront();
      }
    }
    if (running.length === 0) {
      if (heap.size === 0) break;
      now = heap.peekTime();
      continue;
    }
    peakBatch = Math.max(peakBatch, running.length);
    peakKvReserved = Math.max(peakKvReserved, kv.reservedTokens);
    const waitingCount = waiting.length;

    const plan = planIteration(running, cfg.tokenBudget, cfg.chunked, cfg.mixedBatches);
    const start = now;
    let count = 1;
    let gap: number;
    if (plan.prefillTokens > 0) {
      gap = p.iterationSeconds(plan);
      now += gap;
      for (const a of running) {
        if (a.decoding) {
          a.generated++;
          kv.grow(a, 1);
        } else if (a.chunk === 0 && isDecoding(a)) {
          // Batches not mixed: it waits out this prompt iteration without a token.
          a.waitedS += gap;
        } else if (a.chunk > 0) {
          if (a.rec.prefillStartS < 0) a.rec.prefillStartS = start;
          a.prefilled += a.chunk;
          kv.grow(a, a.chunk);
          if (a.prefilled === a.target) {
            a.generated++;
            kv.grow(a, 1);
            if (a.generated === 1) a.rec.firstTokenServerS = now;
            if (a.pausedAtS >= 0) {
              // The recompute's iteration emits its next token: one long gap in its stream.
              (a.rec.pausesS ??= []).push(a.pausedAtS, now);
              itl.gapS.push(now - a.pausedAtS);
              itl.weight.push(1);
              itl.endS.push(now);
              itl.count.push(1);
              a.pausedAtS = -1;
            }
          }
        }
      }
    } else {
      // Pure decode: advance until the first completion, an arrival that could be admitted, or (paged) a full cache.
      const work = { ...plan };
      count = plan.minRemaining;
      if (preempted > 0) count = 1;
      else if (heap.size > 0 && waitingCount === 0 && running.length < cfg.maxBatch) {
        const firstGap = p.iterationSeconds(work);
        count = Math.min(count, Math.max(1, Math.ceil((heap.peekTime() - now) / firstGap - 1e-9)));
      }
      if (paged) count = kv.decodeStepsAllowed(running, count);
      work.decodeKvTokens = plan.decodeKvTokens + (plan.decodeSeqs * (count - 1)) / 2;
      gap = p.iterationSeconds(work);
      now += count * gap;
      for (const a of running) {
        a.generated += count;
        kv.grow(a, count);
      }
    }
    if (plan.decodeSeqs > 0) {
      const moved = cfg.mixedBatches ? 0 : recordWaits(running, gap, start + gap, itl);
      if (plan.decodeSeqs * count > moved) {
        itl.gapS.push(gap);
        itl.weight.push(plan.decodeSeqs * count - moved);
        itl.endS.push(now);
        itl.count.push(count);
      }
    }
    if (blocked === 'batch') limits.batchS += now - start;
    else if (blocked === 'memory') limits.memoryS += now - start;

    log.endS.push(now);
    log.count.push(count);
    log.gapS.push(gap);
    log.batch.push(running.length);
    log.kvUsedTokens.push(kv.usedTokens);
    log.kvReservedTokens.push(kv.reservedTokens);
    log.waiting.push(waitingCount);
    log.prefillTokens.push(plan.prefillTokens);
    log.preempted.push(preempted);
    log.decodeSeqs.push(plan.decodeSeqs);

    let kept = 0;
    for (const a of running) {
      if (a.generated >= a.rec.outputTokens) finish(a);
      else running[kept++] = a;
    }
    running.length = kept;
  }

  const window = selectWindow(records, s.load, s.window);
  const w = window.report;
  const all = w.kind === 'all' && w.excludedWarmup === 0;
  const gaps = all ? itl : windowedItl(itl, w.fromS, w.toS);
  let metrics;
  if (w.fillS !== null && w.drainS !== null && w.drainS > w.fillS) {
    // Steady: latencies of the requests wholly inside, rates of everything the server did between fill and drain.
    metrics = computeMetrics(window.counted, gaps.gapS, gaps.weight, s.slo, w.drainS - w.fillS, steadyRates(records, itl, w.fillS, w.drainS, s.slo));
  } else {
    metrics = computeMetrics(window.counted, gaps.gapS, gaps.weight, s.slo, all ? undefined : w.toS - w.fromS);
  }
  return {
    scenario: s,
    requests: records,
    metrics,
    window: window.report,
    log,
    limits,
    representativeId: pickRepresentative(window.counted),
    peakBatch,
    peakKvReservedTokens: peakKvReserved,
  };
}
