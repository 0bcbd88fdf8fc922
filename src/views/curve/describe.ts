import type { LimitingFactor, SweepPoint } from '../../engine';
import { formatMs, formatRate, formatReqPerSec, formatShare, formatTokens, formatTokPerSec, formatUsers } from '../chart/format';

/** The load of a sweep point in words: `16 users` or `2 req/s`. */
export function loadLabel(p: Pick<SweepPoint, 'users' | 'ratePerSec'>): string {
  if (p.users !== null) return formatUsers(p.users);
  if (p.ratePerSec !== null) return formatRate(p.ratePerSec);
  return 'unknown load';
}

/** Label of a limit region: the batch limit, full KV memory, or compute (every step busy, the queue waits for the steps ahead). */
export function limitLabel(factor: Exclude<LimitingFactor, 'none'>, maxBatch: number, kvCapacityTokens: number): string {
  if (factor === 'compute') return 'compute (every step busy)';
  return factor === 'batch' ? `batch limit (${Math.round(maxBatch)})` : `KV memory full (${formatTokens(kvCapacityTokens)})`;
}

/** Why a point beyond capacity has no steady state, in one sentence. */
export function beyondCapacityText(p: SweepPoint): string {
  const offered = p.ratePerSec !== null && Number.isFinite(p.ratePerSec) ? `of the ${formatRate(p.ratePerSec)} offered` : 'of requests all sent at once';
  return `beyond capacity: the server finished ${formatReqPerSec(p.metrics.requestsPerSec)} ${offered}, so the queue grew for as long as the run sent; this point measures a finite run filling and draining, not a steady state, and moves with the number of requests`;
}

/** The readout of one point: what the hover / keyboard focus shows. */
export function describeCurvePoint(p: SweepPoint, maxBatch: number): { heading: string; lines: string[] } {
  const m = p.metrics;
  const lines = [
    `system ${formatTokPerSec(m.outputTokPerSec)} (${formatReqPerSec(m.requestsPerSec)})`,
    `goodput ${formatReqPerSec(m.goodputReqPerSec)} (${formatShare(m.sloMetShare)} of requests within SLO)`,
    `TTFT p50 ${formatMs(m.ttftMs.p50)}, p95 ${formatMs(m.ttftMs.p95)}`,
    `TPOT p50 ${formatMs(m.tpotMs.p50)}, p95 ${formatMs(m.tpotMs.p95)}`,
    `batch peaked at ${Math.round(p.peakBatch)} of ${Math.round(maxBatch)}`,
  ];
  if (p.batchLimitedShare >= 0.01) lines.push(`requests waited for a batch slot ${formatShare(p.batchLimitedShare)} of the run`);
  if (p.memoryLimitedShare >= 0.01) lines.push(`requests waited for KV memory ${formatShare(p.memoryLimitedShare)} of the run`);
  if ((m.preemptions ?? 0) > 0) lines.push(`${m.preemptions} preemptions (KV freed, recomputed)`);
  if (p.limitingFactor === 'compute') lines.push(`held back by compute: neither the batch limit nor KV memory held requests back, every step was busy (median wait for a first token ${formatMs(m.ttftMs.p50)})`);
  if (p.beyondCapacity) lines.push(beyondCapacityText(p));
  lines.push(
    p.window.fallback
      ? `all ${p.window.counted} requests counted: too few for a steady state`
      : `${p.window.kind === 'steady' ? 'steady state' : 'all requests'}: ${p.window.counted} requests counted`,
  );
  return { heading: loadLabel(p), lines };
}

/** One or two sentences that say what the curve shows, for its accessible name. */
export function summarizeCurve(points: readonly SweepPoint[], maxBatch: number, kvCapacityTokens: number): string {
  if (points.length === 0) return 'The throughput curve is still being computed.';
  const first = points[0];
  const last = points[points.length - 1];
  const peak = points.reduce((a, b) => (b.metrics.outputTokPerSec > a.metrics.outputTokPerSec ? b : a));
  let text =
    points.length === 1
      ? `At ${loadLabel(first)} the server produces ${formatTokPerSec(first.metrics.outputTokPerSec)}, with median TTFT ${formatMs(first.metrics.ttftMs.p50)} and median TPOT ${formatMs(first.metrics.tpotMs.p50)}.`
      : `From ${loadLabel(first)} to ${loadLabel(last)}, system throughput goes from ${formatTokPerSec(first.metrics.outputTokPerSec)} to ${formatTokPerSec(last.metrics.outputTokPerSec)} (peak ${formatTokPerSec(peak.metrics.outputTokPerSec)} at ${loadLabel(peak)}), ` +
        `while median TTFT goes from ${formatMs(first.metrics.ttftMs.p50)} to ${formatMs(last.metrics.ttftMs.p50)} and median TPOT from ${formatMs(first.metrics.tpotMs.p50)} to ${formatMs(last.metrics.tpotMs.p50)}.`;
  const limited = points.find((p) => p.limitingFactor !== 'none');
  if (limited && limited.limitingFactor !== 'none') {
    text += ` From ${loadLabel(limited)} requests queue behind the ${limitLabel(limited.limitingFactor, maxBatch, kvCapacityTokens)}.`;
  }
  const beyond = points.find((p) => p.beyondCapacity);
  if (beyond) {
    text += ` From ${loadLabel(beyond)} the offered rate is beyond what the server finishes (${formatReqPerSec(beyond.metrics.requestsPerSec)}): the queue grows for as long as the run sends, so those points (drawn hollow) measure a finite run filling and draining; their throughput can fall or rise with the rate and with the run's length.`;
  }
  return text;
}
