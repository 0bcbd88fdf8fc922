import { format } from 'd3-format';

/** Placeholder for a value that cannot be shown (NaN, Infinity, missing). */
export const NO_VALUE = '—';

const sig3 = format(',.3~r');
const sig3Fixed = format(',.3r');
const int = format(',d');
const fixed1 = format(',.1f');
const sig2 = format('.2~r');

const ok = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** A duration given in ms: "41.8 ms" below a second, "8.81 s" above. */
export function formatMs(ms: number | null | undefined): string {
  if (!ok(ms)) return NO_VALUE;
  if (ms === 0) return '0 ms';
  if (Math.abs(ms) >= 1000) return `${sig3Fixed(ms / 1000)} s`;
  if (Math.abs(ms) >= 100) return `${int(Math.round(ms))} ms`;
  return `${sig3(ms)} ms`;
}

/** A duration in ms, always in ms with one decimal below 100 ("41.8 ms", "1,204 ms"). */
export function formatMsExact(ms: number | null | undefined): string {
  if (!ok(ms)) return NO_VALUE;
  return Math.abs(ms) >= 100 ? `${int(Math.round(ms))} ms` : `${fixed1(ms)} ms`;
}

/** A rate of tokens: "33.5 tok/s", "1,204 tok/s". */
export function formatTokPerSec(x: number | null | undefined): string {
  if (!ok(x)) return NO_VALUE;
  return x >= 1000 ? `${int(Math.round(x))} tok/s` : `${sig3(x)} tok/s`;
}

/** A rate of requests: "1.48 req/s", "0.0222 req/s". */
export function formatReqPerSec(x: number | null | undefined): string {
  if (!ok(x)) return NO_VALUE;
  return x >= 1000 ? `${int(Math.round(x))} req/s` : `${sig3(x)} req/s`;
}

/**
 * A share 0..1 in tenths of a percent, the one rounding every share shown
 * goes through: 0 and 1 exactly stay 0 and 1000; a share strictly between
 * rounds to 1..999, so it never reads as none or all.
 */
function shareTenths(x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1000;
  // Rounded to 1e-9 first, so a share that is a half-tenth in decimal (31 / 2000) rounds the same from either side (1 − 0.9845).
  return Math.min(999, Math.max(1, Math.round(Math.round(x * 1e9) / 1e6)));
}

const tenthsText = (t: number) => `${t === 0 || t === 1000 ? int(t / 10) : fixed1(t / 10)}%`;

/** A share 0..1 as a percentage: "98.4%", "100%" (only when it is all), "0.1%" (the least of a share that is not none). */
export function formatShare(x: number | null | undefined): string {
  if (!ok(x)) return NO_VALUE;
  return tenthsText(shareTenths(x));
}

/**
 * A share and the rest of it, rounded once so the two add to 100%: 0.9845 is
 * "98.5%" and "1.5%" (rounding each alone would give 98.5% and 1.6%). `met`
 * is exactly `formatShare(share)`.
 */
export function shareSplit(share: number): { met: string; missed: string } {
  const t = shareTenths(ok(share) ? share : 0);
  return { met: tenthsText(t), missed: tenthsText(1000 - t) };
}

/**
 * A share of requests that missed, rounded as the rest of the share that did
 * not (`shareSplit`), so a page that shows both shows two numbers that add to
 * 100%: 0.0155 late is "1.5%" beside "98.5%" in time.
 */
export function formatMissShare(missed: number | null | undefined): string {
  if (!ok(missed)) return NO_VALUE;
  return tenthsText(1000 - shareTenths(1 - missed));
}

/** A round fraction as a whole percentage: 0.9 is "90%". */
export function formatPercent(x: number): string {
  return `${int(Math.round(x * 100))}%`;
}

/** A whole count: "1,500". */
export function formatCount(x: number | null | undefined): string {
  return ok(x) ? int(Math.round(x)) : NO_VALUE;
}

/** Tokens per second of a pace given as ms per token. */
export function tokPerSecOf(msPerToken: number | null | undefined): number | null {
  return ok(msPerToken) && msPerToken > 0 ? 1000 / msPerToken : null;
}

/** A ratio as the cards print it: "0.18×", "2.9×", "41×". */
export function formatRatio(r: number | null): string {
  if (!ok(r) || r < 0) return NO_VALUE;
  return `${r >= 10 ? Math.round(r) : sig2(r)}×`;
}
