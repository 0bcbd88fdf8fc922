/**
 * Measured against replayed, as the replay cards word it: TTFT, TPOT and E2E
 * at p50/p90/p99 and the two throughputs, each with the replay's ratio to
 * the measurement, and where the two differ most. Pure: the panel and tests
 * read it. (The server in words is replayServer.ts, which the page's entry holds.)
 */
import type { RunMetrics, Stats } from '../../engine/types';
import { formatMs, formatRatio, formatReqPerSec, formatTokPerSec, NO_VALUE } from '../common/format';

/** One compared number. */
export interface ReplayRow {
  key: string;
  /** "p90", "output", "requests". */
  label: string;
  measured: number | null;
  replayed: number | null;
  measuredText: string;
  replayedText: string;
  /** Replayed ÷ measured ("0.42×"), or "—" when either is missing. */
  ratioText: string;
}

/** One card: a metric and its rows. */
export interface ReplayCard {
  key: 'ttft' | 'tpot' | 'e2e' | 'throughput';
  title: string;
  rows: ReplayRow[];
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

function row(key: string, label: string, measured: number | null, replayed: number | null, fmt: (x: number) => string): ReplayRow {
  return {
    key, label, measured, replayed,
    measuredText: finite(measured) ? fmt(measured) : 'no data',
    replayedText: finite(replayed) ? fmt(replayed) : 'no data',
    ratioText: finite(measured) && finite(replayed) && measured > 0 ? formatRatio(replayed / measured) : NO_VALUE,
  };
}

const pct = (s: Stats, p: 'p50' | 'p90' | 'p99'): number | null => (s.count > 0 ? s[p] : null);

/** The four cards: TTFT, TPOT, E2E at p50/p90/p99, then output and request throughput. */
export function replayCards(measured: RunMetrics, replayed: RunMetrics): ReplayCard[] {
  const latency = (key: 'ttft' | 'tpot' | 'e2e', title: string, pick: (m: RunMetrics) => Stats): ReplayCard => ({
    key, title,
    rows: (['p50', 'p90', 'p99'] as const).map((p) => row(`${key}-${p}`, p, pct(pick(measured), p), pct(pick(replayed), p), formatMs)),
  });
  return [
    latency('ttft', 'Time to first token', (m) => m.ttftMs),
    latency('tpot', 'Time per output token', (m) => m.tpotMs),
    latency('e2e', 'End to end', (m) => m.e2eMs),
    {
      key: 'throughput', title: 'Throughput',
      rows: [
        row('output', 'output', measured.outputTokPerSec, replayed.outputTokPerSec, formatTokPerSec),
        row('requests', 'requests', measured.requestsPerSec, replayed.requestsPerSec, formatReqPerSec),
      ],
    },
  ];
}

/**
 * Where measured and replayed differ most: the number of the cards whose
 * larger value is the most times the smaller, worded ("p99 TTFT: measured
 * 1.20 s, replayed 310 ms, 3.9× apart"); null when no number has both sides.
 */
export function largestGap(cards: readonly ReplayCard[]): { key: string; text: string } | null {
  let best: { card: ReplayCard; row: ReplayRow; times: number } | null = null;
  for (const card of cards) {
    for (const r of card.rows) {
      if (!finite(r.measured) || !finite(r.replayed) || r.measured <= 0 || r.replayed <= 0) continue;
      const times = Math.max(r.measured, r.replayed) / Math.min(r.measured, r.replayed);
      if (!best || times > best.times) best = { card, row: r, times };
    }
  }
  if (!best) return null;
  const { card, row: r, times } = best;
  const name = card.key === 'throughput' ? `${r.label} throughput` : `${r.label} ${card.key.toUpperCase()}`;
  const which = card.key === 'throughput' ? (r.replayed! > r.measured! ? 'higher' : 'lower') : r.replayed! > r.measured! ? 'slower' : 'faster';
  return { key: r.key, text: `They differ most in ${name}: measured ${r.measuredText}, replayed ${r.replayedText} (the replay ${formatRatio(times)} ${which}).` };
}
