import { percentileSorted } from './stats';
import type { RequestRecord } from './types';

/**
 * The request the timeline draws: among completed requests, the one closest
 * to the run's median TTFT and median TPOT, distance measured relative to each
 * median (|ttft/medTTFT − 1| + |tpot/medTPOT − 1|); ties go to the lower id.
 * A typical request, not a lucky first one or an unlucky tail one.
 * Returns -1 when nothing completed.
 */
export function pickRepresentative(records: readonly RequestRecord[]): number {
  const done = records.filter((r) => r.completed);
  if (done.length === 0) return -1;
  const sortedTtft = done.map((r) => r.ttftMs).sort((a, b) => a - b);
  const sortedTpot = done.map((r) => r.tpotMs).sort((a, b) => a - b);
  const medTtft = percentileSorted(sortedTtft, 50);
  const medTpot = percentileSorted(sortedTpot, 50);
  const rel = (x: number, m: number): number => (m > 0 ? Math.abs(x / m - 1) : Math.abs(x));
  let best = done[0];
  let bestScore = Infinity;
  for (const r of done) {
    const score = rel(r.ttftMs, medTtft) + rel(r.tpotMs, medTpot);
    if (score < bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best.id;
}
