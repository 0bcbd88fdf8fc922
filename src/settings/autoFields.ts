/**
 * Field kinds for settings that default to "auto": the engine preset's value,
 * else the server's. `auto` (or an empty value in a link) reads as null; any
 * other value must pass the inner kind.
 */
import { booleanField, enumField, numberField, type FieldKind } from './fields';

const AUTO = new Set(['auto', 'default']);

function withAuto<T>(inner: FieldKind<T>, accepts = `${inner.accepts}, or auto`): FieldKind<T | null> {
  return {
    accepts,
    parse(raw) {
      if (AUTO.has(raw.trim().toLowerCase())) return { ok: true, value: null };
      return inner.parse(raw);
    },
    serialize: (value) => (value === null ? 'auto' : inner.serialize(value)),
  };
}

/** A number in [min, max], or `auto` (null). */
export function autoNumberField(min: number, max: number, opts: { integer?: boolean } = {}): FieldKind<number | null> {
  return withAuto(numberField(min, max, opts));
}

/** On or off, or `auto` (null). A bare CLI flag (empty value) means on. */
export const autoBooleanField: FieldKind<boolean | null> = withAuto(booleanField);

/** One of `values`, or `auto` (null). */
export function autoEnumField<T extends string>(values: readonly T[]): FieldKind<T | null> {
  return withAuto(enumField(values), `one of ${[...values, 'auto'].join(', ')}`);
}
