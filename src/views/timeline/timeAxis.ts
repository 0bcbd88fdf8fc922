import type { ScaleLinear } from 'd3-scale';
import type { AxisTick } from './types';

/** Approximate width of a label in px (11–12 px system font). */
export const textWidth = (s: string): number => s.length * 6.6;

/**
 * Axis ticks for a ms scale: seconds when the domain passes 2 s, labels that
 * would collide with the previous one (or leave the drawing) are skipped.
 */
export function axisTicks(x: ScaleLinear<number, number>, totalWidth: number): AxisTick[] {
  const [r0, r1] = x.range();
  const count = Math.max(2, Math.floor((r1 - r0) / 90));
  const [, maxMs] = x.domain();
  const inSeconds = maxMs >= 2000;
  const unitScale = x.copy().domain(x.domain().map((d) => (inSeconds ? d / 1000 : d)));
  const fmt = unitScale.tickFormat(count);
  const unit = inSeconds ? ' s' : ' ms';
  let lastEnd = -Infinity;
  return unitScale.ticks(count).map((v) => {
    const px = unitScale(v);
    const label = `${fmt(v)}${unit}`;
    const w = textWidth(label);
    const fits = px - w / 2 >= lastEnd + 6 && px - w / 2 >= 0 && px + w / 2 <= totalWidth;
    if (fits) lastEnd = px + w / 2;
    return { x: px, label: fits ? label : null };
  });
}
