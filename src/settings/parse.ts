import { DEFAULT_SETTINGS, PARAMS, type Settings } from './schema';

/** A setting that was ignored, and why; shown to the user as a notice. */
export interface SettingNotice {
  /** The parameter as the source spells it (`ttftSlo` in a link, `--ttft-slo` on the CLI). */
  param: string;
  message: string;
}

/** Where values come from: link keys are camelCase, CLI flags kebab-case. */
export type SettingsSource = 'url' | 'cli';

/** Settings and the notices of values that fell back to their defaults. */
export interface ParsedSettings {
  settings: Settings;
  notices: SettingNotice[];
}

/**
 * Reads every parameter through the schema table. A bad value keeps the
 * default and adds a notice naming the parameter; it never throws.
 * `get` returns the raw value of a key, or null when absent.
 */
export function parseSettings(get: (key: string) => string | null, source: SettingsSource): ParsedSettings {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const notices: SettingNotice[] = [];
  for (const p of PARAMS) {
    const name = source === 'url' ? p.key : p.flag;
    const raw = get(name);
    if (raw === null) continue;
    const out = p.kind.parse(raw);
    const shown = source === 'url' ? name : `--${name}`;
    if (out.ok) p.apply(settings, out.value);
    else notices.push({ param: shown, message: `${out.reason}. Using the default.` });
  }
  return { settings, notices };
}

/**
 * Parses a query string (with or without `?`); unknown keys are left to other
 * readers. A key given more than once uses its first value, with a notice
 * naming the others.
 */
export function settingsFromQuery(query: string): ParsedSettings {
  const params = new URLSearchParams(query);
  const parsed = parseSettings((k) => params.get(k), 'url');
  for (const p of PARAMS) {
    const all = params.getAll(p.key);
    if (all.length < 2) continue;
    const shown = all.map((v) => `"${v.slice(0, 24)}"`).join(', ');
    const message = `given ${all.length} times (${shown}); only the first counts. Remove the others from the link.`;
    // One notice per parameter (the page keys and dismisses notices by parameter).
    const same = parsed.notices.find((n) => n.param === p.key);
    if (same) same.message = `${same.message} It is also ${message}`;
    else parsed.notices.push({ param: p.key, message: `${message[0].toUpperCase()}${message.slice(1)}` });
  }
  return parsed;
}

/** The query string (no `?`) that restores `settings` exactly. */
export function settingsToQuery(settings: Settings): string {
  const params = new URLSearchParams();
  for (const p of PARAMS) {
    const value = p.emit(settings);
    if (value !== undefined) params.set(p.key, p.kind.serialize(value));
  }
  return params.toString();
}
