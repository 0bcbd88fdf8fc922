import type { Settings } from '../../settings/schema';
import type { DiagnosisInput } from './input';
import { leversFor } from './levers';
import type { Clock, ClockCause, ClockPart, ClockReading, Diagnosis, DiagnosisContext } from './types';

/**
 * Which clock is broken. The run is judged as the SLO verdict judges it: the
 * drawn request (the typical request of the run, the one the timeline and
 * the cards show) against each target, inclusive. The run's medians, p95 and
 * the share of requests that missed each target are reported beside it.
 */

/** The part of each clock that is the work itself; the others are time lost to something else. */
const WORK: Record<Clock, ClockCause> = { ttft: 'prefill', tpot: 'pace' };

/**
 * Parts that are time lost waiting on something other than this request's
 * own work, and that a lever can take away: the queue (TTFT) and other
 * requests' prefills, preemption stalls and the KV hand-off (TPOT). The
 * network is a floor set by the distance to the server, so it is blamed only
 * when it is the largest part.
 */
const LOST: ReadonlySet<ClockCause> = new Set<ClockCause>(['queue', 'interference', 'preemption', 'handoff']);

const largest = (parts: readonly ClockPart[]): ClockPart => parts.reduce((a, b) => (b.ms > a.ms ? b : a), parts[0]);

/**
 * The part a missed clock is blamed on. If a part of time lost to waiting
 * would, taken away alone, bring the clock within its target (it is at least
 * the miss), the largest such part is blamed: it is what tipped the request
 * over. Otherwise, and whenever the clock is met, the largest part is.
 */
export function blamedPart(clock: Clock, parts: readonly ClockPart[], overMs: number, met: boolean): ClockCause {
  if (!met) {
    const tipping = parts.filter((p) => LOST.has(p.id) && p.ms > 0 && p.ms >= overMs);
    if (tipping.length > 0) return largest(tipping).id;
  }
  const top = largest(parts);
  // A clock with nothing in it at all (a zero TPOT) is its work.
  return top.ms > 0 ? top.id : WORK[clock];
}

function reading(clock: Clock, valueMs: number, targetMs: number | null, parts: ClockPart[], p50Ms: number, p95Ms: number, missShare: number): ClockReading {
  const met = targetMs === null || valueMs <= targetMs;
  const overMs = targetMs === null ? 0 : valueMs - targetMs;
  const headroomShare = targetMs === null ? null : targetMs > 0 ? (targetMs - valueMs) / targetMs : valueMs > 0 ? -1 : 0;
  return { clock, valueMs, targetMs, met, overMs, headroomShare, p50Ms, p95Ms, missShare, parts, cause: blamedPart(clock, parts, overMs, met) };
}

/** The drawn request's TTFT, part by part, against its target. */
function ttftReading(input: DiagnosisInput): ClockReading {
  const d = input.drawn!;
  const parts: ClockPart[] = [
    { id: 'network', ms: d.networkInMs + d.networkOutMs, medianMs: input.medians.networkMs },
    { id: 'queue', ms: d.queueMs, medianMs: input.medians.queueMs },
    { id: 'prefill', ms: d.prefillMs, medianMs: input.medians.prefillMs },
  ];
  return reading('ttft', d.ttftMs, input.slo.ttftMs, parts, input.metrics.ttftMs.p50, input.metrics.ttftMs.p95, input.missShare.ttft);
}

/** The drawn request's TPOT, per token, part by part (they add up to its TPOT), or null with a single output token. */
function tpotReading(input: DiagnosisInput): ClockReading | null {
  const d = input.drawn!;
  const gaps = d.outputTokens - 1;
  if (gaps < 1) return null;
  const per = (ms: number) => ms / gaps;
  const parts: ClockPart[] = [
    { id: 'pace', ms: per(d.decodePaceMs), medianMs: null },
    { id: 'interference', ms: per(d.prefillInterferenceMs), medianMs: null },
    { id: 'preemption', ms: per(d.preemptionStallMs), medianMs: null },
    { id: 'handoff', ms: per(d.kvWaitMs + d.kvTransferMs + d.decodeQueueMs), medianMs: null },
  ];
  return reading('tpot', d.tpotMs, input.slo.tpotMs, parts, input.metrics.tpotMs.p50, input.metrics.tpotMs.p95, input.missShare.tpot);
}

/** Value over target, as a ratio (how badly a clock misses, comparable between clocks). */
const ratioOf = (r: ClockReading) => (r.targetMs && r.targetMs > 0 ? r.valueMs / r.targetMs : r.met ? 0 : Infinity);

