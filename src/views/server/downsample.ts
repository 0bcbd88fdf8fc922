import type { IterationLog } from '../../engine';

/** The server's state over a time window, one bucket per pixel column at most. */
export interface ServerSeries {
  startS: number;
  bucketS: number;
  /** Largest running batch in each bucket. */
  batch: number[];
  /** Largest queue (requests waiting for admission) in each bucket. */
  waiting: number[];
  /** Largest KV tokens held in each bucket. */
  kvUsed: number[];
  /** Largest KV tokens reserved in each bucket. */
  kvReserved: number[];
  /** Whether any iteration in the bucket prefilled a prompt (it stretches that step for every decoder). */
  prefill: boolean[];
  /** Requests preempted at the start of an iteration in the bucket (paged admission). */
  preempted: number[];
}

/** First log entry that ends after `t` (entries are in time order). */
function firstEndingAfter(endS: readonly number[], t: number): number {
  let lo = 0;
  let hi = endS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (endS[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Downsamples the run-length encoded iteration log to `buckets` equal time
 * buckets over [startS, endS], keeping each bucket's maximum so peaks (a full
 * batch, a spike in KV) survive. Entry i covers (endS − count × gap, endS];
 * between entries the server was idle (all zero). KV used grows by one token
 * per running sequence per decode step, so inside a long decode run it is
 * interpolated back from the entry's end value rather than drawn as a plateau;
 * so is paged memory (`growingReserve`), which is allocated as the tokens come.
 */
export function downsampleLog(log: IterationLog, startS: number, endS: number, buckets: number, growingReserve = false): ServerSeries {
  const n = Math.max(1, Math.floor(Number.isFinite(buckets) ? buckets : 1));
  const spanS = endS > startS ? endS - startS : 1;
  const bucketS = spanS / n;
  const series: ServerSeries = {
    startS,
    bucketS,
    batch: new Array<number>(n).fill(0),
    waiting: new Array<number>(n).fill(0),
    kvUsed: new Array<number>(n).fill(0),
    kvReserved: new Array<number>(n).fill(0),
    prefill: new Array<boolean>(n).fill(false),
    preempted: new Array<number>(n).fill(0),
  };
  const windowEnd = startS + spanS;
  for (let i = firstEndingAfter(log.endS, startS); i < log.endS.length; i++) {
    const entryEnd = log.endS[i];
    const gap = log.gapS[i] > 0 ? log.gapS[i] : 0;
    const entryStart = entryEnd - log.count[i] * gap;
    if (entryStart >= windowEnd) break;
    const from = Math.max(entryStart, startS);
    const to = Math.min(entryEnd, windowEnd);
    const b0 = Math.min(n - 1, Math.max(0, Math.floor((from - startS) / bucketS)));
    const b1 = Math.min(n - 1, Math.max(b0, Math.ceil((to - startS) / bucketS) - 1));
    const decodeRun = log.prefillTokens[i] === 0 && gap > 0;
    for (let b = b0; b <= b1; b++) {
      series.batch[b] = Math.max(series.batch[b], log.batch[i]);
      series.waiting[b] = Math.max(series.waiting[b], log.waiting[i]);
      let kv = log.kvUsedTokens[i];
      let reserved = log.kvReservedTokens[i];
      if (decodeRun) {
        const at = Math.min(entryEnd, startS + (b + 1) * bucketS);
        const grown = log.batch[i] * Math.floor((entryEnd - at) / gap);
        kv -= grown;
        // Paged memory grows with the tokens (block by block); reserved memory stays put.
        if (growingReserve) reserved = Math.max(kv, reserved - grown);
      }
      series.kvReserved[b] = Math.max(series.kvReserved[b], reserved);
      series.kvUsed[b] = Math.max(series.kvUsed[b], kv);
      if (log.prefillTokens[i] > 0) series.prefill[b] = true;
    }
    const preempted = log.preempted?.[i] ?? 0;
    if (preempted > 0 && entryStart >= startS) series.preempted[b0] += preempted;
  }
  return series;
}
