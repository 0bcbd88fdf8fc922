/** What the simulation client keeps, and what it is built from. */
import type { SweepPoint } from '../engine/sweep';
import type { Settings } from '../settings/schema';
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
  /** Clock in ms that times the page's own runs (tests pass a fake one so a busy machine cannot move a decision); default `performance.now`. */
  now?: () => number;
}
