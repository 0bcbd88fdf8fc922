import type { Settings } from './schema';

/**
 * Why a prediction of `s` carries no ranges, or null when it does. Ranges
 * come from the calibration's spreads, which say how unsure the lab is of a
 * hardware server's memory and step costs; the lesson and custom servers have
 * no such uncertainty to spread.
 */
export function rangesNote(s: Pick<Settings, 'server' | 'ranges'>): string | null {
  if (s.ranges === 'off') return 'Ranges are off (ranges=off), so no edge runs were made.';
  if (s.server === 'lesson') return 'The lesson server is illustrative: its costs are chosen to teach the two clocks, not measured on hardware, so there is no calibration spread to run it at.';
  if (s.server === 'custom') return 'A custom server is the idle TTFT and pace you gave; the lab has no calibration spread for numbers it did not predict.';
  return null;
}
