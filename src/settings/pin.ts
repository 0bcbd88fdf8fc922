/**
 * A pinned baseline in the link: `pin=` carries the baseline's own query
 * string (what `settingsToQuery` makes of its settings), URL-encoded as one
 * value, so "before and after" is one link:
 * `?workload=summarize&prefixCacheShare=0.9&pin=workload%3Dsummarize`.
 * It is read with the same schema table as the link itself; a bad value in
 * it falls back to its default with a notice naming `pin.<key>`.
 */
import { DEFAULT_SETTINGS, PARAMS, type Settings } from './schema';
import { parseSettings, settingsToQuery, type ParsedSettings, type SettingNotice } from './parse';
import { scenarioFromSettings, type ScenarioOutcome } from './scenario';

/** The query key that carries a pinned baseline. */
export const PIN_KEY = 'pin';
/** Longest pin value read, characters: a real baseline is a few hundred. */
export const MAX_PIN_LENGTH = 4000;

const OWN_KEYS = new Set(PARAMS.map((p) => p.key));

/**
 * Reads a pinned baseline from its query string (the decoded `pin` value).
 * Keys the schema does not know, and a pin inside the pin, are ignored with
 * a notice; bad values fall back to their defaults with a notice.
 */
export function parsePin(raw: string): ParsedSettings {
  const notices: SettingNotice[] = [];
  if (raw.length > MAX_PIN_LENGTH) {
    return { settings: { ...DEFAULT_SETTINGS }, notices: [{ param: PIN_KEY, message: `the pinned run is ${raw.length} characters long, more than ${MAX_PIN_LENGTH}. Ignored.` }] };
  }
  const params = new URLSearchParams(raw);
  const parsed = parseSettings((k) => params.get(k), 'url');
  for (const n of parsed.notices) notices.push({ param: `${PIN_KEY}.${n.param}`, message: n.message });
  for (const key of new Set(params.keys())) {
    if (OWN_KEYS.has(key)) continue;
    const message = key === PIN_KEY ? 'a pinned run cannot carry a pin of its own. Ignored.' : 'not a setting of the lab. Ignored.';
    notices.push({ param: `${PIN_KEY}.${key}`, message });
  }
  return { settings: parsed.settings, notices };
}

/** The pinned baseline of a page's query string (with or without `?`), or null when there is none. */
export function pinFromQuery(query: string): ParsedSettings | null {
  const raw = new URLSearchParams(query).get(PIN_KEY);
  return raw === null ? null : parsePin(raw);
}

/** The `pin` value for a baseline: its own query string (URLSearchParams encodes it once more in a link). */
export function pinValue(baseline: Settings): string {
  return settingsToQuery(baseline);
}

/** `query` with its pin set to `baseline`, or removed when null; other keys are kept as they are. No leading `?`. */
export function queryWithPin(query: string, baseline: Settings | null): string {
  const params = new URLSearchParams(query);
  params.delete(PIN_KEY);
  if (baseline) params.set(PIN_KEY, pinValue(baseline));
  return params.toString();
}

/** One setting that differs between the baseline and the current run, by its link key, as the link would write it. */
export interface SettingChange {
  key: string;
  /** The baseline's value as the link writes it, or null when the baseline's link leaves it out (its default). */
  baseline: string | null;
  /** The current value as the link writes it, or null when left out. */
  current: string | null;
}

/** The settings that differ between two runs, in schema order (what "baseline → now" changed). */
export function settingChanges(baseline: Settings, current: Settings): SettingChange[] {
  const a = new URLSearchParams(settingsToQuery(baseline));
  const b = new URLSearchParams(settingsToQuery(current));
  const out: SettingChange[] = [];
  for (const p of PARAMS) {
    const before = a.get(p.key);
    const now = b.get(p.key);
    if (before !== now) out.push({ key: p.key, baseline: before, current: now });
  }
  return out;
}

/** Both scenarios the page compares: the current run and, when pinned, the baseline (each may fail on its own). */
export interface ComparedScenarios {
  current: ScenarioOutcome;
  baseline: ScenarioOutcome | null;
  /** What changed from the baseline to now (empty when nothing is pinned). */
  changes: SettingChange[];
}

/**
 * The scenarios for the current settings and a pinned baseline. A baseline
 * that cannot run (say, its hardware does not fit) fails with its reason,
 * its param prefixed `pin.`, while the current run still runs.
 */
export function compareScenarios(current: Settings, baseline: Settings | null): ComparedScenarios {
  const now = scenarioFromSettings(current);
  if (!baseline) return { current: now, baseline: null, changes: [] };
  const before = scenarioFromSettings(baseline);
  return {
    current: now,
    baseline: before.ok ? before : { ok: false, param: `${PIN_KEY}.${before.param}`, message: before.message },
    changes: settingChanges(baseline, current),
  };
}
