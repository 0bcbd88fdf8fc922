/**
 * Streaming playback as pure functions: given a request's token arrival
 * times, the server's chunk size and a reader's pace, what is on screen at a
 * simulated time. No React, no timers: the panel feeds it a clock.
 */

/** One event on the wire with text: `tokens` tokens, arriving together. */
export interface Chunk {
  index: number;
  /** First token in the chunk (0-based). */
  startToken: number;
  /** One past the last token. */
  endToken: number;
  /** Client arrival, ms after the request was sent: when its last token is ready. */
  arrivalMs: number;
}

export interface PlaybackInput {
  /** Client arrival of each output token, ms after send, ascending. */
  tokenTimesMs: readonly number[];
  /** Tokens the server packs into one streamed chunk (1, 3, 5, …). */
  chunkTokens: number;
  /** Arrival of the first event, which carries no text (a role-only delta), ms; null for none. */
  roleEventMs: number | null;
  /** The reader's pace, tokens per second. */
  readerTokPerSec: number;
}

export interface PlaybackPlan {
  chunks: Chunk[];
  /** `chunks[i].arrivalMs`, kept as an array for binary search every frame. */
  arrivalsMs: number[];
  totalTokens: number;
  roleEventMs: number | null;
  /** The model's first token, ms (what the server could have sent at once). */
  firstTokenMs: number;
  /** TTFT as a client measures it: the first chunk with text, ms. */
  firstContentMs: number;
  /** Arrival of the last chunk: the end of E2E, ms. */
  lastChunkMs: number;
  /** Reader position over time: piecewise linear through these points (tokens read at ms). */
  readerT: number[];
  readerPos: number[];
  /** When the reader has read every token, ms. */
  readerDoneMs: number;
  /** End of the playback: the later of the last chunk and the reader finishing. */
  endMs: number;
}

/** Where the playback is. `waiting`: no text yet; `streaming`: text arriving; `reading`: all sent, reader still going. */
export type Phase = 'waiting' | 'streaming' | 'reading' | 'done';

export interface PlaybackState {
  simMs: number;
  phase: Phase;
  roleEventSeen: boolean;
  chunksVisible: number;
  tokensVisible: number;
  /** Tokens the reader has read (fractional while mid-token). */
  readerTokens: number;
  /** Tokens sent but not yet read. */
  aheadTokens: number;
  /** The reader has caught up and waits for the next chunk. */
  readerWaiting: boolean;
}

/** Splits tokens into chunks of `k`: chunk j holds tokens [jk, jk + k) and leaves when its last token is ready. */
export function chunksOf(tokenTimesMs: readonly number[], chunkTokens: number): Chunk[] {
  const k = Math.max(1, Math.floor(chunkTokens));
  const chunks: Chunk[] = [];
  for (let start = 0; start < tokenTimesMs.length; start += k) {
    const end = Math.min(start + k, tokenTimesMs.length);
    chunks.push({ index: chunks.length, startToken: start, endToken: end, arrivalMs: tokenTimesMs[end - 1] });
  }
  return chunks;
}

/**
 * The reader's path: starts at the first text, reads at a steady pace, and
 * waits whenever it has read everything that arrived.
 */
function readerPath(chunks: readonly Chunk[], tokPerSec: number): { t: number[]; pos: number[] } {
  const t: number[] = [];
  const pos: number[] = [];
  if (chunks.length === 0) return { t, pos };
  const perMs = Math.max(tokPerSec, 1e-6) / 1000;
  let tau = chunks[0].arrivalMs;
  let p = 0;
  t.push(tau);
  pos.push(p);
  for (let j = 0; j < chunks.length; j++) {
    const avail = chunks[j].endToken;
    const nextArrival = j + 1 < chunks.length ? chunks[j + 1].arrivalMs : Infinity;
    const catchUp = tau + (avail - p) / perMs;
    if (catchUp <= nextArrival) {
      t.push(catchUp);
      pos.push(avail);
      if (Number.isFinite(nextArrival)) {
        // Caught up: the reader waits at `avail` until the next chunk lands.
        t.push(nextArrival);
        pos.push(avail);
      }
      tau = nextArrival;
      p = avail;
    } else {
      p += (nextArrival - tau) * perMs;
      tau = nextArrival;
      t.push(tau);
      pos.push(p);
    }
  }
  return { t, pos };
}

