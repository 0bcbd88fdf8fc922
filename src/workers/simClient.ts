import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SweepAxis } from '../engine/sweep';
import type { Settings } from '../settings/schema';
// The page's own runs take the one-instance loop only, so the cluster's code stays out of its first JavaScript.
import { simulateSolo } from '../engine/simulateSolo';
import { scenarioFromSettings } from '../settings/scenario';
import { needsSpecMethods, specMethods } from '../settings/specRegistry';
import { poolsPending } from '../settings/poolRegistry';
import { mainResultOf } from './payload';
import { sweepAxisFor } from './sweepAxis';
import type { MainResult, WorkerReply } from './protocol';
import { createCostModel, estimatedEvents, HEAVY_POINT_MS, SLOW_RUN_MS } from './runCost';
import type { SimClientOptions, SimState, SweepState, WorkerLike } from './simClientTypes';
import { nextEdgeState } from './edgeState';
import type { KvCapacityBounds, RunMetrics } from '../engine/types';

/**
 * Sends settings to the simulation worker and keeps the newest replies.
 * Stale replies are dropped: a main run older than the one shown, and sweep
 * points that do not belong to the shown run. A main run cheaper than a frame
 * may run on the page itself (see `inlineBudgetMs`); the worker's copy of it
 * is then dropped as stale.
 */
export function createSimClient(firstWorker: WorkerLike, options: SimClientOptions = {}) {
  const inlineBudgetMs = options.inlineBudgetMs ?? 0;
  const clock = options.now ?? (() => performance.now());
  const markFirst = options.markFirstResult ?? true;
  const markFirstResult = () => {
    if (markFirst && !store.getState().main && typeof performance !== 'undefined') performance.mark('lab:first-result');
  };
  const cost = createCostModel();
  /** Estimated events of each request still waiting for its main run from the worker. */
  const eventsOf = new Map<number, number>();
  /** Settings of each request still waiting for its main run. */
  const settingsOf = new Map<number, Settings>();
  /** Replies to requests older than this are dropped (after `clear` or `adopt`). */
  let floorId = 0;
  const store: StoreApi<SimState> = createStore<SimState>()(() => ({ requestedId: 0, main: null, sweep: null, lastFullSweep: null, error: null, slow: null, edges: null }));
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
        if (events !== undefined) cost.observe(computeMs, events);
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
        store.setState({ main: { id: reply.id, result: reply.result, settings }, sweep: null, error: null, edges: null });
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
      case 'ranges':
      case 'sweep-band':
      case 'sensitivity': {
        const edges = nextEdgeState(s.main?.id, s.edges, reply);
        if (edges) store.setState({ edges });
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
      const specPending = needsSpecMethods(settings) && !specMethods();
      if (specPending || poolsPending(settings)) {
        // Speculative methods and per-pool settings load on first use (the page's first JavaScript stays
        // small); the worker has them already.
        if (specPending) void import('../settings/speculative');
        if (poolsPending(settings)) void import('../settings/pools');
        settingsOf.set(id, settings);
        inWorker = { id, predictedMs: 0, since: clock() };
        worker.postMessage(axis ? { type: 'run', id, settings, axis, ...(sweepWindow ? { sweepWindow } : {}) } : { type: 'run', id, settings });
        return id;
      }
      const built = scenarioFromSettings(settings);
      if (!built.ok) {
        store.setState({ error: { id, param: built.param, message: built.message } });
        return id;
      }
      const events = estimatedEvents(built.scenario);
      const predictedMs = cost.predictMs(events);
      let ranInline = false;
      let curveAxis: SweepAxis | undefined;
      let shownMetrics: RunMetrics | undefined;
      let shownKvBounds: KvCapacityBounds | undefined;
      if (inlineBudgetMs > 0 && predictedMs < inlineBudgetMs) {
        const t0 = clock();
        try {
          // Null for a cluster or a lever: the worker runs it.
          const result = simulateSolo(built.scenario);
          if (result !== null) {
            const ms = clock() - t0;
            cost.observe(ms, events);
            ranInline = true;
            curveAxis = sweepAxisFor(built.scenario.load, result.metrics);
            shownMetrics = result.metrics;
            shownKvBounds = result.kvBounds;
            markFirstResult();
            store.setState({ main: { id, result: mainResultOf(result, ms), settings }, sweep: null, error: null, slow: null, edges: null });
          }
        } catch {
          // The worker runs it again and reports the error the same way as always.
        }
      }
      // A long main run still going in the worker would hold this one back: replace the worker.
      const now = clock();
      if ((inWorker && (inWorker.predictedMs >= SLOW_RUN_MS || now - inWorker.since >= SLOW_RUN_MS)) || heavySweepOf !== null) restartWorker();
      if (!ranInline) {
        eventsOf.set(id, events);
        settingsOf.set(id, settings);
      }
      inWorker = ranInline ? null : { id, predictedMs, since: now };
      if (!ranInline && predictedMs >= SLOW_RUN_MS) store.setState({ slow: { id, predictedMs, startedAt: Date.now() } });
      else if (store.getState().slow) store.setState({ slow: null });
      const sweepAxis = axis ?? curveAxis;
      const shown = ranInline ? { shown: true, pointMetrics: shownMetrics, pointKvBounds: shownKvBounds } : {};
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
      if (cost.predictMs(events) > maxMs) return null;
      const t0 = clock();
      try {
        if (simulateSolo(built.scenario) === null) return null;
      } catch {
        return null;
      }
      const ms = clock() - t0;
      cost.observeWarmUp(ms, events);
      return ms;
    },
    /** The cost of a run of `settings` predicted from the runs so far, ms (Infinity when they cannot run). */
    predictedMs(settings: Settings): number {
      const built = scenarioFromSettings(settings);
      return built.ok ? cost.predictMs(estimatedEvents(built.scenario)) : Infinity;
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
      store.setState({ requestedId: id, main: null, sweep: null, lastFullSweep: null, error: null, slow: null, edges: null });
    },
    /**
     * Shows a result computed elsewhere for `settings` (the same settings give
     * the same run, every run being seeded), with its finished sweep if there
     * is one, as the newest request; replies still to come are dropped.
     */
    adopt(settings: Settings, result: MainResult, sweep: SweepState | null): number {
      const id = freshId();
      const full = sweep?.done ? { ...sweep, id } : null;
      store.setState({ requestedId: id, main: { id, result, settings }, sweep: full, lastFullSweep: full, error: null, slow: null, edges: null });
      return id;
    },
    dispose(): void {
      worker.terminate();
    },
  };
}

export type SimClient = ReturnType<typeof createSimClient>;
