import { makeLengthSampler, openLoopSendTimes, STREAM } from './arrivals';
import { TimeHeap } from './heap';
import { computeMetrics } from './metrics';
import { isReferenceRequest, referenceLengths } from './reference';
import { pickRepresentative } from './representative';
import { exponential, makeRng } from './rng';
import { DEFAULT_NETWORK_JITTER } from './validate';
import type { IterationLog, LimitTime, RequestRecord, RunResult, Scenario } from './types';
import { validateScenario } from './validate';

/** A request the scheduler holds: its record plus progress counters. */
interface Active {
  rec: RequestRecord;
  /** Prompt tokens already prefilled. */
  prefilled: number;
  /** Output tokens emitted so far (the first comes out of the prefill). */
  generated: number;
  /** KV tokens reserved for its whole life: prompt + output. */
  reserved: number;
  /** Prompt tokens scheduled for prefill in the current iteration. */
  chunk: number;
  /** Decodes one token in the current iteration. */
  decoding: boolean;
}

function emptyLog(): IterationLog {
  return { endS: [], count: [], gapS: [], batch: [], kvUsedTokens: [], kvReservedTokens: [], waiting: [], prefillTokens: [] };
}

/**
 * Simulates a continuous-batching (iteration-level) server, as vLLM and
 * TensorRT-LLM schedule:
 * - FCFS admission while the batch limit and KV memory allow. Admission
 *   reserves the request's whole footprint (prompt + output), like
 *   TensorRT-LLM's guaranteed-no-evict policy, so nothing is ever preempted.
 * - Each iteration prefills admitted prompts (whole, or in chunks under the
 *   profile's token budget with decodes first) and advances every decoding
 *   request by one token. A prefill in the same iteration stretches the
 *   decoders' gap: prefill interference.
 * - Between events the batch is fixed, so a run of identical decode steps is
 *   advanced in one go: cost grows with requests, not tokens. KV grows one
 *   token per sequence per step; a run's step time is taken at its mean KV,
 *   which keeps the run's total exact for costs linear in KV.
 * - One request in fifty is a reference request (see `reference.ts`): the
 *   workload's mean lengths and the mean network delay; the timeline draws one.
 * Times are seconds from the first send. Same scenario → byte-identical result.
 */