/** Everything about a playback that does not depend on the clock. */
export function planPlayback(input: PlaybackInput): PlaybackPlan {
  const chunks = chunksOf(input.tokenTimesMs, input.chunkTokens);
  const { t, pos } = readerPath(chunks, input.readerTokPerSec);
  const firstContentMs = chunks.length > 0 ? chunks[0].arrivalMs : 0;
  const lastChunkMs = chunks.length > 0 ? chunks[chunks.length - 1].arrivalMs : 0;
  const readerDoneMs = t.length > 0 ? t[t.length - 1] : 0;
  return {
    chunks,
    arrivalsMs: chunks.map((c) => c.arrivalMs),
    totalTokens: input.tokenTimesMs.length,
    roleEventMs: input.roleEventMs,
    firstTokenMs: input.tokenTimesMs.length > 0 ? input.tokenTimesMs[0] : 0,
    firstContentMs,
    lastChunkMs,
    readerT: t,
    readerPos: pos,
    readerDoneMs,
    endMs: Math.max(lastChunkMs, readerDoneMs, input.roleEventMs ?? 0),
  };
}

/** Index of the last element ≤ x in ascending `xs`, or −1. */
function lastAtOrBefore(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Tokens read by `simMs`. */
export function readerTokensAt(plan: PlaybackPlan, simMs: number): number {
  const i = lastAtOrBefore(plan.readerT, simMs);
  if (i < 0) return 0;
  if (i >= plan.readerT.length - 1) return plan.readerPos[plan.readerPos.length - 1];
  const t0 = plan.readerT[i];
  const t1 = plan.readerT[i + 1];
  const p0 = plan.readerPos[i];
  const p1 = plan.readerPos[i + 1];
  return t1 > t0 ? p0 + ((p1 - p0) * (simMs - t0)) / (t1 - t0) : p1;
}

/** What is on screen at simulated time `simMs` (ms after the request was sent). */
export function stateAt(plan: PlaybackPlan, simMs: number): PlaybackState {
  const chunksVisible = lastAtOrBefore(plan.arrivalsMs, simMs) + 1;
  const tokensVisible = chunksVisible > 0 ? plan.chunks[chunksVisible - 1].endToken : 0;
  const readerTokens = Math.min(readerTokensAt(plan, simMs), tokensVisible);
  const allSent = chunksVisible === plan.chunks.length;
  const phase: Phase =
    plan.chunks.length === 0 || chunksVisible === 0 ? 'waiting' : !allSent ? 'streaming' : readerTokens < plan.totalTokens - 1e-9 ? 'reading' : 'done';
  return {
    simMs,
    phase: plan.chunks.length === 0 ? 'done' : phase,
    roleEventSeen: plan.roleEventMs !== null && simMs >= plan.roleEventMs,
    chunksVisible,
    tokensVisible,
    readerTokens,
    aheadTokens: Math.max(0, tokensVisible - Math.floor(readerTokens + 1e-9)),
    readerWaiting: phase === 'streaming' && readerTokens >= tokensVisible - 1e-9,
  };
}

/** The clock after `dtWallMs` of real time at `speed`×, stopping at the end. */
export function advance(simMs: number, dtWallMs: number, speed: number, endMs: number): number {
  return Math.min(endMs, simMs + Math.max(0, dtWallMs) * speed);
}

/** The times a step button jumps between: the role event, every chunk, the reader finishing. */
export function eventTimes(plan: PlaybackPlan): number[] {
  const times = [0, ...(plan.roleEventMs === null ? [] : [plan.roleEventMs]), ...plan.chunks.map((c) => c.arrivalMs), plan.readerDoneMs];
  return [...new Set(times)].sort((a, b) => a - b);
}

/** The next event strictly after `simMs`, or the end. */
export function nextEventMs(plan: PlaybackPlan, simMs: number): number {
  return eventTimes(plan).find((t) => t > simMs + 1e-9) ?? plan.endMs;
}

/** The previous event strictly before `simMs`, or 0. */
export function prevEventMs(plan: PlaybackPlan, simMs: number): number {
  const before = eventTimes(plan).filter((t) => t < simMs - 1e-9);
  return before.length > 0 ? before[before.length - 1] : 0;
}
