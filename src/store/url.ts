import { PARAMS, type Settings } from '../settings/schema';
import { settingsToQuery } from '../settings/parse';
import { queryWithPin } from '../settings/pin';

/** The parts of `window.location` the store reads. */
export interface LocationLike {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

/** The part of `window.history` the store writes. */
export interface HistoryLike {
  replaceState(data: unknown, unused: string, url?: string | URL | null): void;
}

const OWN_KEYS = new Set(PARAMS.map((p) => p.key));

/**
 * The query string for `settings`, keeping keys the settings schema does not
 * own (such as `question` or `embed`, which other features read) after ours.
 * Returns a string without the leading `?`.
 */
export function queryWithSettings(settings: Settings, currentSearch: string): string {
  const ours = new URLSearchParams(settingsToQuery(settings));
  const current = new URLSearchParams(currentSearch);
  for (const [key, value] of current) {
    if (!OWN_KEYS.has(key)) ours.append(key, value);
  }
  return ours.toString();
}

/**
 * The relative URL (path, query, hash) that restores `settings` and, when
 * `pinned` is given, the pinned baseline (`pin=`; null removes it, leaving
 * it out keeps the link's own).
 */
export function urlWithSettings(settings: Settings, location: LocationLike, pinned?: Settings | null): string {
  const withSettings = queryWithSettings(settings, location.search);
  const query = pinned === undefined ? withSettings : queryWithPin(withSettings, pinned);
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}
