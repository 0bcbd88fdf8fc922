import type { SettingNotice } from '../settings/parse';
import { PIN_KEY, pinFromQuery } from '../settings/pin';
import type { Settings } from '../settings/schema';

/**
 * The pinned baseline of the opening link and its notices. A bad value
 * inside `pin=` falls back to its default (the baseline still pins); a pin
 * that cannot be read at all (empty, too long) pins nothing.
 */
export function pinnedFromLink(search: string): { pinned: Settings | null; notices: SettingNotice[] } {
  const parsed = pinFromQuery(search);
  if (!parsed) return { pinned: null, notices: [] };
  if (parsed.notices.some((n) => n.param === PIN_KEY)) return { pinned: null, notices: parsed.notices };
  if (new URLSearchParams(search).get(PIN_KEY)?.trim() === '') {
    return { pinned: null, notices: [{ param: PIN_KEY, message: 'is empty, so nothing is pinned. Pin a run with "Pin this run".' }] };
  }
  return { pinned: parsed.settings, notices: parsed.notices };
}
