import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SweepAxis, SweepPoint } from '../engine/sweep';
import type { Scenario } from '../engine/types';
import type { Settings } from '../settings/schema';
import { simulate } from '../engine/simulate';
import { scenarioFromSettings } from '../settings/scenario';
import { mainResultOf } from './payload';
import { sweepAxisFor } from './sweepAxis';
import type { MainResult, RunRequest, WorkerReply } from './protocol';

/** A finished or growing sweep, tagged with the request it belongs to. */
export interface SweepState {
  id: number;
  axis: 'users' | 'rate';
  points: SweepPoint[];
  total: number;
  done: boolean;
}

/** Results derived from the settings by the worker. Nothing here is set by hand. */
export interface SimState {
  /** Id of the newest request sent. */
  requestedId: number;
  /** The newest main run received (may lag `requestedId` while the worker runs), with the settings it ran. */
  main: { id: number; result: MainResult; settings: Settings } | null;
  /** The sweep being built for the shown main run. */
  sweep: SweepState | null;
  /** The last complete sweep (kept on screen, marked stale, while a new one is built). */
  lastFullSweep: SweepState | null;
  /** Why the current settings cannot run, or null. */
  error: { id: number; param: string; message: string } | null;
  /**
   * A main run in the worker expected to take long (≥ `SLOW_RUN_MS`), while it
   * runs: the page says so and offers to stop it. Null otherwise.
   */
  slow: { id: number; predictedMs: number; startedAt: number } | null;
}

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
const HEAVY_POINT_MS = 250;

/** Per-event cost assumed before any run was measured, ms: a default run (~3,000 events) fits in half a frame. */
const PRIOR_MS_PER_EVENT = 0.002;

