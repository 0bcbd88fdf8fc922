import { useDeferredValue } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { PIN_KEY } from '../settings/pin';
import type { Settings } from '../settings/schema';
import { getLabStore } from '../store';
import { heldWorker, lazyWorker } from './lazyWorker';
import type { MainResult } from './protocol';
import { syncPinnedRuns } from './pinnedRuns';
import { createSimClient, type SimClient } from './simClient';
import type { SimState, SweepState } from './simClientTypes';

export type { SimState, SweepState } from './simClientTypes';
export type { EdgeState } from './edgeState';
export { SLOW_RUN_MS } from './runCost';
export type { MainResult, RepresentativeRequest, ScenarioSummary, ServerSummary } from './protocol';

let client: SimClient | null = null;
let releaseFirstWorker: (() => void) | null = null;
let pinnedClient: SimClient | null = null;

const makeWorker = () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-sim' });

/**
 * Main runs predicted to cost less than this run on the page, ms. Measured on a 2-core
 * machine: a change that goes through the worker paints its readouts 35 to 55 ms after
 * the key press (the run, then deserialising a thousand request records, then the
 * render), one that runs on the page 25 to 35 ms, so a run of up to a frame is
 * still quicker on the page.
 */
const INLINE_BUDGET_MS = 16;

/** The app's simulation client: one worker, fed by every settings change of the app store. */
export function getSimClient(): SimClient {
  if (client) return client;
  const first = heldWorker(() => {
    performance.mark('lab:worker-start');
    return makeWorker();
  });
  const c = createSimClient(first, { inlineBudgetMs: INLINE_BUDGET_MS, createWorker: makeWorker });
  const lab = getLabStore();
  // The pinned baseline's runs: always in a worker of their own (made when first needed), so
  // they never hold the page or the main run back; Stop replaces that worker.
  const p = createSimClient(lazyWorker(makeWorker), { inlineBudgetMs: 0, createWorker: makeWorker, markFirstResult: false });
  client = c;
  pinnedClient = p;
  c.request(lab.getState().settings);
  // The sweep's worker waits for the first readouts to paint when the page ran the first run
  // itself (see `afterFirstReadouts`); when it did not (a costly or an invalid setting), the
  // worker is needed now.
  if (c.store.getState().main) {
    releaseFirstWorker = first.release;
    // Should no view ever show the readouts, the curve still comes.
    setTimeout(first.release, 2000);
  } else first.release();
  // Before the main subscription: a pinAndApply pins the result the main client still shows.
  syncPinnedRuns(lab, c, p);
  lab.subscribe((s) => s.settings, (settings) => c.request(settings));
  warmUpWhenIdle(c, () => lab.getState().settings);
  return c;
}

/**
 * Warm-up runs on the page. V8 takes 10 to 20 runs of the engine to reach full speed
 * (the default run: about 25 ms cold, 2 to 5 ms warm), and their costs are too noisy
 * to tell reliably when it got there, so the count is fixed.
 */
const WARM_UP_RUNS = 12;
/** Idle time a warm-up run waits for (or for its predicted cost, when less), ms. */
const WARM_UP_ROOM_MS = 10;

/**
 * Once the first curve is in, runs the current settings on the page while it is
 * idle, one run per idle period that has room for it, `WARM_UP_RUNS` times, so
 * the first changes a student makes run warm on the page instead of cold, or in
 * the worker. Marks `lab:warm` on the page's timeline when done
 * (`scripts/measure-ui.mjs` waits for it).
 */
function warmUpWhenIdle(c: SimClient, settingsNow: () => Settings): void {
  if (typeof requestIdleCallback !== 'function') return;
  let runs = 0;
  const finish = () => performance.mark('lab:warm');
  const step = (deadline: IdleDeadline) => {
    const settings = settingsNow();
    // Wait for an idle period with room for the run, so it does not hold up a frame; while
    // something animates, idle periods are the rest of a frame (at most ~16 ms), so the first,
    // cold runs may overrun one by some milliseconds rather than wait for ever.
    if (!deadline.didTimeout && deadline.timeRemaining() < Math.min(WARM_UP_ROOM_MS, c.predictedMs(settings))) return requestIdleCallback(step, { timeout: 500 });
    const ms = c.warmUp(settings);
    if (ms === null) return finish();
    if (++runs >= WARM_UP_RUNS) return finish();
    requestIdleCallback(step, { timeout: 500 });
  };
  const stop = c.store.subscribe((s) => {
    if (!s.lastFullSweep) return;
    stop();
    requestIdleCallback(step, { timeout: 500 });
  });
}

/**
 * Called by the view that shows the readouts once it has committed them: starts the sweep's
 * worker after that frame has painted (once; later calls do nothing).
 */
