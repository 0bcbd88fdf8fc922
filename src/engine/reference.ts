import type { Workload } from './types';

/**
 * Reference requests: one request in every `REFERENCE_EVERY` of a run is sent
 * at the workload's exact mean lengths and with the network's mean delay each
 * way (RTT / 2). They are ordinary requests in every other respect: they queue,
 * batch and decode with the rest. The timeline draws one of them, so an idle
 * run shows the workload's own request (the lesson's 800 in / 1,500 out report
 * at about 45 s) rather than a random draw around it, while a busy run still
 * shows what that request meets under load. The means of the run do not move:
 * the mean length is the mean.
 */
export const REFERENCE_EVERY = 50;

/**
 * Whether request `id` (0-based send order) of a run of `requests` is a
 * reference request: ids 25, 75, 125, … (every 50th, starting mid-way into
 * the first 50, after a closed loop's start-up burst), or the middle request
 * of a run shorter than that.
 */
export function isReferenceRequest(id: number, requests: number): boolean {
  const offset = Math.min(REFERENCE_EVERY / 2, Math.floor((Math.max(1, requests) - 1) / 2));
  return id >= offset && (id - offset) % REFERENCE_EVERY === 0;
}

/** The lengths of a reference request: the workload's means, rounded to whole tokens (at least 1). */
export function referenceLengths(workload: Workload): { promptTokens: number; outputTokens: number } {
  return { promptTokens: Math.max(1, Math.round(workload.promptTokens)), outputTokens: Math.max(1, Math.round(workload.outputTokens)) };
}
