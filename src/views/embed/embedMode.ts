import { nearestKey } from '../../settings/pageKeys';

/** The views a page can embed with `?embed=`. */
export const EMBED_VIEWS = ['timeline', 'curve', 'cards', 'lab'] as const;
export type EmbedView = (typeof EMBED_VIEWS)[number];

export type EmbedMode = { kind: 'none' } | { kind: 'view'; view: EmbedView } | { kind: 'invalid'; notice: string };

/** Reads `embed` from a query string: absent, a known view, or a value to ignore with a notice. */
export function embedModeOf(search: string): EmbedMode {
  const raw = new URLSearchParams(search).get('embed');
  if (raw === null) return { kind: 'none' };
  const v = raw.trim().toLowerCase();
  if ((EMBED_VIEWS as readonly string[]).includes(v)) return { kind: 'view', view: v as EmbedView };
  const guess = v ? nearestKey(v, EMBED_VIEWS) : null;
  return {
    kind: 'invalid',
    notice: `embed: "${raw}" is not a view this lab can embed (${EMBED_VIEWS.join(', ')})${guess ? `; did you mean ${guess}?` : ''} The full page is shown instead.`,
  };
}

/** The same link without `embed`: the full lab with the same settings. */
export function fullPageUrl(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('embed');
  return url.toString();
}
