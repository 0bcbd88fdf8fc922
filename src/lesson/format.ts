import { format } from 'd3-format';

/**
 * Number formats for the lesson's sentences. Every value carries its unit,
 * and NaN or Infinity never reach the page as such.
 */

const fixed0 = format(',.0f');
const fixed1 = format(',.1f');
const sig2 = format(',.2~r');

/** A duration in ms: `8.4 ms`, `29.8 ms`, `129 ms`, `1.2 s`, `45 s`, `5.6 min`. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return ms > 0 ? '∞' : '–';
  const abs = Math.abs(ms);
  if (abs < 10) return `${sig2(ms)} ms`;
  // One decimal under 100 ms so a 2% change in TPOT stays visible.
  if (abs < 100) return `${fixed1(ms)} ms`;
  if (abs < 1000) return `${fixed0(ms)} ms`;
  if (abs < 10_000) return `${fixed1(ms / 1000)} s`;
  if (abs < 120_000) return `${fixed0(ms / 1000)} s`;
  return `${fixed1(ms / 60_000)} min`;
}

/** Tokens per second: `4.5 tok/s`, `33.6 tok/s`, `377 tok/s`. */
export function fmtTokPerSec(x: number): string {
  const v = Number.isFinite(x) ? x : 0;
  return `${Math.abs(v) < 100 ? fixed1(v) : fixed0(v)} tok/s`;
}

/** Requests per second: `0.153 req/s`, `1.5 req/s`, `0 req/s`. */
export function fmtReqPerSec(x: number): string {
  const v = Number.isFinite(x) ? x : 0;
  if (v === 0) return '0 req/s';
  if (Math.abs(v) < 1) return `${format('.3~f')(v)} req/s`;
  return `${format(',.2~f')(v)} req/s`;
}

/** A share 0..1 as a percentage: `31%`, `0.4%`, `100%`. */
export function fmtShare(share: number): string {
  const pct = (Number.isFinite(share) ? share : 0) * 100;
  if (pct > 0 && pct < 1) return `${sig2(pct)}%`;
  return `${fixed0(pct)}%`;
}

/** A token count: `1 token`, `1,500 tokens`. */
export function fmtTokens(n: number): string {
  const v = Math.round(Number.isFinite(n) ? n : 0);
  return `${fixed0(v)} ${v === 1 ? 'token' : 'tokens'}`;
}

/** A ratio as a multiplier: `7.0×`, `12×`. */
export function fmtTimes(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return `${Math.abs(x) < 10 ? fixed1(x) : fixed0(x)}×`;
}

/** A signed relative change: `+1.0%`, `−3.2%`. */
export function fmtChange(after: number, before: number): string {
  if (!Number.isFinite(after) || !Number.isFinite(before) || before === 0) return '–';
  const pct = (after / before - 1) * 100;
  const text = fixed1(Math.abs(pct));
  return `${pct < 0 ? '−' : '+'}${text}%`;
}
