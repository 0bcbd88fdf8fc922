import { getLabStore } from '../../store';

/** The id of the settings drawer, for the button that opens it (`aria-controls`). */
export const SETTINGS_DRAWER_ID = 'settings-drawer';

/** Opens the settings drawer (it remembers what had focus, and gives focus back when it closes). */
export function openSettings() {
  getLabStore().getState().setSettingsOpen(true);
}
