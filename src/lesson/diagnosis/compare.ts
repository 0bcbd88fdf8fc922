import { fmtMs, fmtReqPerSec, fmtShare } from '../format';
import { CAUSE_WORDS, changeWords, CLOCK_NAMES } from './text';
import type { Clock, ClockCause, ClockReading, Diagnosis } from './types';

/**
 * What a lever changed, computed from the diagnosis of the pinned baseline
 * and of the run now: each clock before → now, the part of the lever's clock
 * that moved most, whether its target is now met, what it cost the other
 * clock, and the run's share in time and goodput.
 */

/** A change smaller than this share reads as "barely moved". */
export const STEADY_SHARE = 0.03;

export interface LeverChange {
  clock: Clock;
  /** The part of `clock` that changed most (by absolute ms), with its values. */
  moved: { id: ClockCause; beforeMs: number; afterMs: number } | null;
  /** The lever's clock: shorter now (by more than `STEADY_SHARE`), longer, or about the same. */
  direction: 'better' | 'worse' | 'same';
  /** Whether the lever's clock now meets its target, and whether it did before. */
  metBefore: boolean;
  metAfter: boolean;
  /** The other clock got worse by more than `STEADY_SHARE`. */
  otherWorse: boolean;
  sentences: string[];
}

const readingOf = (d: Diagnosis, clock: Clock): ClockReading | null => (clock === 'ttft' ? d.ttft : d.tpot);

function directionOf(before: number, after: number): LeverChange['direction'] {
  if (!(before > 0)) return after > before ? 'worse' : 'same';
  const rel = after / before - 1;
  return rel < -STEADY_SHARE ? 'better' : rel > STEADY_SHARE ? 'worse' : 'same';
}

/** The part of a clock whose value changed most between two readings. */
export function mostMoved(before: ClockReading, after: ClockReading): LeverChange['moved'] {
  let best: LeverChange['moved'] = null;
  for (const p of after.parts) {
    const b = before.parts.find((q) => q.id === p.id);
    if (!b) continue;
    if (!best || Math.abs(p.ms - b.ms) > Math.abs(best.afterMs - best.beforeMs)) best = { id: p.id, beforeMs: b.ms, afterMs: p.ms };
  }
  return best;
}

function clockLine(b: ClockReading, a: ClockReading): string {
  return `${CLOCK_NAMES[a.clock]} ${fmtMs(b.valueMs)} → ${fmtMs(a.valueMs)} (${changeWords(a.valueMs, b.valueMs)})`;
}

/** What changed from `before` (the pinned baseline) to `after` (now), for a lever meant to move `clock`. */
export function describeChange(before: Diagnosis, after: Diagnosis, clock: Clock): LeverChange | null {
  const b = readingOf(before, clock);
  const a = readingOf(after, clock);
  if (!b || !a || before.state === 'no-result' || after.state === 'no-result') return null;
  const otherClock: Clock = clock === 'ttft' ? 'tpot' : 'ttft';
  const ob = readingOf(before, otherClock);
  const oa = readingOf(after, otherClock);
  const moved = mostMoved(b, a);
  const direction = directionOf(b.valueMs, a.valueMs);
  const otherWorse = !!(ob && oa && directionOf(ob.valueMs, oa.valueMs) === 'worse');
  const sentences: string[] = [];

  sentences.push(`${clockLine(b, a)}${ob && oa ? `; ${clockLine(ob, oa)}` : ''}.`);
  if (a.targetMs !== null) {
    if (a.met && !b.met) sentences.push(`${CLOCK_NAMES[clock]} now meets its ${fmtMs(a.targetMs)} target (it was ${fmtMs(b.overMs)} over).`);
    else if (!a.met && !b.met) sentences.push(`${CLOCK_NAMES[clock]} still misses its ${fmtMs(a.targetMs)} target, by ${fmtMs(a.overMs)} (it was ${fmtMs(b.overMs)} over).`);
    else if (!a.met && b.met) sentences.push(`${CLOCK_NAMES[clock]} now misses its ${fmtMs(a.targetMs)} target, by ${fmtMs(a.overMs)}.`);
    else sentences.push(`${CLOCK_NAMES[clock]} stays within its ${fmtMs(a.targetMs)} target, with ${fmtShare(a.headroomShare ?? 0)} to spare (was ${fmtShare(b.headroomShare ?? 0)}).`);
  }
  if (moved && Math.abs(moved.afterMs - moved.beforeMs) > 0) {
    const unit = clock === 'tpot' ? ' a token' : '';
    sentences.push(`The part of ${CLOCK_NAMES[clock]} that moved most is ${CAUSE_WORDS[moved.id]}: ${fmtMs(moved.beforeMs)} → ${fmtMs(moved.afterMs)}${unit}.`);
  }
  if (direction === 'worse') sentences.push(`This lever made ${CLOCK_NAMES[clock]} worse here, not better.`);
  if (otherWorse && ob && oa) {
    const tgt = oa.targetMs === null ? '' : oa.met ? ', still within its target' : `, now over its ${fmtMs(oa.targetMs)} target`;
    sentences.push(`It cost the other clock: ${CLOCK_NAMES[otherClock]} rose from ${fmtMs(ob.valueMs)} to ${fmtMs(oa.valueMs)}${tgt}.`);
  }
  sentences.push(`Requests in time: ${fmtShare(before.runMetShare)} → ${fmtShare(after.runMetShare)}; goodput ${fmtReqPerSec(before.goodputReqPerSec)} → ${fmtReqPerSec(after.goodputReqPerSec)}.`);
  return { clock, moved, direction, metBefore: b.met, metAfter: a.met, otherWorse, sentences };
}
