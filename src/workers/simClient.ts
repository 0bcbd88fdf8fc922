import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SweepPoint } from '../engine/sweep';
import type { Settings } from '../settings/schema';
import { simulate } from '../engine/simulate';
import { scenarioFromSettings } from '../settings/scenario';
import { mainResultOf } from './payload';
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
  /** The newest main run received (may lag `requestedId` while the worker runs). */
  main: { id: number; result: MainResult } | null;
  /** The sweep being built for the shown main run. */
  sweep: SweepState | null;
  /** The last complete sweep (kept on screen, marked stale, while a new one is built). */
  lastFullSweep: SweepState | null;
  /** Why the current settings cannot run, or null. */
  error: { id: number; param: string; message: string } | null;
}

/** The part of a Worker the client uses. */
export interface WorkerLike {
  postMessage(message: RunRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerReply>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
  terminate(): void;
}

/** How the client runs simulations. */
export interface SimClientOptions {
  /**
   * Runs the main simulation on the page, skipping the worker round trip,
   * while main runs have recently taken less than this many ms (a smoothed
   * average, fed by the worker's timings too). 0 sends everything to the worker.
   * The sweep always runs in the worker.
   */
  inlineBudgetMs?: number;
}

/**
 * Sends settings to the simulation worker and keeps the newest replies.
 * Stale replies are dropped: a main run older than the one shown, and sweep
 * points that do not belong to the shown run. A main run cheaper than a frame
 * may run on the page itself (see `inlineBudgetMs`); the worker's copy of it
 * is then dropped as stale.
 */
export function createSimClient(worker: WorkerLike, options: SimClientOptions = {}) {
  const inlineBudgetMs = options.inlineBudgetMs ?? 0;
  // Smoothed cost of a main run, ms; starts optimistic and follows measurements.
  let mainCostMs = 0;
  const observeCost = (ms: number) => {
    mainCostMs = mainCostMs === 0 ? ms : 0.6 * mainCostMs + 0.4 * ms;
  };
  const store: StoreApi<SimState> = createStore<SimState>()(() => ({ requestedId: 0, main: null, sweep: null, lastFullSweep: null, error: null }));
  let nextId = 1;

  function onReply(reply: WorkerReply): void {
    const s = store.getState();
    switch (reply.type) {
      case 'main': {
        observeCost(reply.result.computeMs);
        if (s.main && reply.id <= s.main.id) return;
        if (reply.id < (s.error?.id ?? 0)) return;
        if (!s.main && typeof performance !== 'undefined') performance.mark('lab:first-result');
        store.setState({ main: { id: reply.id, result: reply.result }, sweep: null, error: null });
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
  worker.addEventListener('message', (event) => onReply(event.data));
  worker.addEventListener('error', (event) => {
    const id = store.getState().requestedId;
    store.setState({ error: { id, param: 'worker', message: `the simulation stopped (${event.message || 'the worker script failed to load'}); reload the page to try again` } });
  });

  return {
    store,
    /** Asks for a run of `settings`; invalid settings become an error without a round trip. */
    request(settings: Settings): number {
      const id = nextId++;
      store.setState({ requestedId: id });
      const built = scenarioFromSettings(settings);
      if (!built.ok) {
        store.setState({ error: { id, param: built.param, message: built.message } });
        return id;
      }
      if (inlineBudgetMs > 0 && mainCostMs < inlineBudgetMs) {
        const t0 = performance.now();
        try {
          const result = simulate(built.scenario);
          const ms = performance.now() - t0;
          observeCost(ms);
          if (!store.getState().main && typeof performance !== 'undefined') performance.mark('lab:first-result');
          store.setState({ main: { id, result: mainResultOf(result, ms) }, sweep: null, error: null });
        } catch {
          // The worker runs it again and reports the error the same way as always.
        }
      }
      worker.postMessage({ type: 'run', id, settings });
      return id;
    },
    dispose(): void {
      worker.terminate();
    },
  };
}

export type SimClient = ReturnType<typeof createSimClient>;
