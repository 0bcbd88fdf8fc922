import type { RequestRecord } from '../../engine';
import { formatMs, formatShare, formatTokens } from '../chart/format';
import type { ServerSeries } from './downsample';

/** Range (min, max) of `values` over the buckets covering [fromS, toS]; zeros when none. */
export function rangeOver(series: ServerSeries, values: readonly number[], fromS: number, toS: number): { min: number; max: number } {
  const b0 = Math.max(0, Math.floor((fromS - series.startS) / series.bucketS));
  const b1 = Math.min(values.length - 1, Math.ceil((toS - series.startS) / series.bucketS) - 1);
  let min = Infinity;
  let max = -Infinity;
  for (let b = b0; b <= b1; b++) {
    min = Math.min(min, values[b]);
    max = Math.max(max, values[b]);
  }
  return Number.isFinite(min) ? { min, max } : { min: 0, max: 0 };
}

/** Durations of the representative's phases, ms. */
export function phaseDurationsMs(r: RequestRecord): { queueMs: number; prefillMs: number; decodeMs: number } {
  return {
    queueMs: Math.max(0, (r.prefillStartS - r.serverArrivalS) * 1000),
    prefillMs: Math.max(0, (r.firstTokenServerS - r.prefillStartS) * 1000),
    decodeMs: Math.max(0, (r.lastTokenServerS - r.firstTokenServerS) * 1000),
  };
}

/**
 * What the server view shows, in words: the representative's phases and the
 * state of the server while it decoded, and why its clocks stretched.
 */
export function describeServer(rep: RequestRecord, series: ServerSeries, maxBatch: number, kvCapacityTokens: number, preemptions = 0): string {
  const { queueMs, prefillMs, decodeMs } = phaseDurationsMs(rep);
  const batch = rangeOver(series, series.batch, rep.firstTokenServerS, rep.lastTokenServerS);
  const reserved = rangeOver(series, series.kvReserved, rep.serverArrivalS, rep.lastTokenServerS);
  const waiting = rangeOver(series, series.waiting, rep.serverArrivalS, rep.prefillStartS);
  const batchText = batch.min === batch.max ? `${batch.max}` : `${batch.min} to ${batch.max}`;
  let text =
    `Your request (${formatTokens(rep.promptTokens)} in, ${formatTokens(rep.outputTokens)} out) queued for ${formatMs(queueMs)}, ` +
    `prefilled in ${formatMs(prefillMs)} and decoded for ${formatMs(decodeMs)} in a batch of ${batchText} running requests (limit ${Math.round(maxBatch)}), each decode step shared by all of them.`;
  const fullShare = kvCapacityTokens > 0 ? reserved.max / kvCapacityTokens : 0;
  if (waiting.max > 0 && fullShare >= 0.9) {
    text += ` KV memory was ${formatShare(fullShare)} reserved, so it waited in a queue of up to ${waiting.max} requests until memory freed up.`;
  } else if (waiting.max > 0 && batch.max >= maxBatch) {
    text += ` The batch was full, so it waited in a queue of up to ${waiting.max} requests for a free slot.`;
  } else {
    text += ` KV memory peaked at ${formatShare(fullShare)} reserved.`;
  }
  if (rep.preemptions > 0) {
    const stalledMs = (rep.pausesS ?? []).reduce((sum, t, i, all) => (i % 2 === 1 ? sum + (t - all[i - 1]) * 1000 : sum), 0);
    text += ` The cache ran out while it decoded, so it was preempted ${rep.preemptions === 1 ? 'once' : `${rep.preemptions} times`}: its KV was freed and recomputed later, and its stream stalled for ${formatMs(stalledMs)}.`;
  } else if (preemptions > 0) {
    text += ` ${preemptions === 1 ? 'One request was' : `${preemptions} requests were`} preempted in this window (the newest running request is evicted when the cache is full, then recomputed).`;
  }
  return text;
}
