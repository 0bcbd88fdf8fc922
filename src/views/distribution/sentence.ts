import type { RunMetrics, Stats } from '../../engine';
import { formatMs } from '../chart/format';
import { formatMissShare } from '../common/format';

/** Which latency a distribution panel shows. */
export type LatencyMetric = 'ttft' | 'tpot';

const NAME: Record<LatencyMetric, string> = { ttft: 'TTFT', tpot: 'TPOT' };

/** "1 in 100 requests" reads well, but only claims what a sample of ≥ 100 can show. */
function slowestPercent(count: number): string {
  return count >= 100 ? '1 in 100 requests' : 'the slowest 1% of requests';
}

/**
 * One sentence comparing the mean with the tail (p99), from the numbers:
 * a long tail gets "the mean hides the tail", a tight one says so.
 */
export function tailSentenceFor(metric: LatencyMetric, stats: Stats): string {
  const name = NAME[metric];
  if (stats.count === 0) return `No request completed, so there is no ${name} to compare.`;
  const mean = formatMs(stats.mean);
  const p99 = formatMs(stats.p99);
  const ratio = stats.mean > 0 ? stats.p99 / stats.mean : 1;
  const verb = metric === 'ttft' ? 'waits' : 'streams at';
  const who = slowestPercent(stats.count);
  if (ratio >= 2) {
    return metric === 'ttft'
      ? `Mean ${name} is ${mean}, but ${who} ${verb} over ${p99} for its first token: the mean hides the tail.`
      : `Mean ${name} is ${mean}, but ${who} ${verb} ${p99} per token or slower: the mean hides the tail.`;
  }
  if (ratio >= 1.25) {
    return `Mean ${name} is ${mean}; ${who} ${verb} ${metric === 'ttft' ? 'over ' : ''}${p99}${metric === 'tpot' ? ' per token or slower' : ''}, ${ratio.toFixed(1)}× the mean.`;
  }
  const slowest = stats.count >= 100 ? 'the slowest 1 in 100 requests' : 'the slowest 1% of requests';
  return metric === 'ttft'
    ? `Mean ${name} is ${mean} and ${slowest} wait ${p99}: here the tail stays close to the mean.`
    : `Mean ${name} is ${mean} and ${slowest} stream at ${p99} per token: here the tail stays close to the mean.`;
}

/** The sentence of the run's TTFT (the clock the user feels first). */
export function tailSentence(metrics: RunMetrics, metric: LatencyMetric = 'ttft'): string {
  return tailSentenceFor(metric, metric === 'ttft' ? metrics.ttftMs : metrics.tpotMs);
}

/** Share (0..1) of values above the target (a miss is strictly over, as the SLO is inclusive). */
export function missShare(values: readonly number[], targetMs: number): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return 0;
  return finite.filter((v) => v > targetMs).length / finite.length;
}

/** "12% of requests miss the 500 ms TTFT target." */
export function sloSentence(metric: LatencyMetric, values: readonly number[], targetMs: number | null): string | null {
  if (targetMs === null || !Number.isFinite(targetMs)) return null;
  const share = missShare(values, targetMs);
  const target = `${formatMs(targetMs)} ${NAME[metric]} target`;
  return share === 0 ? `Every request meets the ${target}.` : `${formatMissShare(share)} of requests miss the ${target}.`;
}
