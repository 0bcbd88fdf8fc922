import { settingsFromQuery } from '../../settings/parse';
import { getLabStore } from '../../store';

/**
 * Puts the lab into a lesson scenario: full settings from the query (keys the
 * query leaves out take their defaults), so a scenario looks the same
 * whatever the student had set before.
 */
export function applyScenario(query: string): void {
  getLabStore().getState().updateSettings(settingsFromQuery(query).settings);
}
