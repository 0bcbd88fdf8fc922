import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Who owns the docked bar at the bottom of the window: a try-it step, a myth's "Show me", a lever tried from the diagnosis, a lever scene's step, or nobody. */
export type DockOwner = 'try-it' | 'myth' | 'diagnose' | 'scene' | null;

const dock = createStore<{ owner: DockOwner; claim: (o: DockOwner) => void; release: (o: DockOwner) => void }>()((set, get) => ({
  owner: null,
  claim: (owner) => set({ owner }),
  release: (owner) => {
    if (get().owner === owner) set({ owner: null });
  },
}));

/** The current owner and the actions; the last one to claim the dock shows there. */
export function useDock() {
  return useStore(dock);
}

/** Outside React (tests, effects). */
export const dockStore = dock;
