import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla';
import { subscribeWithSelector } from 'zustand/middleware';
import { settingsFromQuery } from '../settings/parse';
import { createSettingsSlice } from './settingsSlice';
import { createUiSlice } from './uiSlice';
import type { LabState } from './types';
import { urlWithSettings, type HistoryLike, type LocationLike } from './url';

/** Where the store reads its opening link and writes changes; both optional (tests inject fakes). */
export interface LabStoreOptions {
  location?: LocationLike;
  history?: HistoryLike;
}

/** The store with selector subscriptions (`subscribe(selector, listener)`). */
export type LabStore = Mutate<StoreApi<LabState>, [['zustand/subscribeWithSelector', never]]>;

/**
 * A fresh lab store. Settings start from `location.search` through the
 * settings schema (bad values fall back to defaults and become notices); every
 * settings change is written back with `history.replaceState`, keeping query
 * keys the schema does not own.
 */
export function createLabStore(options: LabStoreOptions = {}): LabStore {
  const { location, history } = options;
  const parsed = settingsFromQuery(location?.search ?? '');
  const store = createStore<LabState>()(
    subscribeWithSelector((...a) => ({
      ...createSettingsSlice(parsed.settings)(...a),
      ...createUiSlice(parsed.notices)(...a),
    })),
  );
  if (location && history) {
    store.subscribe(
      (state) => state.settings,
      (settings) => {
        history.replaceState(null, '', urlWithSettings(settings, location));
      },
    );
  }
  return store;
}
