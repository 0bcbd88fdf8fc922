import { z } from 'zod';

// No `new Function` probe (zod's JIT): the page's Content-Security-Policy forbids eval, and refusing it logs an error.
z.config({ jitless: true });

/** `requests[12].response_timestamps` from a zod path. */
export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out.length > 0 ? `.${String(key)}` : String(key);
  }
  return out;
}

/** A short, human description of a JSON value's kind: `a string`, `null`, `an array`. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'missing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return v.length <= 24 ? `the string "${v}"` : 'a string';
  if (typeof v === 'number') return Number.isFinite(v) ? `the number ${v}` : 'a non-finite number';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

const ARTICLE: Record<string, string> = { array: 'an array', object: 'an object', number: 'a number', string: 'a string', boolean: 'a boolean', int: 'a whole number' };

/**
 * The first issue of a failed zod parse as one line naming where and what,
 * e.g. `experiments[0].requests[12].response_timestamps: expected an array of numbers`.
 * `prefix` is prepended to the path (`line 57: `-style prefixes go in `where`).
 */
export function formatZodError(error: z.ZodError, prefix = '', where = ''): string {
  const issue = error.issues[0];
  if (!issue) return `${where}invalid data`;
  const path = formatPath(issue.path, prefix);
  const at = path.length > 0 ? `${path}: ` : '';
  let what = issue.message;
  if (issue.code === 'invalid_type') {
    const received = /received (\w+)/.exec(issue.message)?.[1];
    const got = received === 'undefined' ? 'it is missing' : received ? `got ${received === 'null' ? 'null' : `a${/^[aeiou]/.test(received) ? 'n' : ''} ${received}`}` : '';
    what = `expected ${ARTICLE[issue.expected] ?? issue.expected}${got ? `, ${got}` : ''}`;
  }
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem${error.issues.length > 2 ? 's' : ''})` : '';
  return `${where}${at}${what}${more}`;
}

/**
 * An array of finite numbers, checked in one tight loop (zod's per-element
 * schema is ~10× slower on million-sample files) and reported with the first
 * bad item: `expected an array of numbers (item 3 is the string "x")`.
 */
export function numberArray(what = 'an array of numbers') {
  return z.custom<number[]>((v) => firstBadNumber(v) === -1, {
    error: (iss) => {
      const v = iss.input;
      if (!Array.isArray(v)) return `expected ${what}, got ${describeValue(v)}`;
      const i = firstBadNumber(v);
      return `expected ${what} (item ${i} is ${describeValue(v[i])})`;
    },
  });
}

/** Index of the first item that is not a finite number, -1 when all are, -2 when `v` is not an array. */
function firstBadNumber(v: unknown): number {
  if (!Array.isArray(v)) return -2;
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) return i;
  }
  return -1;
}

/** A finite number (JSON has no NaN/Infinity, but Python's json writes them). */
export const finite = z.number().refine(Number.isFinite, { error: 'expected a finite number' });