export function simulate(scenario: Scenario): RunResult {
  const s = validateScenario(scenario);
  const p = s.server;
  const oneWayS = s.networkRttMs / 2000;
  // Real networks jitter; without it, closed-loop arrivals lock onto the
  // iteration clock and TTFT swings with the step length (an aliasing artefact).
  const jitter = s.networkJitter ?? DEFAULT_NETWORK_JITTER;
  const netRng = makeRng(s.seed, STREAM.network);
  const delayS = (): number => (jitter > 0 ? oneWayS * (1 - jitter) + exponential(netRng, oneWayS * jitter) : oneWayS);
  const chunkBudget = s.chunkedPrefill ? Math.max(p.chunkBudgetTokens, p.maxBatch + 1) : Infinity;
  const nextLengths = makeLengthSampler(s.workload, s.seed);
  const thinkRng = makeRng(s.seed, STREAM.think);

  const records: RequestRecord[] = [];
  const heap = new TimeHeap();
  const send = (sendS: number, userId: number): void => {
    if (records.length >= s.requests) return;
    // Every draw is taken even for a reference request, so the other requests keep theirs.
    const drawn = nextLengths();
    const drawnInS = delayS();
    const drawnOutS = delayS();
    const reference = isReferenceRequest(records.length, s.requests);
    const { promptTokens, outputTokens } = reference ? referenceLengths(s.workload) : drawn;
    const inS = reference ? oneWayS : drawnInS;
    const outS = reference ? oneWayS : drawnOutS;
    const rec: RequestRecord = {
      id: records.length, userId, promptTokens, outputTokens, sendS, networkOutS: outS,
      serverArrivalS: sendS + inS, admitS: -1, prefillStartS: -1,
      firstTokenServerS: -1, lastTokenServerS: -1, completed: false,
      ttftMs: 0, tpotMs: 0, e2eMs: 0, queueMs: 0,
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
  const itlGapS: number[] = [];
  const itlWeight: number[] = [];
  let waiting: Active[] = [];
  let waitHead = 0;
  const running: Active[] = [];
  let kvReserved = 0;
  let kvUsed = 0;
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
    kvReserved -= a.reserved;
    kvUsed -= a.prefilled + a.generated;
    sendNext(r.userId, now + r.networkOutS);
  };

  for (;;) {
    while (heap.size > 0 && heap.peekTime() <= now) {
      const rec = records[heap.pop()];
      waiting.push({ rec, prefilled: 0, generated: 0, reserved: rec.promptTokens + rec.outputTokens, chunk: 0, decoding: false });
    }
    while (waitHead < waiting.length) {
      const a = waiting[waitHead];
      if (a.reserved > p.kvCapacityTokens) {
        // Can never fit: reject it now rather than block the queue forever.
        a.rec.admitS = now;
        waitHead++;
        sendNext(a.rec.userId, now + a.rec.networkOutS);
        continue;
      }
      if (running.length >= p.maxBatch || kvReserved + a.reserved > p.kvCapacityTokens) break;
      a.rec.admitS = now;
      kvReserved += a.reserved;
      running.push(a);
      waitHead++;
    }
    if (waitHead > 1024 && waitHead * 2 > waiting.length) {
      waiting = waiting.slice(waitHead);
      waitHead = 0;
    }
    if (running.length === 0) {
      if (heap.size === 0) break;
      now = heap.peekTime();
      continue;
    }
    peakBatch = Math.max(peakBatch, running.length);
    peakKvReserved = Math.max(peakKvReserved, kvReserved);
    const waitingCount = waiting.length - waitHead;
    const blockedBy = waitingCount === 0 ? null : running.length >= p.maxBatch ? 'batch' : 'memory';

    // Decodes are scheduled first; prefill chunks fill the remaining budget in FCFS order.
    let decodeSeqs = 0;
    let decodeKv = 0;
    let minRemaining = Infinity;
    for (const a of running) {
      a.decoding = a.generated >= 1;
      if (a.decoding) {
        decodeSeqs++;
        decodeKv += a.prefilled + a.generated;
        minRemaining = Math.min(minRemaining, a.rec.outputTokens - a.generated);
      }
    }
    let budget = chunkBudget - (s.chunkedPrefill ? decodeSeqs : 0);
    let prefillTokens = 0;
    let pairs = 0;
    let prefillContext = 0;
    let prefillSeqs = 0;
    for (const a of running) {
      a.chunk = 0;
      if (a.prefilled < a.rec.promptTokens && budget > 0) {
        const chunk = Math.min(a.rec.promptTokens - a.prefilled, budget);
        a.chunk = chunk;
        budget -= chunk;
        prefillTokens += chunk;
        pairs += chunk * (a.prefilled + (chunk + 1) / 2);
        prefillContext += a.prefilled;
        prefillSeqs++;
      }
    }

    const start = now;
    let count = 1;
    let gap: number;
    if (prefillTokens > 0) {
      gap = p.iterationSeconds({ prefillTokens, prefillAttentionPairs: pairs, prefillContextTokens: prefillContext, prefillSeqs, decodeSeqs, decodeKvTokens: decodeKv });
      now += gap;
      for (const a of running) {
        if (a.decoding) {
          a.generated++;
          kvUsed++;
        } else if (a.chunk > 0) {
          if (a.rec.prefillStartS < 0) a.rec.prefillStartS = start;
          a.prefilled += a.chunk;
          kvUsed += a.chunk;
          if (a.prefilled === a.rec.promptTokens) {
            a.generated = 1;
            kvUsed++;
            a.rec.firstTokenServerS = now;
          }
        }
      }
    } else {
      // Pure decode: advance until the first completion, or until an arrival that could be admitted.
      const work = { prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs, decodeKvTokens: decodeKv };
      count = minRemaining;
      if (heap.size > 0 && waitingCount === 0 && running.length < p.maxBatch) {
        const firstGap = p.iterationSeconds(work);
        count = Math.min(count, Math.max(1, Math.ceil((heap.peekTime() - now) / firstGap - 1e-9)));
      }
      work.decodeKvTokens = decodeKv + (decodeSeqs * (count - 1)) / 2;
      gap = p.iterationSeconds(work);
      now += count * gap;
      for (const a of running) a.generated += count;
      kvUsed += decodeSeqs * count;
    }
    if (decodeSeqs > 0) {
      itlGapS.push(gap);
      itlWeight.push(decodeSeqs * count);
    }
    if (blockedBy === 'batch') limits.batchS += now - start;
    else if (blockedBy === 'memory') limits.memoryS += now - start;

    log.endS.push(now);
    log.count.push(count);
    log.gapS.push(gap);
    log.batch.push(running.length);
    log.kvUsedTokens.push(kvUsed);
    log.kvReservedTokens.push(kvReserved);
    log.waiting.push(waitingCount);
    log.prefillTokens.push(prefillTokens);

    let kept = 0;
    for (const a of running) {
      if (a.generated >= a.rec.outputTokens) finish(a);
      else running[kept++] = a;
    }
    running.length = kept;
  }

  const metrics = computeMetrics(records, itlGapS, itlWeight, s.slo);
  return {
    scenario: s,
    requests: records,
    metrics,
    log,
    limits,
    representativeId: pickRepresentative(records, s.requests),
    peakBatch,
    peakKvReservedTokens: peakKvReserved,
  };
}
