import { isReferenceRequest } from './reference';
import { percentileSorted } from './stats';
import type { RequestRecord } from './types';

/**
 * The request the timeline draws: among the completed reference requests
 * (the workload's mean lengths, see `reference.ts`), the one closest to the
 * run's median TTFT and median TPOT, distance measured relative to each median
 * (|ttft/medTTFT − 1| + |tpot/medTPOT − 1|); ties go to the lower id. The
 * workload's own request at a typical moment of the run, not a lucky first one
 * or an unlucky tail one. When no reference request completed, every
 * completed request is a candidate. `requests` is the run's request count
 * (which ids are references depends on it). Returns -1 when nothing completed.
 */
export function pickRepresentative(records: readonly RequestRecord[], requests: number = records.length): number {
  const done: RequestRecord[] = [];
  for (let i = 0; i < records.length; i++) if (records[i].completed) done.push(records[i]);
  if (done.length === 0) return -1;
  // Typed arrays filled by a plain loop and sorted natively: no comparator called per pair,
  // and no iterator protocol (`from` with a map function), both slow on a cold page.
  const sortedTtft = new Float64Array(done.length);
  const sortedTpot = new Float64Array(done.length);
  for (let i = 0; i < done.length; i++) {
    sortedTtft[i] = done[i].ttftMs;
    sortedTpot[i] = done[i].tpotMs;
  }
  sortedTtft.sort();
  sortedTpot.sort();
  const medTtft = percentileSorted(sortedTtft, 50);
  const medTpot = percentileSorted(sortedTpot, 50);
  const references: RequestRecord[] = [];
  for (let i = 0; i < done.length; i++) if (isReferenceRequest(done[i].id, requests)) references.push(done[i]);
  const candidates = references.length > 0 ? references : done;
  const rel = (x: number, m: number): number => (m > 0 ? Math.abs(x / m - 1) : Math.abs(x));
  let best = candidates[0];
  let bestScore = Infinity;
  for (let i = 0; i < candidates.length; i++) {
    const r = candidates[i];
    const score = rel(r.ttftMs, medTtft) + rel(r.tpotMs, medTpot);
    if (score < bestScore) {
      best = r;
      bestScore = score;
    }
  }
  return best.id;
}
