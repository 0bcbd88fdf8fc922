import type { FieldKind } from './fields';

/** A slice of a trace's time, seconds from its first request; `toS` null runs to the end. */
export interface TraceWindow {
  fromS: number;
  toS: number | null;
}

const SECONDS_RE = /^\d+(\.\d+)?$/;

/**
 * `FROM:TO` in seconds of the trace, either side may be empty (`:600`,
 * `1800:`), as `--trace-window` reads it; the end must come after the start.
 */
export const traceWindowField: FieldKind<TraceWindow> = {
  accepts: 'FROM:TO in seconds of the trace (e.g. 0:600, or 1800: to the end)',
  parse(raw) {
    const m = /^([^:]*):([^:]*)$/.exec(raw.trim());
    const accepts = traceWindowField.accepts;
    if (!m) return { ok: false, reason: `"${raw.slice(0, 40)}" is not ${accepts}` };
    const [from, to] = [m[1].trim(), m[2].trim()];
    if ((from !== '' && !SECONDS_RE.test(from)) || (to !== '' && !SECONDS_RE.test(to))) return { ok: false, reason: `"${raw.slice(0, 40)}" is not ${accepts}` };
    const fromS = from === '' ? 0 : Number(from);
    const toS = to === '' ? null : Number(to);
    if (toS !== null && !(toS > fromS)) return { ok: false, reason: `the end (${toS} s) must come after the start (${fromS} s)` };
    return { ok: true, value: { fromS, toS } };
  },
  serialize: (w) => `${w.fromS}:${w.toS ?? ''}`,
};

/** The default slice: the first ten minutes, a few thousand requests, which the page simulates in well under a second. */
export const DEFAULT_TRACE_WINDOW: Readonly<TraceWindow> = { fromS: 0, toS: 600 };

export const sameWindow = (a: TraceWindow, b: TraceWindow): boolean => a.fromS === b.fromS && a.toS === b.toS;