function contextOf(input: DiagnosisInput): DiagnosisContext {
  const d = input.drawn;
  return {
    promptTokens: d?.promptTokens ?? 0,
    outputTokens: d?.outputTokens ?? 0,
    cachedTokens: d?.cachedTokens ?? 0,
    decodeBatch: input.decodeBatch,
    maxBatch: input.maxBatch,
    peakBatch: input.peakBatch,
    batchLimitedS: input.limits.batchS,
    memoryLimitedS: input.limits.memoryS,
    durationS: input.metrics.durationS,
    users: input.load.kind === 'closed' ? input.load.users : null,
    ratePerSec: input.load.kind === 'open' ? input.load.ratePerSec : null,
    gpus: input.gpus,
    gpusPerInstance: input.gpusPerInstance,
  };
}

/**
 * The cause to act on when the drawn request is in time but part of the run
 * is not. TTFT: the slowest 1%'s mean parts, against the target. TPOT: the
 * drawn request's parts, against the run's p95 (the tail of the decode
 * pace is not broken down per request).
 */
function tailCause(clock: Clock, input: DiagnosisInput, r: ClockReading): ClockCause {
  if (clock === 'ttft') {
    const t = input.tail;
    const parts: ClockPart[] = [
      { id: 'network', ms: t.networkMs, medianMs: null },
      { id: 'queue', ms: t.queueMs, medianMs: null },
      { id: 'prefill', ms: t.prefillMs, medianMs: null },
    ];
    return blamedPart('ttft', parts, t.ttftMs - (r.targetMs ?? t.ttftMs), false);
  }
  return blamedPart('tpot', r.parts, r.p95Ms - (r.targetMs ?? r.p95Ms), false);
}

/** Reads the run against its SLO: which clock misses, by how much, why, and the levers that move it. */
export function diagnose(input: DiagnosisInput, settings: Settings): Diagnosis {
  const context = contextOf(input);
  const empty: ClockReading = { clock: 'ttft', valueMs: 0, targetMs: input.slo.ttftMs, met: true, overMs: 0, headroomShare: null, p50Ms: 0, p95Ms: 0, missShare: 0, parts: [], cause: 'prefill' };
  if (!input.drawn) {
    return { state: 'no-result', broken: null, viaE2e: false, ttft: empty, tpot: null, e2e: null, tightest: null, runMetShare: 0, goodputReqPerSec: 0, context, levers: [], cause: null };
  }
  const d = input.drawn;
  const ttft = ttftReading(input);
  const tpot = tpotReading(input);
  const e2eTarget = input.slo.e2eMs;
  const e2e = e2eTarget === null ? null : { valueMs: d.e2eMs, targetMs: e2eTarget, met: d.e2eMs <= e2eTarget };
  const runMetShare = input.metrics.sloMetShare;
  const base = { ttft, tpot, e2e, runMetShare, goodputReqPerSec: input.metrics.goodputReqPerSec, context };
  const judged = [ttft, ...(tpot ? [tpot] : [])].filter((r) => r.targetMs !== null);

  if (judged.length === 0 && e2e === null) return { ...base, state: 'no-targets', broken: null, viaE2e: false, tightest: null, levers: [], cause: null };

  const missed = judged.filter((r) => !r.met);
  if (missed.length > 0 || (e2e && !e2e.met)) {
    let broken: Clock;
    let viaE2e = false;
    if (missed.length > 0) broken = missed.reduce((a, b) => (ratioOf(b) > ratioOf(a) ? b : a)).clock;
    else {
      // Only E2E missed: it is TTFT plus the decode, so act on the larger of the two.
      viaE2e = true;
      broken = tpot && d.decodeMs > d.ttftMs ? 'tpot' : 'ttft';
    }
    const r = broken === 'ttft' ? ttft : tpot!;
    return { ...base, state: 'miss', broken, viaE2e, tightest: null, levers: leversFor(broken, r.cause, context, settings), cause: r.cause };
  }

  if (runMetShare < 1) {
    // In time, but not everyone was: act on the clock that most requests missed.
    const clock: Clock = tpot && input.missShare.tpot > input.missShare.ttft ? 'tpot' : 'ttft';
    const r = clock === 'ttft' ? ttft : tpot!;
    const cause = tailCause(clock, input, r);
    return { ...base, state: 'tail', broken: clock, viaE2e: false, tightest: null, levers: leversFor(clock, cause, context, settings), cause };
  }

  const tight = judged.length > 0 ? judged.reduce((a, b) => ((b.headroomShare ?? Infinity) < (a.headroomShare ?? Infinity) ? b : a)) : null;
  return {
    ...base,
    state: 'met',
    broken: null,
    viaE2e: false,
    tightest: tight?.clock ?? null,
    levers: tight ? leversFor(tight.clock, tight.cause, context, settings) : [],
    cause: tight?.cause ?? null,
  };
}
