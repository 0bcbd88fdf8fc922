import type { StateCreator } from 'zustand';
import type { RunPoint } from '../import/types';
import type { SettingNotice } from '../settings/parse';
import type { LabState } from './types';

/** Transient UI state: notices about ignored link parameters, the real run put next to the simulation, the settings drawer. */
export interface UiSlice {
  /** Parameters of the opening link that were ignored, and why. */
  notices: SettingNotice[];
  /** Hides the notice of one parameter. */
  dismissNotice: (param: string) => void;
  dismissAllNotices: () => void;
  /**
   * The imported or measured run shown in the compare panel, as one point for
   * the throughput curve; null when none. User data (not derived from the
   * settings), kept for this page only: not in the link, not stored.
   */
  importedRun: RunPoint | null;
  setImportedRun: (run: RunPoint | null) => void;
  /** Whether the settings drawer is open (a window too narrow for the settings column); not in the link. */
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
}

/** Builds the UI slice with the notices of the opening link. */
export function createUiSlice(initialNotices: SettingNotice[]): StateCreator<LabState, [['zustand/subscribeWithSelector', never]], [], UiSlice> {
  return (set) => ({
    notices: initialNotices,
    dismissNotice: (param) => set((state) => ({ notices: state.notices.filter((n) => n.param !== param) })),
    dismissAllNotices: () => set({ notices: [] }),
    importedRun: null,
    setImportedRun: (run) => set({ importedRun: run }),
    settingsOpen: false,
    setSettingsOpen: (open) => set({ settingsOpen: open }),
  });
}
