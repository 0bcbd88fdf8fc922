/** The outcome of reading a typed number against a range. */
export type TypedNumber =
  | { kind: 'ok'; value: number }
  | { kind: 'off' }
  | { kind: 'empty' }
  | { kind: 'garbage' }
  | { kind: 'out-of-range'; value: number; clamped: number };

/**
 * Reads what a user typed: commas and spaces are ignored; anything that is not
 * a finite number is garbage (never NaN); out-of-range values carry their clamp.
 */
export function readTypedNumber(raw: string, min: number, max: number, opts: { integer?: boolean; allowOff?: boolean } = {}): TypedNumber {
  const s = raw.replace(/[,\s_]/g, '').toLowerCase();
  if (s === '') return { kind: 'empty' };
  if (opts.allowOff && (s === 'off' || s === 'none')) return { kind: 'off' };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/.test(s)) return { kind: 'garbage' };
  let n = Number(s);
  if (!Number.isFinite(n)) return { kind: 'garbage' };
  if (opts.integer) n = Math.round(n);
  if (n < min || n > max) return { kind: 'out-of-range', value: n, clamped: Math.min(max, Math.max(min, n)) };
  return { kind: 'ok', value: n };
}
