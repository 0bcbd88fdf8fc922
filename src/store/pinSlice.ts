import type { StateCreator } from 'zustand';
import { patchSettings } from '../settings/patch';
import type { Settings } from '../settings/schema';
import type { LabState } from './types';

/**
 * A pinned baseline: settings kept aside so the page can show "baseline →
 * now". Its result is derived like the main run's (the pinned simulation
 * client, `usePinnedResult`), never stored here. It lives in the link as
 * `pin=` (see `settings/pin.ts`).
 */
export interface PinSlice {
  /** The baseline's settings, or null when nothing is pinned. */
  pinned: Settings | null;
  /** Pins the current settings as the baseline (replacing any earlier one). */
  pinCurrent: () => void;
  /** Clears the baseline. */
  unpin: () => void;
  /**
   * Pins the current settings, then applies `patch` to the current ones
   * (through `patchSettings`, like `updateSettings`), in one state change
   * (one link write): "try this lever" with the before kept.
   */
  pinAndApply: (patch: Partial<Settings>) => void;
}

/** Builds the pin slice, starting from the link's baseline (or null). */
export function createPinSlice(initial: Settings | null): StateCreator<LabState, [['zustand/subscribeWithSelector', never]], [], PinSlice> {
  return (set) => ({
    pinned: initial,
    pinCurrent: () => set((state) => ({ pinned: { ...state.settings } })),
    unpin: () => set((state) => (state.pinned === null ? state : { pinned: null })),
    pinAndApply: (patch) => set((state) => ({ pinned: { ...state.settings }, settings: patchSettings(state.settings, patch) })),
  });
}