/** The part of a Worker the client uses. */
export interface WorkerLike {
  postMessage(message: RunRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerReply>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** How the client runs simulations. */
export interface SimClientOptions {
  /** Makes a fresh worker, so a long run can be stopped by replacing its worker (none: runs are never cut short). */
  createWorker?: () => WorkerLike;
  /**
   * Runs the main simulation on the page, skipping the worker round trip,
   * while main runs have recently taken less than this many ms (a smoothed
   * average, fed by the worker's timings too, and reset by `warmUp`). 0 sends
   * everything to the worker.
   * The sweep always runs in the worker.
   */
  inlineBudgetMs?: number;
  /** Marks `lab:first-result` on the page's timeline with the first result (the main client; default true). */
  markFirstResult?: boolean;
}

/**
 * Sends settings to the simulation worker and keeps the newest replies.
 * Stale replies are dropped: a main run older than the one shown, and sweep
 * points that do not belong to the shown run. A main run cheaper than a frame
 * may run on the page itself (see `inlineBudgetMs`); the worker's copy of it
 * is then dropped as stale.
 */
export function createSimClient(firstWorker: WorkerLike, options: SimClientOptions = {}) {
  const inlineBudgetMs = options.inlineBudgetMs ?? 0;
  const markFirst = options.markFirstResult ?? true;
  const markFirstResult = () => {
    if (markFirst && !store.getState().main && typeof performance !== 'undefined') performance.mark('lab:first-result');
  };
  // Smoothed cost per estimated event, ms: a run's cost is predicted before it runs,
  // so a huge scenario never runs on the page (the first run used to, with a cost of 0 assumed).
  let msPerEvent = PRIOR_MS_PER_EVENT;
  let measured = false;
  /** The cheapest warm-up run's cost per event, ms (see `warmUp`). */
  let warmPerEvent = Infinity;
  const observeCost = (ms: number, events: number) => {
    const perEvent = ms / Math.max(1, events);
    msPerEvent = measured ? 0.6 * msPerEvent + 0.4 * perEvent : perEvent;
    measured = true;
  };
  /** Estimated events of each request still waiting for its main run from the worker. */
  const eventsOf = new Map<number, number>();
  /** Settings of each request still waiting for its main run. */
  const settingsOf = new Map<number, Settings>();
  /** Replies to requests older than this are dropped (after `clear` or `adopt`). */
  let floorId = 0;
  const store: StoreApi<SimState> = createStore<SimState>()(() => ({ requestedId: 0, main: null, sweep: null, lastFullSweep: null, error: null, slow: null }));
  let nextId = 1;
  let worker = firstWorker;
  /** The request the worker is (or will be) running as its main run, and since when. */
  let inWorker: { id: number; predictedMs: number; since: number } | null = null;
  /** The run whose sweep the worker is building point by point, when each point is slow. */
  let heavySweepOf: number | null = null;

  function onReply(reply: WorkerReply): void {
    const s = store.getState();
    if (reply.id < floorId) return;
    switch (reply.type) {
      case 'main':
      case 'main-cost': {
        const computeMs = reply.type === 'main' ? reply.result.computeMs : reply.computeMs;
        const events = eventsOf.get(reply.id);
        if (events !== undefined) observeCost(computeMs, events);
        const settings = settingsOf.get(reply.id);
        for (const k of eventsOf.keys()) if (k <= reply.id) eventsOf.delete(k);
        for (const k of settingsOf.keys()) if (k <= reply.id) settingsOf.delete(k);
        if (inWorker && inWorker.id <= reply.id) inWorker = null;
        // Its sweep points cost about as much each: a worker busy with them would hold a newer run back.
        heavySweepOf = computeMs >= HEAVY_POINT_MS ? reply.id : null;
        if (s.slow && s.slow.id <= reply.id) store.setState({ slow: null });
        // The page ran it and shows it already.
        if (reply.type === 'main-cost') return;
        if (s.main && reply.id <= s.main.id) return;
        if (reply.id < (s.error?.id ?? 0)) return;
        if (!settings) return;
        markFirstResult();
        store.setState({ main: { id: reply.id, result: reply.result, settings }, sweep: null, error: null });
        return;
      }
      case 'sweep-point': {
        if (s.main?.id !== reply.id) return;
        const prev = s.sweep?.id === reply.id ? s.sweep.points : [];
        const points = prev.slice();
        points[reply.index] = reply.point;
        store.setState({ sweep: { id: reply.id, axis: reply.axis, points, total: reply.total, done: false } });
        return;
      }
      case 'sweep-done': {
        if (heavySweepOf === reply.id) heavySweepOf = null;
        if (s.main?.id !== reply.id || s.sweep?.id !== reply.id) return;
        const done = { ...s.sweep, done: true };
        store.setState({ sweep: done, lastFullSweep: done });
        return;
      }
      case 'error': {
        if (reply.id < s.requestedId) return;
        store.setState({ error: { id: reply.id, param: reply.param, message: reply.message } });
        return;
      }
    }
  }
  const attach = (w: WorkerLike) => {
    w.addEventListener('message', (event) => {
      if (w === worker) onReply(event.data);
    });
    w.addEventListener('error', (event) => {
      if (w !== worker) return;
      const id = store.getState().requestedId;
      store.setState({ slow: null, error: { id, param: 'worker', message: `the simulation stopped (${event.message || 'the worker script failed to load'}); reload the page to try again` } });
    });
  };
  attach(worker);

  /** Replaces the worker (the only way to stop a run in the middle); false when no factory was given. */
  const restartWorker = (): boolean => {
    if (!options.createWorker) return false;
    worker.terminate();
    worker = options.createWorker();
    attach(worker);
    inWorker = null;
    heavySweepOf = null;
    eventsOf.clear();
    settingsOf.clear();
    return true;
  };

  /** True while the worker may still be computing something this client would show. */
  const workerBusy = (): boolean => {
    const { main, sweep, requestedId } = store.getState();
    return inWorker !== null || heavySweepOf !== null || (main !== null && main.id === requestedId && !(sweep?.done && sweep.id === main.id));
  };

  /** Starts a new request id that every older reply is dropped against; stops the worker if it is busy. */
  const freshId = (): number => {
    const id = nextId++;
    floorId = id;
    if (workerBusy()) restartWorker();
    inWorker = null;
    return id;
  };

  return {
    store,
    /**
     * Asks for a run of `settings` (its sweep over `axis` when given, else the
     * curve's own axis); invalid settings become an error without a round trip.
     */
    request(settings: Settings, axis?: SweepAxis, sweepWindow?: 'all' | 'steady'): number {
      const id = nextId++;
      store.setState({ requestedId: id });
      const built = scenarioFromSettings(settings);
      if (!built.ok) {
        store.setState({ error: { id, param: built.param, message: built.message } });
        return id;
      }
      const events = estimatedEvents(built.scenario);
      const predictedMs = events * msPerEvent;
      let ranInline = false;
      let curveAxis: SweepAxis | undefined;
      if (inlineBudgetMs > 0 && predictedMs < inlineBudgetMs) {
        const t0 = performance.now();
        try {
          const result = simulate(built.scenario);
          const ms = performance.now() - t0;
          observeCost(ms, events);
          ranInline = true;
          curveAxis = sweepAxisFor(built.scenario.load, result.metrics);
          markFirstResult();
          store.setState({ main: { id, result: mainResultOf(result, ms), settings }, sweep: null, error: null, slow: null });
        } catch {
          // The worker runs it again and reports the error the same way as always.
        }
      }
      // A long main run still going in the worker would hold this one back: replace the worker.
      const now = performance.now();
      if ((inWorker && (inWorker.predictedMs >= SLOW_RUN_MS || now - inWorker.since >= SLOW_RUN_MS)) || heavySweepOf !== null) restartWorker();
      if (!ranInline) {
        eventsOf.set(id, events);
        settingsOf.set(id, settings);
      }
      inWorker = ranInline ? null : { id, predictedMs, since: now };
      if (!ranInline && predictedMs >= SLOW_RUN_MS) store.setState({ slow: { id, predictedMs, startedAt: Date.now() } });
      else if (store.getState().slow) store.setState({ slow: null });
      const sweepAxis = axis ?? curveAxis;
      const shown = ranInline ? { shown: true } : {};
      worker.postMessage(sweepAxis ? { type: 'run', id, settings, axis: sweepAxis, ...(sweepWindow ? { sweepWindow } : {}), ...shown } : { type: 'run', id, settings, ...shown });
      return id;
    },
    /**
     * One warm-up run on the page (call when the page is idle): runs `settings`, result
     * unused. The engine's code is compiled and optimised over its first runs on a page,
     * which cost several times what later ones do (10 to 20 runs to reach full speed);
     * without warming up, the first changes after load either run cold on the page or make
     * the round trip to the worker, whose reply (thousands of request records) the page
     * must then deserialise. The cheapest warm-up run so far becomes the cost per event
     * the next runs are predicted with (the cold runs before it say nothing about later
     * ones). Skipped for settings that cannot run or are predicted to cost more than
     * `maxMs`. Returns the run's cost, ms, or null when skipped.
     */
    warmUp(settings: Settings, maxMs = 120): number | null {
      if (inlineBudgetMs <= 0) return null;
      const built = scenarioFromSettings(settings);
      if (!built.ok) return null;
      const events = estimatedEvents(built.scenario);
      if (events * msPerEvent > maxMs) return null;
      const t0 = performance.now();
      try {
        simulate(built.scenario);
      } catch {
        return null;
      }
      const ms = performance.now() - t0;
      warmPerEvent = Math.min(warmPerEvent, ms / Math.max(1, events));
      msPerEvent = warmPerEvent;
      measured = true;
      return ms;
    },
    /** The cost of a run of `settings` predicted from the runs so far, ms (Infinity when they cannot run). */
    predictedMs(settings: Settings): number {
      const built = scenarioFromSettings(settings);
      return built.ok ? estimatedEvents(built.scenario) * msPerEvent : Infinity;
    },
    /**
     * Stops the run in progress (by replacing the worker): the results shown
     * stay, marked as not matching the settings, with a note saying why.
     * Returns false when there is nothing to stop or no way to.
     */
    cancel(): boolean {
      const { requestedId, main, slow } = store.getState();
      if (main?.id === requestedId || !restartWorker()) return false;
      const seconds = slow ? Math.max(1, Math.round(slow.predictedMs / 1000)) : null;
      store.setState({
        slow: null,
        error: { id: requestedId, param: 'simulation', message: `stopped before it finished${seconds ? ` (this scenario takes about ${seconds} s to simulate here)` : ''}; fewer requests, a shorter prompt or chunked prefill off run faster` },
      });
      return true;
    },
    /**
     * Forgets every result and drops every reply still to come (the worker is
     * replaced if it is busy): the state is empty, as before any request.
     */
    clear(): void {
      const id = freshId();
      store.setState({ requestedId: id, main: null, sweep: null, lastFullSweep: null, error: null, slow: null });
    },
    /**
     * Shows a result computed elsewhere for `settings` (the same settings give
     * the same run, every run being seeded), with its finished sweep if there
     * is one, as the newest request; replies still to come are dropped.
     */
    adopt(settings: Settings, result: MainResult, sweep: SweepState | null): number {
      const id = freshId();
      const full = sweep?.done ? { ...sweep, id } : null;
      store.setState({ requestedId: id, main: { id, result, settings }, sweep: full, lastFullSweep: full, error: null, slow: null });
      return id;
    },
    dispose(): void {
      worker.terminate();
    },
  };
}

export type SimClient = ReturnType<typeof createSimClient>;
