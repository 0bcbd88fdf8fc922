import { crossoverQuery, type SceneCrossover } from '../lesson/scenes';
import type { SweepPoint } from '../engine/sweep';
import { settingsFromQuery } from '../settings/parse';
import type { RunRequest, WorkerReply } from './protocol';
import type { WorkerLike } from './simClientTypes';

/** A scene's crossover sweeps as they arrive: the base run's, and each method's by id. */
export interface CrossoverState {
  off: SweepPoint[] | null;
  on: Record<string, SweepPoint[]>;
  /** Sweeps finished, of `total` (the base run and every method). */
  done: number;
  total: number;
  /** Why a sweep could not run (the worker's message), or null. */
  error: string | null;
}

/** Nothing swept yet. */
export const emptyCrossover = (spec: SceneCrossover): CrossoverState => ({ off: null, on: {}, done: 0, total: spec.methods.length + 1, error: null });

/**
 * Sweeps the base run and then each method of `spec` over its users in
 * `worker` (the lab's simulation worker: the same runner and sweep as the
 * curve, every request counted as `lab predict` counts them), one after
 * another: the runner keeps only its newest request, so the next is sent
 * when the last is done. Reports every finished sweep; `cancel` stops
 * listening (the caller terminates the worker).
 */
export function runCrossover(spec: SceneCrossover, worker: WorkerLike, report: (state: CrossoverState) => void): { cancel(): void } {
  const order: (string | null)[] = [null, ...spec.methods.map((m) => m.id)];
  let state = emptyCrossover(spec);
  let current = 0;
  let points: SweepPoint[] = [];
  let cancelled = false;
  const send = () => {
    const query = crossoverQuery(spec, order[current]);
    const parsed = settingsFromQuery(query);
    const request: RunRequest = { type: 'run', id: current + 1, settings: parsed.settings, axis: { kind: 'users', values: spec.users }, sweepWindow: 'all' };
    points = [];
    worker.postMessage(request);
  };
  worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
    const reply = event.data;
    if (cancelled || reply.id !== current + 1) return;
    if (reply.type === 'sweep-point') points[reply.index] = reply.point;
    else if (reply.type === 'error') {
      state = { ...state, error: reply.message };
      report(state);
    } else if (reply.type === 'sweep-done') {
      const method = order[current];
      state = method === null ? { ...state, off: points, done: state.done + 1 } : { ...state, on: { ...state.on, [method]: points }, done: state.done + 1 };
      report(state);
      if (++current < order.length) send();
    }
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    if (cancelled) return;
    state = { ...state, error: event.message || 'the simulation worker failed' };
    report(state);
  });
  send();
  return {
    cancel: () => {
      cancelled = true;
    },
  };
}
