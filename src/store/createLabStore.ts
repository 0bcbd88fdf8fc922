import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla';
import { subscribeWithSelector } from 'zustand/middleware';
import { pageKeyNotices } from '../settings/pageKeys';
import { settingsFromQuery } from '../settings/parse';
import type { Settings } from '../settings/schema';
import { throttleLatest } from './throttle';
import { createSettingsSlice } from './settingsSlice';
import { createUiSlice } from './uiSlice';
import type { LabState } from './types';
import { urlWithSettings, type HistoryLike, type LocationLike } from './url';

/** Where the store reads its opening link and writes changes; both optional (tests inject fakes). */
export interface LabStoreOptions {
  location?: LocationLike;
  history?: HistoryLike;
  /**
   * Least time between two URL writes, ms. The first change is written at
   * once; while a slider is dragged the rest are coalesced (browsers throttle
   * frequent replaceState calls). 0 (the default) writes every change synchronously.
   */
  urlWriteIntervalMs?: number;
}

/** The store with selector subscriptions (`subscribe(selector, listener)`). */
export type LabStore = Mutate<StoreApi<LabState>, [['zustand/subscribeWithSelector', never]]>;

/**
 * A fresh lab store. Settings start from `location.search` through the
 * settings schema (bad values fall back to defaults and become notices, as do
 * keys nobody reads and a bad theme); every
 * settings change is written back with `history.replaceState`, keeping query
 * keys the schema does not own.
 */
export function createLabStore(options: LabStoreOptions = {}): LabStore {
  const { location, history, urlWriteIntervalMs = 0 } = options;
  const parsed = settingsFromQuery(location?.search ?? '');
  const store = createStore<LabState>()(
    subscribeWithSelector((...a) => ({
      ...createSettingsSlice(parsed.settings)(...a),
      ...createUiSlice([...parsed.notices, ...pageKeyNotices(location?.search ?? '')])(...a),
    })),
  );
  if (location && history) {
    const write = throttleLatest((settings: Settings) => history.replaceState(null, '', urlWithSettings(settings, location)), urlWriteIntervalMs);
    store.subscribe((state) => state.settings, write);
  }
  return store;
}
