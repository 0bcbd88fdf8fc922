import type { RequestRecord } from '../../engine';

/** The phases a lane is drawn in, in time order. `preempted`: evicted from KV memory, waiting and recomputing. */
export type PhaseKind = 'network' | 'queue' | 'prefill' | 'decode' | 'preempted';

/** One phase of a request, in server seconds. */
export interface Phase {
  kind: PhaseKind;
  startS: number;
  endS: number;
}

/** The time window the server view shows, in run seconds. */
export interface TimeWindow {
  startS: number;
  endS: number;
  /** Zero of the time axis: when the representative request was sent. */
  originS: number;
}

/** One-way network time of a request's stream back to the client, s. */
export function networkOutS(r: RequestRecord): number {
  return Math.max(0, r.networkOutS);
}

/**
 * A request's life as phases: network in, queue (waiting for admission and
 * for its first iteration), prefill (to the first token), decode (to the last
 * token, broken by any preemption: evicted, back in the queue, recomputed),
 * network out. Zero-length phases are left out.
 */
export function phasesOf(r: RequestRecord): Phase[] {
  const net = networkOutS(r);
  const decode: Phase[] = [];
  let from = r.firstTokenServerS;
  const pauses = r.pausesS ?? [];
  for (let k = 0; k + 1 < pauses.length; k += 2) {
    decode.push({ kind: 'decode', startS: from, endS: pauses[k] });
    decode.push({ kind: 'preempted', startS: pauses[k], endS: pauses[k + 1] });
    from = pauses[k + 1];
  }
  decode.push({ kind: 'decode', startS: from, endS: r.lastTokenServerS });
  const raw: Phase[] = [
    { kind: 'network', startS: r.sendS, endS: r.serverArrivalS },
    { kind: 'queue', startS: r.serverArrivalS, endS: r.prefillStartS },
    { kind: 'prefill', startS: r.prefillStartS, endS: r.firstTokenServerS },
    ...decode,
    { kind: 'network', startS: r.lastTokenServerS, endS: r.lastTokenServerS + net },
  ];
  return raw.filter((p) => Number.isFinite(p.startS) && Number.isFinite(p.endS) && p.endS > p.startS);
}

/**
 * The window around the representative request: from its send to its last
 * token back at the client, with a margin either side (8% of its life, at
 * least 50 ms) so the neighbours arriving and leaving around it show.
 */
export function windowAround(r: RequestRecord): TimeWindow {
  const end = r.lastTokenServerS + networkOutS(r);
  const marginS = Math.max(0.05, 0.08 * Math.max(0, end - r.sendS));
  return { startS: r.sendS - marginS, endS: end + marginS, originS: r.sendS };
}

/** Overlap in seconds of two intervals. */
function overlapS(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/**
 * Chooses the lanes: the representative plus the neighbours that share the
 * server with it longest (ties: nearest in time, then lower id), at most
 * `maxLanes` in all, one of them preempted in the window if any request was. Neighbours are returned in arrival order; `moreInFlight`
 * counts the requests at the server during the window that were left out.
 */
export function chooseLanes(
  requests: readonly RequestRecord[],
  rep: RequestRecord,
  window: TimeWindow,
  maxLanes: number,
): { neighbours: RequestRecord[]; moreInFlight: number } {
  const inWindow = requests.filter(
    (r) => r.id !== rep.id && r.completed && r.serverArrivalS < window.endS && r.lastTokenServerS > window.startS,
  );
  const score = (r: RequestRecord) => overlapS(r.serverArrivalS, r.lastTokenServerS, rep.serverArrivalS, rep.lastTokenServerS);
  const distance = (r: RequestRecord) => Math.abs(r.serverArrivalS - rep.serverArrivalS);
  const ranked = inWindow
    .map((r) => ({ r, score: score(r), distance: distance(r) }))
    .sort((a, b) => b.score - a.score || a.distance - b.distance || a.r.id - b.r.id);
  const keep = Math.max(0, Math.floor(maxLanes) - 1);
  const chosen = ranked.slice(0, keep).map((x) => x.r);
  // A preemption in the window is the thing to see: keep one preempted lane even if it overlaps less.
  const stalled = (r: RequestRecord) => {
    const p = r.pausesS ?? [];
    for (let k = 0; k + 1 < p.length; k += 2) if (p[k] < window.endS && p[k + 1] > window.startS) return true;
    return false;
  };
  if (keep > 0 && !stalled(rep) && !chosen.some(stalled)) {
    const victim = ranked.slice(keep).find((x) => stalled(x.r));
    if (victim) chosen[chosen.length - 1] = victim.r;
  }
  const neighbours = chosen.sort((a, b) => a.serverArrivalS - b.serverArrivalS || a.id - b.id);
  return { neighbours, moreInFlight: inWindow.length - neighbours.length };
}
