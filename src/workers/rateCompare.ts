import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Settings } from '../settings/schema';
import { lazyWorker } from './lazyWorker';
import { createSimClient, type SimClient } from './simClient';
import type { SimState, SweepState } from './simClientTypes';

let clients: { current: SimClient; baseline: SimClient } | null = null;

const makeWorker = () => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-rates' });

/**
 * The two clients of the goodput-against-rate comparison: the current
 * settings and the pinned ones swept over the same offered rates, each in a
 * worker of its own made on first use (nothing runs until the chart is asked
 * for), so the main run and its curve never wait for them.
 */
function rateClients(): { current: SimClient; baseline: SimClient } {
  clients ??= {
    current: createSimClient(lazyWorker(makeWorker), { createWorker: makeWorker, markFirstResult: false }),
    baseline: createSimClient(lazyWorker(makeWorker), { createWorker: makeWorker, markFirstResult: false }),
  };
  return clients;
}

/** The sweep that belongs to the newest request of a client, finished or growing; null otherwise. */
const sweepOf = (s: SimState): SweepState | null => (s.main && s.main.id === s.requestedId && s.sweep?.id === s.main.id ? s.sweep : null);

/** Stands in for the clients' stores while the comparison is off (hooks must always subscribe to something). */
const idle = createStore<SimState>()(() => ({ requestedId: 0, main: null, sweep: null, lastFullSweep: null, error: null, slow: null, edges: null }));

/**
 * Sweeps `current` and `baseline` over the same offered `rates` while
 * `enabled` (each change of settings or rates asks again; older sweeps are
 * dropped), and gives both sweeps as they fill in.
 */
export function useRateCompare(enabled: boolean, current: Settings, baseline: Settings | null, rates: readonly number[] | null): { current: SweepState | null; baseline: SweepState | null } {
  const on = enabled && baseline !== null && rates !== null && rates.length > 0;
  const c = on ? rateClients() : null;
  const key = rates?.join(',') ?? '';
  useEffect(() => {
    if (!on || !c || !baseline || !rates) return;
    const axis = { kind: 'rate' as const, values: rates };
    // Every request counted (see RunRequest.sweepWindow): a run past its capacity must not look as if it kept up.
    c.current.request(current, axis, 'all');
    c.baseline.request(baseline, axis, 'all');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `rates` is compared by its values (`key`)
  }, [on, c, current, baseline, key]);
  const cur = useStore(c?.current.store ?? idle, sweepOf);
  const base = useStore(c?.baseline.store ?? idle, sweepOf);
  return { current: cur, baseline: base };
}
