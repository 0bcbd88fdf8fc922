/** What a simulation is predicted to cost on this page, learned from the runs the client has timed. */
import type { Scenario } from '../engine/types';

/** A main run predicted to take at least this long is announced, and can be stopped, ms. */
export const SLOW_RUN_MS = 1000;

/**
 * Rough event count of a scenario's simulation: a few events per request,
 * plus one per prefill chunk with chunked prefill (a 100,000-token prompt in
 * 512-token chunks is ~235 iterations). The cost of a run is about this
 * times a per-event cost the client learns.
 */
export function estimatedEvents(s: Pick<Scenario, 'requests' | 'chunkedPrefill' | 'workload' | 'server'>): number {
  const chunks = s.chunkedPrefill ? Math.ceil((s.workload.promptTokens * (1 + s.workload.spread)) / Math.max(1, s.server.chunkBudgetTokens)) : 1;
  return s.requests * (2 + chunks);
}

/** A sweep point slower than this (judged by its main run) is worth replacing the worker for, ms. */
export const HEAVY_POINT_MS = 250;

/** Per-event cost assumed before any run was measured, ms: a default run (~3,000 events) fits in half a frame. */
const PRIOR_MS_PER_EVENT = 0.002;

/** The client's estimate of a run's cost: a cost per estimated event, smoothed over the runs timed so far. */
export function createCostModel() {
  // Smoothed cost per estimated event, ms: a run's cost is predicted before it runs,
  // so a huge scenario never runs on the page (the first run used to, with a cost of 0 assumed).
  let msPerEvent = PRIOR_MS_PER_EVENT;
  let measured = false;
  /** The cheapest warm-up run's cost per event, ms (see `warmUp`). */
  let warmPerEvent = Infinity;
  return {
    /** Predicted cost of a run of `events` estimated events, ms. */
    predictMs: (events: number): number => events * msPerEvent,
    /** Folds a run that took `ms` for `events` estimated events into the smoothed cost. */
    observe(ms: number, events: number): void {
      const perEvent = ms / Math.max(1, events);
      msPerEvent = measured ? 0.6 * msPerEvent + 0.4 * perEvent : perEvent;
      measured = true;
    },
    /** A warm-up run: the cheapest so far becomes the cost per event (cold runs before it say nothing about later ones). */
    observeWarmUp(ms: number, events: number): void {
      warmPerEvent = Math.min(warmPerEvent, ms / Math.max(1, events));
      msPerEvent = warmPerEvent;
      measured = true;
    },
  };
}
