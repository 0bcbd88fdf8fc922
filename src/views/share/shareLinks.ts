import type { EmbedView } from '../embed/embedMode';
import type { Theme } from '../../settings/pageKeys';

/**
 * The links and `<iframe>` code the share panel offers, built from the
 * page's own address (origin and path, so a copy hosted under any folder
 * links to itself) and the settings' query string. Pure: the panel passes
 * `location` and the settings in.
 */

/** The page's address without query or hash: `https://site/course/latency-lab/`. */
export function pageBase(loc: Pick<Location, 'origin' | 'pathname'>): string {
  return `${loc.origin}${loc.pathname}`;
}

/** `base` with a query of the given parts (empty parts left out). */
function withQuery(base: string, parts: readonly (string | null | undefined)[]): string {
  const q = parts.filter((p): p is string => !!p).join('&');
  return q ? `${base}?${q}` : base;
}

/** The link to a try-it question or a lever scene at its prediction step (the lab is set up when the student commits). */
export function lessonLink(base: string, kind: 'question' | 'scene', id: number): string {
  return withQuery(base, [`${kind}=${id}`]);
}

/** The address an embed frame loads: the view, the scenario's settings, and the theme when one is chosen. */
export function embedSrc(base: string, view: EmbedView, settingsQuery: string, theme: Theme | null): string {
  return withQuery(base, [`embed=${view}`, settingsQuery, theme ? `theme=${theme}` : null]);
}

/** Each view's frame title (a frame needs one for screen readers). */
export const EMBED_TITLES: Record<EmbedView, string> = {
  timeline: 'Latency Lab: one request, start to finish',
  curve: 'Latency Lab: throughput versus load',
  cards: 'Latency Lab: TTFT, TPOT, throughput and goodput',
  lab: 'Latency Lab',
};

/** What each view shows, for the panel's list. */
export const EMBED_DESCRIPTIONS: Record<EmbedView, string> = {
  timeline: 'The request timeline',
  curve: 'Throughput and latency versus load',
  cards: 'The verdict and the TTFT, TPOT and throughput cards',
  lab: 'The lab: pickers, verdict, readouts and timeline',
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<iframe>` an instructor pastes: the address, the size in px, a title, no border, loaded when scrolled near. */
export function iframeSnippet(src: string, widthPx: number, heightPx: number, title: string): string {
  return `<iframe src="${escapeAttr(src)}" width="${widthPx}" height="${heightPx}" title="${escapeAttr(title)}" style="border:0" loading="lazy"></iframe>`;
}

/** The frame sizes the embeds are laid out for (they fit without scrolling), px. */
export const FRAME_PRESETS = [
  { id: 'wide', widthPx: 800, heightPx: 500, label: '800 × 500' },
  { id: 'narrow', widthPx: 400, heightPx: 600, label: '400 × 600 (a narrow column)' },
] as const;

/** The sizes a typed frame may have, px: below these the views cannot lay out; above, no page column is that large. */
export const FRAME_LIMITS = { minWidthPx: 300, maxWidthPx: 1920, minHeightPx: 300, maxHeightPx: 1200 } as const;

export type FrameSize = { ok: true; widthPx: number; heightPx: number } | { ok: false; message: string };

/** Reads a typed width and height: whole pixels within `FRAME_LIMITS`, or a message saying what is wrong. */
export function parseFrameSize(widthText: string, heightText: string): FrameSize {
  const read = (text: string, name: string, min: number, max: number): number | string => {
    const t = text.trim().replace(/\s*px$/i, '');
    if (!/^\d+$/.test(t)) return `The ${name} is not a whole number of pixels ("${text.slice(0, 12)}"); type one from ${min} to ${max.toLocaleString('en-US')}.`;
    const n = Number(t);
    if (n < min || n > max) return `A ${name} of ${n.toLocaleString('en-US')} px is outside what the views can fill; type one from ${min} to ${max.toLocaleString('en-US')}.`;
    return n;
  };
  const w = read(widthText, 'width', FRAME_LIMITS.minWidthPx, FRAME_LIMITS.maxWidthPx);
  const h = read(heightText, 'height', FRAME_LIMITS.minHeightPx, FRAME_LIMITS.maxHeightPx);
  if (typeof w === 'string') return { ok: false, message: w };
  if (typeof h === 'string') return { ok: false, message: h };
  return { ok: true, widthPx: w, heightPx: h };
}
