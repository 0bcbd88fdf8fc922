import type { StateCreator } from 'zustand';
import { patchSettings } from '../settings/patch';
import { DEFAULT_SETTINGS, type Settings } from '../settings/schema';
import type { LabState } from './types';

/** The lab's settings: the only source of truth; results are derived from them. */
export interface SettingsSlice {
  settings: Settings;
  /**
   * Merges a patch into the settings (values are assumed already validated by
   * the control); targets follow the workload until one is set (`patchSettings`).
   */
  updateSettings: (patch: Partial<Settings>) => void;
  /** Puts every setting back to its default. */
  resetSettings: () => void;
}

/** Builds the settings slice, starting from `initial`. */
export function createSettingsSlice(initial: Settings): StateCreator<LabState, [['zustand/subscribeWithSelector', never]], [], SettingsSlice> {
  return (set) => ({
    settings: initial,
    updateSettings: (patch) =>
      set((state) => {
        const next = patchSettings(state.settings, patch);
        const changed = (Object.keys(next) as (keyof Settings)[]).some((k) => !Object.is(next[k], state.settings[k]));
        return changed ? { settings: next } : state;
      }),
    resetSettings: () => set({ settings: { ...DEFAULT_SETTINGS } }),
  });
}
