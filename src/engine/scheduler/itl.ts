import type { Active } from './active';
/**
 * Inter-token gaps as the loop records them: entry i is `count[i]` gaps of
 * `gapS[i]` seconds (one per decode step of a run, ending at `endS[i]`),
 * carrying `weight[i]` tokens in all (decoding sequences × steps).
 */
export interface ItlLog {
  gapS: number[];
  weight: number[];
  endS: number[];
  count: number[];
}

/**
 * The gaps of the steps that end inside [fromS, toS] ((fromS, toS] when
 * `openStart`, for counting a rate over back-to-back spans): a measurement
 * window pools the inter-token gaps of its own span. A run cut by an edge
 * keeps the share of its steps inside, each weighted like the run's average step.
 */
export function windowedItl(log: ItlLog, fromS: number, toS: number, openStart = false): { gapS: number[]; weight: number[] } {
  const gapS: number[] = [];
  const weight: number[] = [];
  const eps = 1e-9;
  for (let i = 0; i < log.gapS.length; i++) {
    const n = log.count[i];
    const g = log.gapS[i];
    const end = log.endS[i];
    // Step k (1..n) ends at end − (n − k) · g.
    const first = openStart
      ? g > 0 ? Math.max(1, Math.floor(n - (end - fromS) / g + eps) + 1) : end > fromS + eps ? 1 : n + 1
      : g > 0 ? Math.max(1, Math.ceil(n - (end - fromS) / g - eps)) : end >= fromS - eps ? 1 : n + 1;
    const last = g > 0 ? Math.min(n, Math.floor(n - (end - toS) / g + eps)) : end <= toS + eps ? n : 0;
    const inside = last - first + 1;
    if (inside <= 0) continue;
    gapS.push(g);
    weight.push((log.weight[i] * inside) / n);
  }
  return { gapS, weight };
}

/**
 * Batches not mixed: decoders that sat through prompt iterations get one long
 * gap for this step's first token (their wait plus the step), ending at
 * `firstStepEndS`. Returns how many there were, so the normal entry leaves
 * their first step out.
 */
export function recordWaits(running: readonly Active[], gap: number, firstStepEndS: number, itl: ItlLog): number {
  const byWait = new Map<number, number>();
  for (const a of running) {
    if (!a.decoding || a.waitedS <= 0) continue;
    byWait.set(a.waitedS, (byWait.get(a.waitedS) ?? 0) + 1);
    a.waitedS = 0;
  }
  let moved = 0;
  for (const [wait, n] of byWait) {
    pushGaps(itl, wait + gap, n, firstStepEndS, 1);
    moved += n;
  }
  return moved;
}

/** Records `count` gaps of `gapS` seconds, ending at `endS`, carrying `weight` tokens. */
export function pushGaps(log: ItlLog, gapS: number, weight: number, endS: number, count: number): void {
  log.gapS.push(gapS);
  log.weight.push(weight);
  log.endS.push(endS);
  log.count.push(count);
}
