import { useStore } from 'zustand';
import { createLabStore, type LabStore } from './createLabStore';
import type { LabState } from './types';

export { createLabStore } from './createLabStore';
export type { LabStore, LabStoreOptions } from './createLabStore';
export type { LabState } from './types';

let singleton: LabStore | null = null;

/** The app's store, bound to `window.location` and `window.history` on first use. */
export function getLabStore(): LabStore {
  singleton ??= createLabStore({ location: window.location, history: window.history, urlWriteIntervalMs: 150 });
  return singleton;
}

/** Selects one value from the app's store; pass `useShallow(...)` for objects. */
export function useLabStore<T>(selector: (state: LabState) => T): T {
  return useStore(getLabStore(), selector);
}
