import { useMemo } from 'react';
import { liveNumbersOf } from '../../lesson/live';
import type { LiveNumbers } from '../../lesson/types';
import { useDeferredSim } from '../../workers';

/** `ready`: the numbers belong to the current settings; `running`: a newer run is on its way; `error`: the settings cannot run. */
export type LiveStatus = 'ready' | 'running' | 'error';

/**
 * The live numbers of the run on screen, from the simulation worker's
 * results (the same results the cards read), and whether they are current.
 */
export function useLiveNumbers(): { live: LiveNumbers | null; status: LiveStatus; resultId: number } {
  const main = useDeferredSim((s) => s.main);
  const status = useDeferredSim((s): LiveStatus => (s.error && s.error.id === s.requestedId ? 'error' : s.main?.id === s.requestedId ? 'ready' : 'running'));
  const live = useMemo(() => (main ? liveNumbersOf(main.result) : null), [main]);
  return { live, status, resultId: main?.id ?? 0 };
}
