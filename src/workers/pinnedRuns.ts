import type { LabStore } from '../store/createLabStore';
import { settingsToQuery } from '../settings/parse';
import type { Settings } from '../settings/schema';
import type { SimClient } from './simClient';

const sameSettings = (a: Settings, b: Settings): boolean => settingsToQuery(a) === settingsToQuery(b);

/**
 * Keeps `pinnedClient` simulating the lab store's pinned baseline. Pinning
 * the settings the main client has just run (the usual "Pin this run", and
 * the pin half of `pinAndApply`) adopts that result and its finished sweep
 * at once instead of simulating it again (a sweep still being built is
 * then built again in the pinned worker); any other baseline (a `pin=`
 * link) runs in the pinned client's own worker, off the page's thread and
 * never ahead of the main run. Unpinning clears it and stops its worker.
 * Subscribe this before the main client's own subscription, so a
 * `pinAndApply` still sees the result it pins. Returns the unsubscribe.
 */
export function syncPinnedRuns(lab: LabStore, mainClient: SimClient, pinnedClient: SimClient): () => void {
  const sync = (pinned: Settings | null) => {
    if (!pinned) {
      pinnedClient.clear();
      return;
    }
    const { main, sweep } = mainClient.store.getState();
    if (main && sameSettings(main.settings, pinned)) {
      const fullSweep = sweep && sweep.id === main.id && sweep.done ? sweep : null;
      pinnedClient.adopt(pinned, main.result, fullSweep);
      if (fullSweep) return;
      // The cards can show the baseline now; its curve comes from its own worker.
    }
    pinnedClient.request(pinned);
  };
  const first = lab.getState().pinned;
  if (first) sync(first);
  return lab.subscribe((s) => s.pinned, sync);
}
