import type { SettingNotice } from './parse';
import { PARAMS } from './schema';

/**
 * Link keys that are not settings but that the page reads: which view to
 * embed, which try-it question or lever scene to open (and whether at its
 * answer), the colour theme, and a pinned baseline (`pin`, read by `settings/pin.ts`). Documented in the README with the settings.
 */
export const PAGE_KEYS = ['embed', 'question', 'scene', 'answer', 'theme', 'pin'] as const;

/**
 * How many try-it questions and lever scenes a link can name (`question=1`–`5`,
 * `scene=1`–`3`). Counted here rather than read from the lesson, so that the
 * store can check a link without loading the lesson's content; a test keeps
 * them equal to the lesson's own.
 */
export const QUESTION_COUNT = 5;
export const SCENE_COUNT = 3;

/** A `question` or `scene` value: a whole number from 1 to `count`, or null (garbled, a fraction, too large, 1e309). */
export function linkNumberOf(raw: string, count: number): number | null {
  const t = raw.trim();
  if (!/^\d{1,3}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= count ? n : null;
}

/** The themes a link may ask for; without `theme` the page follows the system. */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Edit distance between two short strings (for "did you mean"). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/** The known key nearest to `key` (case-insensitive), if it is close enough to be a typo. */
export function nearestKey(key: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best !== null && bestD <= Math.max(1, Math.floor(best.length / 3)) ? best : null;
}

/** The theme a link asks for, or null (follow the system); a bad value is null too (see `pageKeyNotices`). */
export function themeOf(search: string): Theme | null {
  const raw = new URLSearchParams(search).get('theme');
  const v = raw?.trim().toLowerCase();
  return v === 'light' || v === 'dark' ? v : null;
}

/**
 * Notices for the parts of a link that the settings schema does not read:
 * a key nobody knows (a typo, with the key it probably meant) and a theme
 * that is neither light nor dark. The settings' own bad values are noticed by
 * `parseSettings`.
 */
export function pageKeyNotices(search: string): SettingNotice[] {
  const params = new URLSearchParams(search);
  const known = [...PARAMS.map((p) => p.key), ...PAGE_KEYS];
  const notices: SettingNotice[] = [];
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) continue;
    seen.add(key);
    if (known.includes(key)) continue;
    const guess = nearestKey(key, known);
    notices.push({ param: key, message: `not a setting of this lab, so it was ignored${guess ? ` (did you mean ${guess}?)` : ''}.` });
  }
  const theme = params.get('theme');
  if (theme !== null && themeOf(search) === null) notices.push({ param: 'theme', message: `"${theme}" is not light or dark, so the page follows the system's theme.` });
  // The same rule the lesson's panels open a question or scene by (they say so again where the student lands).
  const shown = (raw: string) => `"${raw.length > 24 ? `${raw.slice(0, 24)}…` : raw}"`;
  const question = params.get('question');
  if (question !== null && linkNumberOf(question, QUESTION_COUNT) === null) {
    notices.push({ param: 'question', message: `${shown(question)} is not a question of this lab (they are numbered 1 to ${QUESTION_COUNT}), so none was opened.` });
  }
  const scene = params.get('scene');
  if (scene !== null && linkNumberOf(scene, SCENE_COUNT) === null) {
    notices.push({ param: 'scene', message: `${shown(scene)} is not a lever scene of this lab (they are numbered 1 to ${SCENE_COUNT}), so none was opened.` });
  } else if (scene !== null && question !== null) {
    notices.push({ param: 'scene', message: 'the link also names a question, so only the question was opened.' });
  }
  return notices;
}
