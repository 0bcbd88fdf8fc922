import { format } from 'd3-format';
import { formatMissShare, formatMs, formatReqPerSec, formatShare, formatTokPerSec } from '../views/common/format';

/**
 * Number formats for the lesson's sentences. Durations, rates and shares use
 * the very formatters of the readout cards, so an explanation quotes a number
 * exactly as the card beside it shows it. Every value carries its unit.
 */

/** A duration in ms, as the cards show it: `29.8 ms`, `129 ms`, `1.24 s`. */
export const fmtMs = (ms: number): string => formatMs(ms);

/** Tokens per second, as the cards show it: `33.5 tok/s`, `377 tok/s`. */
export const fmtTokPerSec = (x: number): string => formatTokPerSec(x);

/** Requests per second, as the cards show it: `0.153 req/s`, `1.48 req/s`. */
export const fmtReqPerSec = (x: number): string => formatReqPerSec(x);

/** A share 0..1 as a percentage, as the cards show it: `30.6%`, `100%`. */
export const fmtShare = (share: number): string => formatShare(share);

/** A share of requests that missed, rounded as the rest of the share in time (the two add to 100%): 0.0155 → `1.5%` beside `98.5%`. */
export const fmtMissShare = (missed: number): string => formatMissShare(missed);

const fixed0 = format(',.0f');
const fixed1 = format(',.1f');

/** A token count: `1 token`, `1,500 tokens`. */
export function fmtTokens(n: number): string {
  const v = Math.round(Number.isFinite(n) ? n : 0);
  return `${fixed0(v)} ${v === 1 ? 'token' : 'tokens'}`;
}

/** A long duration in words, for reading times: `45 seconds`, `5.9 minutes`. */
export function fmtLongSeconds(s: number): string {
  if (!Number.isFinite(s)) return '–';
  if (s < 120) return `${fixed0(s)} seconds`;
  return `${fixed1(s / 60)} minutes`;
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
  return `${pct < 0 ? '−' : '+'}${fixed1(Math.abs(pct))}%`;
}
