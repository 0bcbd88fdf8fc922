import type { PinSlice } from './pinSlice';
import type { SettingsSlice } from './settingsSlice';
import type { UiSlice } from './uiSlice';

/** The whole lab store: settings, the pinned baseline and UI state. Results live in the simulation clients, derived from settings. */
export type LabState = SettingsSlice & PinSlice & UiSlice;
