/**
 * Field kinds for the settings schema: each parses a raw string (from a URL or
 * a CLI flag), validates and clamps it, and serialises it back.
 */

/** Outcome of parsing one raw value. */
export type ParseOutcome<T> = { ok: true; value: T; note?: string } | { ok: false; reason: string };

/** How one setting is read and written. */
export interface FieldKind<T> {
  parse(raw: string): ParseOutcome<T>;
  serialize(value: T): string;
  /** Short description of accepted values, for help text and notices. */
  accepts: string;
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A finite number in [min, max]; out-of-range values are refused, not silently clamped. */
export function numberField(min: number, max: number, opts: { integer?: boolean; allowInf?: boolean; allowOff?: boolean } = {}): FieldKind<number> {
  const accepts = `${opts.integer ? 'a whole number' : 'a number'} from ${min} to ${max}${opts.allowInf ? ', or inf' : ''}`;
  return {
    accepts,
    parse(raw) {
      const s = raw.trim().toLowerCase();
      // Only the lab's own spelling: "Infinity" (a script's String(Infinity)) gets the notice of any bad value rather than a silent reading.
      if (opts.allowInf && s === 'inf') return { ok: true, value: Infinity };
      if (!NUMBER_RE.test(s)) return { ok: false, reason: `"${raw}" is not a number; expected ${accepts}` };
      const n = Number(s);
      if (!Number.isFinite(n)) return { ok: false, reason: `"${raw}" is not finite; expected ${accepts}` };
      if (opts.integer && !Number.isInteger(n)) return { ok: false, reason: `"${raw}" is not a whole number; expected ${accepts}` };
      if (n < min || n > max) return { ok: false, reason: `${raw} is out of range; expected ${accepts}` };
      return { ok: true, value: n };
    },
    serialize(value) {
      return value === Infinity ? 'inf' : String(value);
    },
  };
}

/**
 * A number in [min, max], or `off` / `none` for no value (null). An empty
 * value is refused, not read as off: `ttftSlo=` is more likely a link cut
 * short than a wish to drop the target.
 */
export function optionalNumberField(min: number, max: number): FieldKind<number | null> {
  const inner = numberField(min, max);
  return {
    accepts: `${inner.accepts}, or off`,
    parse(raw) {
      const s = raw.trim().toLowerCase();
      if (s === 'off' || s === 'none') return { ok: true, value: null };
      if (s === '') return { ok: false, reason: 'the value is empty; write "off" to turn it off' };
      return inner.parse(raw);
    },
    serialize(value) {
      return value === null ? 'off' : String(value);
    },
  };
}

/** One of a fixed list of lower-case ids. */
export function enumField<T extends string>(values: readonly T[]): FieldKind<T> {
  const accepts = `one of ${values.join(', ')}`;
  return {
    accepts,
    parse(raw) {
      const s = raw.trim().toLowerCase();
      const hit = values.find((v) => v === s);
      return hit ? { ok: true, value: hit } : { ok: false, reason: `"${raw}" is not ${accepts}` };
    },
    serialize: (value) => value,
  };
}

/** A boolean: 1/0, true/false, on/off, yes/no. An empty value (a bare CLI flag) means true. */
export const booleanField: FieldKind<boolean> = {
  accepts: 'on or off (1/0, true/false)',
  parse(raw) {
    const s = raw.trim().toLowerCase();
    if (['', '1', 'true', 'on', 'yes'].includes(s)) return { ok: true, value: true };
    if (['0', 'false', 'off', 'no'].includes(s)) return { ok: true, value: false };
    return { ok: false, reason: `"${raw}" is not on or off` };
  },
  serialize: (value) => (value ? '1' : '0'),
};
