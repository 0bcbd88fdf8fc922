/**
 * The charts' colours, one role per name, matching the lesson's picture:
 * prefill is violet, decode teal (a clear contrast to violet, also for the
 * common red-green colour blindnesses), queue amber, network slate.
 *
 * Each role has a light and a dark value. Both reach at least 4.5:1 against
 * the page background of their mode (white / slate-900), so they are safe for
 * text as well as for marks. Charts read them through CSS variables
 * (`var(--ll-prefill)`), switched by `prefers-color-scheme` in
 * `chartStyleSheet`, so dark mode follows the system without Tailwind classes
 * inside SVG, and a static render (tests, previews) looks the same as the app.
 */
export const PALETTE = {
  text: { light: '#1e293b', dark: '#e2e8f0' },
  muted: { light: '#475569', dark: '#a3b1c6' },
  grid: { light: '#e2e8f0', dark: '#334155' },
  axis: { light: '#64748b', dark: '#7c8ba1' },
  prefill: { light: '#6d28d9', dark: '#b79dfb' },
  decode: { light: '#0f766e', dark: '#2dd4bf' },
  queue: { light: '#b45309', dark: '#fbbf24' },
  network: { light: '#475569', dark: '#94a3b8' },
  throughput: { light: '#1d4ed8', dark: '#7cb4fb' },
  goodput: { light: '#15803d', dark: '#4ade80' },
  slo: { light: '#b91c1c', dark: '#f87171' },
  limit: { light: '#92400e', dark: '#fcd34d' },
  highlight: { light: '#0f172a', dark: '#f8fafc' },
  /** The page background, for halos behind labels that cross lines (not a text colour). */
  surface: { light: '#ffffff', dark: '#0f172a' },
} as const;

/** A colour role of the palette. */
export type ColourRole = keyof typeof PALETTE;

/** The backgrounds the palette is checked against (Tailwind white and slate-900). */
export const PAGE_BACKGROUND = { light: '#ffffff', dark: '#0f172a' } as const;

/** `var(--ll-<role>)`, for SVG `fill` / `stroke` attributes. */
export function colour(role: ColourRole): string {
  return `var(--ll-${role})`;
}

function declarations(mode: 'light' | 'dark'): string {
  return (Object.keys(PALETTE) as ColourRole[]).map((role) => `--ll-${role}:${PALETTE[role][mode]};`).join('');
}

/**
 * CSS that defines the palette variables on `.ll-chart` and flips them in
 * dark mode. Rendered once per chart in a `<style>` element (identical rules,
 * so repeats are harmless).
 */
export function chartStyleSheet(): string {
  return (
    `.ll-chart{${declarations('light')}color:var(--ll-text);}` +
    `@media (prefers-color-scheme: dark){.ll-chart{${declarations('dark')}}}` +
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
