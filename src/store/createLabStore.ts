import { createStore, type Mutate, type StoreApi } from 'zustand/vanilla';
import { subscribeWithSelector } from 'zustand/middleware';
import { shallow } from 'zustand/shallow';
import { pageKeyNotices } from '../settings/pageKeys';
import { settingsFromQuery } from '../settings/parse';
import type { Settings } from '../settings/schema';
import { createPinSlice } from './pinSlice';
import { pinnedFromLink } from './pinFromLink';
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
 * keys nobody reads and a bad theme), the pinned baseline from its `pin=`
 * (bad values inside it become `pin.<key>` notices); every change of either
 * is written back with `history.replaceState`, keeping query keys the schema
 * does not own.
 */
export function createLabStore(options: LabStoreOptions = {}): LabStore {
  const { location, history, urlWriteIntervalMs = 0 } = options;
  const search = location?.search ?? '';
  const parsed = settingsFromQuery(search);
  const pin = pinnedFromLink(search);
  const store = createStore<LabState>()(
    subscribeWithSelector((...a) => ({
      ...createSettingsSlice(parsed.settings)(...a),
      ...createPinSlice(pin.pinned)(...a),
      ...createUiSlice([...parsed.notices, ...pageKeyNotices(search), ...pin.notices])(...a),
    })),
  );
  if (location && history) {
    // Settings and pin are written together, so `pinAndApply` is one write.
    const write = throttleLatest(
      ([settings, pinned]: readonly [Settings, Settings | null]) => history.replaceState(null, '', urlWithSettings(settings, location, pinned)),
      urlWriteIntervalMs,
    );
    store.subscribe((state) => [state.settings, state.pinned] as const, write, { equalityFn: shallow });
  }
  return store;
}
