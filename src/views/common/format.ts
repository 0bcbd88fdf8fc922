import { format } from 'd3-format';

/** Placeholder for a value that cannot be shown (NaN, Infinity, missing). */
export const NO_VALUE = '—';

const sig3 = format(',.3~r');
const sig3Fixed = format(',.3r');
const int = format(',d');
const fixed1 = format(',.1f');

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

/** A share 0..1 as a percentage: "98.4%", "100%". */
export function formatShare(x: number | null | undefined): string {
  if (!ok(x)) return NO_VALUE;
  const pct = Math.min(100, Math.max(0, x * 100));
  return `${pct >= 99.95 || pct === 0 ? int(Math.round(pct)) : fixed1(pct)}%`;
}

/** A whole count: "1,500". */
export function formatCount(x: number | null | undefined): string {
  return ok(x) ? int(Math.round(x)) : NO_VALUE;
}

/** Tokens per second of a pace given as ms per token. */
export function tokPerSecOf(msPerToken: number | null | undefined): number | null {
  return ok(msPerToken) && msPerToken > 0 ? 1000 / msPerToken : null;
}
