import type { StateCreator } from 'zustand';
import type { SettingNotice } from '../settings/parse';
import type { LabState } from './types';

/** Transient UI state: notices about ignored link parameters. */
export interface UiSlice {
  /** Parameters of the opening link that were ignored, and why. */
  notices: SettingNotice[];
  /** Hides the notice of one parameter. */
  dismissNotice: (param: string) => void;
  dismissAllNotices: () => void;
}

/** Builds the UI slice with the notices of the opening link. */
export function createUiSlice(initialNotices: SettingNotice[]): StateCreator<LabState, [['zustand/subscribeWithSelector', never]], [], UiSlice> {
  return (set) => ({
    notices: initialNotices,
    dismissNotice: (param) => set((state) => ({ notices: state.notices.filter((n) => n.param !== param) })),
    dismissAllNotices: () => set({ notices: [] }),
  });
}
