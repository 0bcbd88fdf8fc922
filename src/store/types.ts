import type { SettingsSlice } from './settingsSlice';
import type { UiSlice } from './uiSlice';

/** The whole lab store: settings plus UI state. Results live in the simulation client, derived from settings. */
export type LabState = SettingsSlice & UiSlice;
