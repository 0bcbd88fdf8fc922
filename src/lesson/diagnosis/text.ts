import { fmtChange, fmtMissShare, fmtMs, fmtShare, fmtTimes, fmtTokens } from '../format';
import type { Clock, ClockCause, ClockPart, ClockReading, Diagnosis } from './types';

/**
 * The diagnosis in words. Every number is one the panel shows beside the
 * sentence (the drawn request's clocks and parts, the run's median and p95,
 * shares of requests), formatted as the cards format it.
 */

export const CLOCK_NAMES: Record<Clock, string> = { ttft: 'TTFT', tpot: 'TPOT' };

/** What each clock feels like to a user (the complaint that sends you to it). */
export const CLOCK_FEEL: Record<Clock, string> = {
  ttft: '"it takes forever to start"',
  tpot: '"the text trickles"',
};

/** How each part is named in a sentence. */
export const CAUSE_WORDS: Record<ClockCause, string> = {
  network: 'the network',
  queue: 'the queue',
  prefill: 'prefill',
  pace: 'its own decode pace',
  interference: "other requests' prefills",
  preemption: 'preemption stalls',
  handoff: 'the KV hand-off',
};

/** Short labels for the parts table. */
export const CAUSE_LABELS: Record<ClockCause, string> = {
  network: 'Network, both ways',
  queue: 'Queue wait',
  prefill: 'Prefill',
  pace: 'Own decode pace',
  interference: "Others' prefills",
  preemption: 'Preemption stalls',
  handoff: 'KV hand-off',
};

const part = (r: ClockReading, id: ClockCause): ClockPart | undefined => r.parts.find((p) => p.id === id);
const perToken = (r: ClockReading) => (r.clock === 'tpot' ? ' a token' : '');
const pctOf = (x: number, of: number) => (of > 0 ? fmtShare(x / of) : '–');

/** How far over its target a clock is: "35.5 ms (7.1%) over" below twice the target, "28.1 s over, 57× the target" from there. */
export function overWords(valueMs: number, targetMs: number): string {
  const over = fmtMs(valueMs - targetMs);
  if (!(targetMs > 0)) return `${over} over a target of zero`;
  const ratio = valueMs / targetMs;
  return ratio >= 2 ? `${over} over, ${fmtTimes(ratio)} the target` : `${over} (${fmtShare(ratio - 1)}) over`;
}

/** A change between two values: "−72.6%", "61×" from twice on, "unchanged" within 0.05%. */
export function changeWords(after: number, before: number): string {
  if (before > 0 && after / before >= 2) return `${fmtTimes(after / before)}`;
  if (before > 0 && Math.abs(after / before - 1) < 0.0005) return 'unchanged';
  return fmtChange(after, before);
}

/** "TPOT 80.7 ms against its 50 ms target". */
function against(r: ClockReading): string {
  return `${CLOCK_NAMES[r.clock]} ${fmtMs(r.valueMs)} against ${r.targetMs === null ? 'no target' : `its ${fmtMs(r.targetMs)} target`}`;
}

/** The first line: which clock is broken and by how much, or that none is. */
export function headline(d: Diagnosis): string {
  switch (d.state) {
    case 'no-result':
      return 'No request completed, so there is nothing to diagnose.';
    case 'no-targets':
      return 'No targets are set, so no clock can miss. Set a TTFT or TPOT target to judge this run.';
    case 'miss': {
      const r = d.broken === 'ttft' ? d.ttft : d.tpot!;
      if (d.viaE2e && d.e2e) {
        return `E2E misses: ${fmtMs(d.e2e.valueMs)} against a ${fmtMs(d.e2e.targetMs)} target, and most of it is ${d.broken === 'tpot' ? 'the decode after the first token' : 'the wait for the first token'}, so ${CLOCK_NAMES[r.clock]} is the clock to move.`;
      }
      return `${CLOCK_NAMES[r.clock]} is the broken clock: ${fmtMs(r.valueMs)} against a ${fmtMs(r.targetMs ?? 0)} target, ${overWords(r.valueMs, r.targetMs ?? 0)}.`;
    }
    case 'tail': {
      const r = d.broken === 'ttft' ? d.ttft : d.tpot!;
      // The late share is the rest of the in-time share as the verdict shows it, so the two add to 100%.
      return `The drawn request is in time, but ${fmtMissShare(1 - d.runMetShare)} of requests are not; most of them miss ${CLOCK_NAMES[r.clock]} (${fmtMissShare(r.missShare)} of requests).`;
    }
    case 'met': {
      const t = d.tightest === 'tpot' ? d.tpot! : d.ttft;
      return `Every request meets its targets. ${CLOCK_NAMES[t.clock]} would break first: ${fmtMs(t.valueMs)} of its ${fmtMs(t.targetMs ?? 0)} target, ${fmtShare(t.headroomShare ?? 0)} to spare.`;
    }
  }
}

/** How the run is judged. */
export function basis(): string {
  return "Judged as the SLO verdict judges it: the drawn request (the run's typical request, the one the timeline draws) against each target, inclusive. The run's median and p95 come with it.";
}

