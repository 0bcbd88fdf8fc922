/**
 * The charts' colours, one role per name, matching the lesson's picture:
 * prefill is violet, decode teal (a clear contrast to violet, also for the
 * common red-green colour blindnesses), queue amber, network slate.
 *
 * Each role has a light and a dark value. Both reach at least 4.5:1 against
 * the page backgrounds of their mode (`PAGE_BACKGROUNDS`), so they are safe for
 * text as well as for marks (fill-only roles are listed in `NON_TEXT_ROLES`). Charts read them through CSS variables
 * (`var(--ll-prefill)`), switched by `prefers-color-scheme` (or the link's
 * `theme=light|dark`, on <html data-theme>) in
 * `chartStyleSheet`, so dark mode follows the system without Tailwind classes
 * inside SVG, and a static render (tests, previews) looks the same as the app.
 */
export const PALETTE = {
  text: { light: '#1e293b', dark: '#e2e8f0', app: 'ink' },
  muted: { light: '#475569', dark: '#a3b1c6', app: 'muted' },
  grid: { light: '#e2e8f0', dark: '#334155' },
  axis: { light: '#64748b', dark: '#7c8ba1' },
  prefill: { light: '#6d28d9', dark: '#b79dfb', app: 'prefill' },
  decode: { light: '#0f766e', dark: '#2dd4bf', app: 'decode' },
  queue: { light: '#b45309', dark: '#fbbf24' },
  network: { light: '#475569', dark: '#94a3b8' },
  throughput: { light: '#1d4ed8', dark: '#7cb4fb' },
  goodput: { light: '#15803d', dark: '#4ade80' },
  slo: { light: '#b91c1c', dark: '#f87171' },
  limit: { light: '#92400e', dark: '#fcd34d' },
  highlight: { light: '#0f172a', dark: '#f8fafc' },
  /** Fill of queue-wait bars (not text): the timeline's amber. */
  queueFill: { light: '#fbbf24', dark: '#fbbf24', app: 'queue' },
  /** Fill of network bars (not text): the timeline's slate. */
  networkFill: { light: '#cbd5e1', dark: '#475569', app: 'net' },
  /** The page background, for halos behind labels that cross lines (not a text colour). */
  surface: { light: '#ffffff', dark: '#0f172a', app: 'bg' },
} as const satisfies Record<string, { light: string; dark: string; app?: string }>;

/** A colour role of the palette. */
export type ColourRole = keyof typeof PALETTE;

/** Roles used only as fills or lines, never as text (exempt from the 4.5:1 text check). */
export const NON_TEXT_ROLES: readonly ColourRole[] = ['grid', 'axis', 'queueFill', 'networkFill', 'surface'];

/**
 * Backgrounds the text roles are checked against: white and slate-50 in light
 * mode; slate-900, the app's page (#0b1120) and its raised cards (slate-800) in dark.
 */
export const PAGE_BACKGROUNDS = { light: ['#ffffff', '#f8fafc'], dark: ['#0f172a', '#0b1120', '#1e293b'] } as const;

/** `var(--ll-<role>)`, for SVG `fill` / `stroke` attributes. */
export function colour(role: ColourRole): string {
  return `var(--ll-${role})`;
}

/**
 * Where the app theme (src/index.css, `--lab-*`) defines the same role, the
 * chart follows it so the charts and the timeline agree; the palette value is
 * the fallback (and what static renders use).
 */
function declarations(mode: 'light' | 'dark'): string {
  return (Object.keys(PALETTE) as ColourRole[])
    .map((role) => {
      const entry: { light: string; dark: string; app?: string } = PALETTE[role];
      const value = entry[mode];
      return `--ll-${role}:${entry.app ? `var(--lab-${entry.app},${value})` : value};`;
    })
    .join('');
}

/**
 * CSS that defines the palette variables on `.ll-chart` and flips them in
 * dark mode. Rendered once per chart in a `<style>` element (identical rules,
 * so repeats are harmless).
 */
export function chartStyleSheet(): string {
  return (
    `.ll-chart{${declarations('light')}color:var(--ll-text);}` +
    `@media (prefers-color-scheme: dark){:root:not([data-theme="light"]) .ll-chart{${declarations('dark')}}}` +
    `:root[data-theme="dark"] .ll-chart{${declarations('dark')}}` +
    `.ll-chart svg text{font-family:inherit;}` +
    `.ll-chart [data-focusable]:focus{outline:none;}` +
    `.ll-chart [data-focusable]:focus-visible{outline:2px solid var(--ll-throughput);outline-offset:2px;}`
  );
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio between two `#rrggbb` colours (1..21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
