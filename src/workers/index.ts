import { useDeferredValue } from 'react';
import { useStore } from 'zustand';
import { getLabStore } from '../store';
import { createSimClient, type SimClient, type SimState } from './simClient';

export type { SimState, SweepState } from './simClient';
export { SLOW_RUN_MS } from './simClient';
export type { MainResult, RepresentativeRequest, ScenarioSummary, ServerSummary } from './protocol';

let client: SimClient | null = null;

/** The app's simulation client: one worker, fed by every settings change of the app store. */
export function getSimClient(): SimClient {
  if (client) return client;
  performance.mark('lab:worker-start');
  const makeWorker = () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-sim' });
  // Main runs predicted under half a frame run on the page: no worker round trip before the readouts move.
  const c = createSimClient(makeWorker(), { inlineBudgetMs: 8, createWorker: makeWorker });
  const lab = getLabStore();
  c.request(lab.getState().settings);
  lab.subscribe((s) => s.settings, (settings) => c.request(settings));
  client = c;
  return c;
}

/** Selects one value of the simulation results. */
export function useSim<T>(selector: (state: SimState) => T): T {
  return useStore(getSimClient().store, selector);
}

/**
 * Like `useSim`, but the value may lag one render behind: React paints the
 * readouts and the timeline first, then redraws the heavier charts without
 * blocking input. Use it for views below the fold.
 */
export function useDeferredSim<T>(selector: (state: SimState) => T): T {
  return useDeferredValue(useSim(selector));
}