export function afterFirstReadouts(): void {
  const release = releaseFirstWorker;
  releaseFirstWorker = null;
  if (release) whenPainted(release);
}

/** The pinned baseline's simulation client (results of `pinned`, derived like the main run's). */
export function getPinnedSimClient(): SimClient {
  getSimClient();
  return pinnedClient!;
}

/** Selects one value of the simulation results. */
export function useSim<T>(selector: (state: SimState) => T): T {
  return useStore(getSimClient().store, selector);
}

let afterPaint: StoreApi<SimState> | null = null;

/** Runs `fn` once the frame being prepared has been painted (a task after the next animation frame). */
export const whenPainted = (fn: () => void): void => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => afterOtherTasks(fn));
  else setTimeout(fn, 0);
};

/** The part of the Prioritized Task Scheduling API used here (not in every browser yet). */
interface TaskScheduler {
  postTask(fn: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Runs `fn` in a task of background priority where the browser has one, so a key press or
 * pointer move waiting behind it (the next step of a drag) is handled first; a plain task otherwise.
 */
const afterOtherTasks = (fn: () => void): void => {
  const scheduler = (globalThis as { scheduler?: Partial<TaskScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function') void scheduler.postTask(fn, { priority: 'background' });
  else setTimeout(fn, 0);
};

/**
 * The simulation state, copied over only after the frame that shows a change
 * has been painted. Views below the fold read this copy, so the first frame
 * after a new result lays out and paints the stage alone (verdict, readouts,
 * timeline); the charts below follow a frame later. Without it their commit
 * could land in the same frame and hold the readouts back.
 */
function afterPaintStore(): StoreApi<SimState> {
  if (afterPaint) return afterPaint;
  const source = getSimClient().store;
  const copy = createStore<SimState>()(() => source.getState());
  let queued = false;
  source.subscribe(() => {
    if (queued) return;
    queued = true;
    whenPainted(() => {
      queued = false;
      copy.setState(source.getState(), true);
    });
  });
  afterPaint = copy;
  return copy;
}

/**
 * Like `useSim`, but for views below the fold: the value arrives after the
 * stage has painted it (see `afterPaintStore`), and React may render it
 * later still (`useDeferredValue`) without blocking input.
 */
export function useDeferredSim<T>(selector: (state: SimState) => T): T {
  return useDeferredValue(useStore(afterPaintStore(), selector));
}

/** Selects one value of the pinned baseline's simulation state. */
export function usePinnedSim<T>(selector: (state: SimState) => T): T {
  return useStore(getPinnedSimClient().store, selector);
}

/** Where the baseline's result is: nothing pinned, being simulated, shown, or unable to run (see `usePinnedError`). */
export type PinnedStatus = 'none' | 'running' | 'ready' | 'error';

/** The pinned result only when it belongs to the pin the lab store holds now. */
function pinnedMain(state: SimState, pinned: unknown): SimState['main'] {
  return pinned !== null && state.main !== null && state.main.settings === pinned ? state.main : null;
}

/** The pinned baseline's main run, as `useSim((s) => s.main?.result)` gives the current one; null when nothing is pinned or it has not arrived. */
export function usePinnedResult(): MainResult | null {
  const current = useStore(getLabStore(), (s) => s.pinned);
  return usePinnedSim((s) => pinnedMain(s, current)?.result ?? null);
}

/** The pinned baseline's load sweep (finished or growing), or null. */
export function usePinnedSweep(): SweepState | null {
  const current = useStore(getLabStore(), (s) => s.pinned);
  return usePinnedSim((s) => {
    const main = pinnedMain(s, current);
    if (!main) return null;
    if (s.sweep?.id === main.id) return s.sweep;
    return s.lastFullSweep?.id === main.id ? s.lastFullSweep : null;
  });
}

/** The state of the baseline's run. */
export function usePinnedStatus(): PinnedStatus {
  const current = useStore(getLabStore(), (s) => s.pinned);
  return usePinnedSim((s) => {
    if (current === null) return 'none';
    if (s.error && s.error.id === s.requestedId) return 'error';
    return pinnedMain(s, current) ? 'ready' : 'running';
  });
}

/** Why the baseline cannot run (param prefixed `pin.`), or null. */
export function usePinnedError(): { param: string; message: string } | null {
  const current = useStore(getLabStore(), (s) => s.pinned);
  const error = usePinnedSim((s) => (current !== null && s.error && s.error.id === s.requestedId ? s.error : null));
  return error ? { param: error.param.startsWith(`${PIN_KEY}.`) ? error.param : `${PIN_KEY}.${error.param}`, message: error.message } : null;
}
