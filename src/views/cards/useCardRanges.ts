import { useSim } from '../../workers';
import type { EdgeState } from '../../workers';
import { formatMs, formatTokPerSec } from '../common/format';
import { latencyRangeText, throughputRangeText } from './rangeText';

/** What each card shows under its number: a lead ("Median 320 ms") and the range in words, or null. */
export interface CardRange {
  lead: string;
  text: string | null;
}

/** The shown run's edge runs, only when they belong to it. */
export function useShownEdges(): EdgeState | null {
  return useSim((s) => (s.edges && s.main && s.edges.id === s.main.id ? s.edges : null));
}

/** The ranges the three cards show, from the shown run's edge runs (null before they arrive, and on servers without ranges). */
export function useCardRanges(): { ttft: CardRange; tpot: CardRange; throughput: CardRange } | null {
  const edges = useShownEdges();
  const metrics = useSim((s) => s.main?.result.metrics ?? null);
  if (!edges || !metrics) return null;
  const { ranges, sensitivity } = edges;
  return {
    ttft: { lead: `Median ${formatMs(metrics.ttftMs.p50)}`, text: latencyRangeText(ranges.ttftMs.p50, sensitivity) },
    tpot: { lead: `Median ${formatMs(metrics.tpotMs.p50)}`, text: latencyRangeText(ranges.tpotMs.p50, sensitivity) },
    throughput: { lead: formatTokPerSec(metrics.outputTokPerSec), text: throughputRangeText(ranges.outputTokPerSec, sensitivity) },
  };
}
