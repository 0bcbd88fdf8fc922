// The check the layout tests share: every number a layout hands to the SVG is finite and every
// string free of NaN and Infinity, walked through arrays and objects.
import { expect } from 'vitest';

/**
 * A checker of one layout's numbers. `skipKeys`: properties not walked (raw data carried
 * through, tick values); `forbidden`: what no string may contain.
 */
export function finiteChecker({ skipKeys = [], forbidden = /NaN|Infinity/ }: { skipKeys?: readonly string[]; forbidden?: RegExp } = {}): (value: unknown) => void {
  const check = (value: unknown, path: string): void => {
    if (typeof value === 'number') expect(Number.isFinite(value), `${path} = ${value}`).toBe(true);
    else if (typeof value === 'string') expect(value, path).not.toMatch(forbidden);
    else if (Array.isArray(value)) value.forEach((v, i) => check(v, `${path}[${i}]`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) if (!skipKeys.includes(k)) check(v, `${path}.${k}`);
  };
  return (value) => check(value, 'layout');
}
