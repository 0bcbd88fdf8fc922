import { format } from 'd3-format';

/**
 * Number formats with their units. Every formatter returns readable text for
 * any input: NaN and ±Infinity never leak into the page.
 */

const group = format(',');
const sig2 = format(',.2~r');
const sig3 = format(',.3~r');
const fixed0 = format(',.0f');
const fixed1 = format(',.1f');

/** `x` when finite, else `fallback`. */
export function finiteOr(x: number, fallback: number): number {
  return Number.isFinite(x) ? x : fallback;
}

/** Three significant digits, thousands grouped, trailing zeros trimmed: 1,234 / 12.3 / 0.123. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '∞' : x < 0 ? '−∞' : '–';
  if (Math.abs(x) >= 1000) return fixed0(x);
  if (x === 0) return '0';
  return sig3(x);
}

/** A duration given in ms: `850 ms`, `1.2 s`, `42 s`, `7.5 min`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return ms > 0 ? '∞' : '–';
  const abs = Math.abs(ms);
  if (abs < 1) return `${sig2(ms)} ms`;
  if (abs < 1000) return `${fixed0(ms)} ms`;
  if (abs < 10_000) return `${fixed1(ms / 1000)} s`;
  if (abs < 120_000) return `${fixed0(ms / 1000)} s`;
  return `${fixed1(ms / 60_000)} min`;
}

/** Tick label of a duration in ms: `50 ms`, then seconds from 1,000 ms (`2 s`, `500 s`) so log ticks stay round. */
export function formatMsTick(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  if (Math.abs(ms) < 1000) return `${sig3(ms)} ms`;
  return `${sig3(ms / 1000)} s`;
}

/** Seconds as a signed time-axis label: `−1 s`, `0 s`, `2.5 s`. */
export function formatSecondsTick(s: number): string {
  if (!Number.isFinite(s)) return '';
  const v = Math.abs(s) < 1e-9 ? 0 : s;
  return `${sig3(v).replace('-', '−')} s`;
}

/** Output tokens per second: `377 tok/s`, `1,234 tok/s`. */
export function formatTokPerSec(x: number): string {
  return `${formatNumber(finiteOr(x, 0))} tok/s`;
}

/** Requests per second: `1.5 req/s`, `0.04 req/s`. */
export function formatReqPerSec(x: number): string {
  const v = finiteOr(x, 0);
  return `${v !== 0 && Math.abs(v) < 0.1 ? sig2(v) : formatNumber(v)} req/s`;
}

/** A token count: `850 tokens`, `120k tokens`. */
export function formatTokens(x: number): string {
  const v = finiteOr(x, 0);
  if (Math.abs(v) >= 10_000) return `${sig3(v / 1000)}k tokens`;
  return `${group(Math.round(v))} tokens`;
}

/** A compact count for tick labels: `64`, `120k`, `1.5M`. */
export function formatCompact(x: number): string {
  const v = finiteOr(x, 0);
  if (Math.abs(v) >= 1e6) return `${sig3(v / 1e6)}M`;
  if (Math.abs(v) >= 1e4) return `${sig3(v / 1e3)}k`;
  return group(Math.round(v * 100) / 100);
}

/** A user count: `1 user`, `16 users`. */
export function formatUsers(n: number): string {
  const v = Math.round(finiteOr(n, 0));
  return `${group(v)} ${v === 1 ? 'user' : 'users'}`;
}

/** An offered request rate: `2 req/s`, or `all at once` for an infinite rate. */
export function formatRate(ratePerSec: number): string {
  if (ratePerSec === Infinity) return 'all at once (∞ req/s)';
  return formatReqPerSec(ratePerSec);
}

/** A share 0..1 as a percentage: `12%`, `0.4%`, `100%`. */
export function formatShare(share: number): string {
  const pct = finiteOr(share, 0) * 100;
  if (pct > 0 && pct < 1) return `${sig2(pct)}%`;
  return `${fixed0(pct)}%`;
}

/** A pixel coordinate for an SVG attribute: rounded to 0.1 px, 0 when not finite. */
export function px(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 10) / 10 : 0;
}
