import { useEffect, useState } from 'react';
import type { SceneCrossover } from '../lesson/scenes';
import { emptyCrossover, runCrossover, type CrossoverState } from './crossoverRuns';
import { lazyWorker } from './lazyWorker';

const makeWorker = () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-crossover' });

/** Each chart's sweeps, once per page: the settings are fixed, so a second visit to the scene shows them at once. */
const runs = new Map<SceneCrossover, { state: CrossoverState; listeners: Set<(s: CrossoverState) => void> }>();

function start(spec: SceneCrossover) {
  let entry = runs.get(spec);
  if (entry) return entry;
  const created = { state: emptyCrossover(spec), listeners: new Set<(s: CrossoverState) => void>() };
  entry = created;
  runs.set(spec, created);
  const worker = lazyWorker(makeWorker);
  runCrossover(spec, worker, (state) => {
    created.state = state;
    // Its own worker, made for these sweeps: free the thread once they are in (or cannot be).
    if (state.error !== null || state.done === state.total) worker.terminate();
    for (const l of created.listeners) l(state);
  });
  return created;
}

/**
 * A scene's crossover sweeps while `enabled` (started on first use in a
 * worker of their own, so the lab's runs never wait for them), as they
 * arrive; the empty state otherwise.
 */
export function useSceneCrossover(spec: SceneCrossover, enabled: boolean): CrossoverState {
  const [state, setState] = useState<CrossoverState>(() => runs.get(spec)?.state ?? emptyCrossover(spec));
  useEffect(() => {
    if (!enabled) return;
    const entry = start(spec);
    setState(entry.state);
    entry.listeners.add(setState);
    return () => {
      entry.listeners.delete(setState);
    };
  }, [spec, enabled]);
  return state;
}
