import { useMemo } from 'react';
import { liveNumbersOf } from '../../lesson/live';
import type { LiveNumbers } from '../../lesson/types';
import { useDeferredSim, useSim } from '../../workers';

/** `ready`: the numbers belong to the current settings; `running`: a newer run is on its way; `error`: the settings cannot run. */
export type LiveStatus = 'ready' | 'running' | 'error';

/**
 * The live numbers of the run on screen, from the simulation worker's
 * results (the same results the cards read), and whether they are current.
 */
export function useLiveNumbers(): { live: LiveNumbers | null; status: LiveStatus; resultId: number } {
  // The run lags one render behind (deferred, so the readouts paint first); the
  // request it is compared with does not, so a lagging run reads as 'running',
  // never as the answer to settings it was not made for.
  const main = useDeferredSim((s) => s.main);
  const requestedId = useSim((s) => s.requestedId);
  const failed = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  const status: LiveStatus = failed ? 'error' : main?.id === requestedId ? 'ready' : 'running';
  const live = useMemo(() => (main ? liveNumbersOf(main.result) : null), [main]);
  return { live, status, resultId: main?.id ?? 0 };
}