/** Why the clock is where it is: the blamed part, with its share and the run's median. */
export function causeSentence(d: Diagnosis): string | null {
  if (d.cause === null || (d.state !== 'miss' && d.state !== 'tail' && d.state !== 'met')) return null;
  const clock: Clock = d.broken ?? d.tightest ?? 'ttft';
  const r = clock === 'ttft' ? d.ttft : d.tpot;
  if (!r) return null;
  const p = part(r, d.cause);
  if (!p) return null;
  const c = d.context;
  const median = p.medianMs !== null ? ` (the run's median: ${fmtMs(p.medianMs)})` : '';
  const share = `${fmtMs(p.ms)}${perToken(r)}, ${pctOf(p.ms, r.valueMs)} of its ${CLOCK_NAMES[clock]}${median}`;
  const tipped = !r.met && p.ms >= r.overMs && d.cause !== 'prefill' && d.cause !== 'pace' && d.cause !== 'network';
  const without = tipped ? ` Without it the drawn request would have been in time.` : '';
  if (d.state === 'tail' && clock === 'ttft') {
    return `The slowest 1% of requests lose most of their wait to ${CAUSE_WORDS[d.cause]}: that is where to act.`;
  }
  switch (d.cause) {
    case 'queue':
      return `Most of the wait is the queue: ${share}, spent waiting for the server to start it behind other requests.${without}`;
    case 'prefill':
      return `Most of the wait is prefill: ${share}, reading all ${fmtTokens(c.promptTokens)} of the prompt${c.cachedTokens > 0 ? ` (${fmtTokens(c.cachedTokens)} of them came from the prefix cache)` : ''} before the first token.`;
    case 'network':
      return `Most of the wait is the network: ${share}, the trip to the server and back.`;
    case 'pace': {
      const batch = Math.round(c.decodeBatch);
      const sharing =
        batch <= 1
          ? 'It had every step to itself: this is the pace at which the hardware streams the weights and one KV cache from memory.'
          : `About ${batch} sequences shared each of its steps (the batch limit is ${c.maxBatch}), and every step streams the weights and all their KV caches from memory.`;
      return `Most of it is its own decode pace: ${share}. ${sharing}`;
    }
    case 'interference':
      return `Other requests' prefills stretched its decode steps: ${share}. At its own pace it would stream at ${fmtMs(part(r, 'pace')?.ms ?? 0)} a token.${without}`;
    case 'preemption':
      return `Preemption stalled its stream: ${share}, while its KV cache was evicted and recomputed.${without}`;
    case 'handoff':
      return `The KV hand-off held up its second token: ${share}, the wait for the link, the transfer and the wait for a decode slot.${without}`;
  }
}

/** What would push the tightest clock over, when every target is met: the pressure on its largest part. */
const PRESSURE: Record<ClockCause, string> = {
  network: 'a server farther from its users adds to every first token, whatever the load',
  queue: 'more traffic lengthens the queue, and the queue grows fastest near saturation',
  prefill: 'a longer prompt lengthens prefill about in proportion',
  pace: 'each sequence added to a step adds its KV cache to what every step reads, so more users or longer contexts slow every token',
  interference: "more long prompts arriving means more prefills stretching everyone's decode steps",
  preemption: 'fuller KV memory evicts more streams',
  handoff: 'more traffic makes KV transfers and decode slots wait longer',
};

/** When all is met: which clock goes first and what would push it there. */
export function breaksFirstSentence(d: Diagnosis): string | null {
  if (d.state !== 'met' || d.tightest === null || d.cause === null) return null;
  const r = d.tightest === 'ttft' ? d.ttft : d.tpot;
  if (!r || r.targetMs === null) return null;
  const pushed = r.valueMs > 0 ? ` It would take ${fmtTimes(r.targetMs / r.valueMs)} its ${CLOCK_NAMES[r.clock]} to miss:` : ' To push it over:';
  return `${pushed} ${PRESSURE[d.cause]}.`.trim();
}

/** The other clock, and the run, in one sentence each. */
export function contextSentences(d: Diagnosis): string[] {
  if (d.state === 'no-result' || d.state === 'no-targets') return [];
  const out: string[] = [];
  const clock = d.broken ?? d.tightest;
  const other = clock === 'ttft' ? d.tpot : d.ttft;
  if (other && other.targetMs !== null) {
    out.push(`${against(other)}: ${other.met ? 'in time' : `also over, by ${fmtMs(other.overMs)}`}.`);
  }
  const r = clock === 'tpot' ? d.tpot : d.ttft;
  if (r) out.push(`Over the run: median ${CLOCK_NAMES[r.clock]} ${fmtMs(r.p50Ms)}, p95 ${fmtMs(r.p95Ms)}; ${fmtShare(d.runMetShare)} of requests met every target.`);
  return out;
}

/** The whole diagnosis as sentences: headline, then why, then context. */
export function diagnosisText(d: Diagnosis): { headline: string; body: string[] } {
  const cause = causeSentence(d);
  const first = breaksFirstSentence(d);
  return { headline: headline(d), body: [...(cause ? [cause] : []), ...(first ? [first] : []), ...contextSentences(d)] };
}
