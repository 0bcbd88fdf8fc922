import type { ScaleLinear, ScaleLogarithmic } from 'd3-scale';
import { estimateTextWidthPx } from './labels';

/** One axis tick: where it sits (px along its axis) and what it says. */
export interface Tick {
  value: number;
  px: number;
  label: string;
}

/** Ticks of a linear scale, d3's nice round steps. */
export function linearTicks(scale: ScaleLinear<number, number>, count: number, label: (v: number) => string): Tick[] {
  return scale
    .ticks(Math.max(2, Math.round(count)))
    .map((value) => ({ value, px: scale(value), label: label(value) }))
    .filter((t) => Number.isFinite(t.px));
}

/**
 * Ticks of a log scale at 1-2-5 steps per decade, else 1-3, else only powers
 * of ten when that is too many for `maxCount`. A domain inside one decade falls back to
 * d3's own ticks so there are always at least two labels to read.
 */
export function logTicks(scale: ScaleLogarithmic<number, number>, maxCount: number, label: (v: number) => string): Tick[] {
  const [d0, d1] = scale.domain();
  const lo = Math.min(d0, d1);
  const hi = Math.max(d0, d1);
  // A domain that is not a finite positive range has no log ticks (and would loop without end).
  if (!(lo > 0) || !Number.isFinite(hi) || hi / lo > 1e30) return [];
  const inDomain = (v: number): boolean => v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9);
  const candidates = (steps: number[]): number[] => {
    const out: number[] = [];
    for (let k = Math.floor(Math.log10(lo)) - 1; k <= Math.ceil(Math.log10(hi)); k++) {
      for (const step of steps) {
        const v = step * 10 ** k;
        if (inDomain(v)) out.push(Number(v.toPrecision(12)));
      }
    }
    return out;
  };
  let values = candidates([1, 2, 5]);
  // Less than a decade or so: add 3 and 7 so there are enough labels to read a value off.
  if (values.length < 3 && candidates([1, 2, 3, 5, 7]).length <= maxCount) values = candidates([1, 2, 3, 5, 7]);
  if (values.length > maxCount) values = candidates([1, 3]);
  if (values.length > maxCount) values = candidates([1]);
  if (values.length > maxCount) values = values.filter((_, i) => i % Math.ceil(values.length / maxCount) === 0);
  if (values.length < 2) values = scale.ticks(Math.max(2, maxCount)).filter(inDomain);
  if (values.length > maxCount) values = values.filter((_, i) => i % Math.ceil(values.length / maxCount) === 0);
  return values.map((value) => ({ value, px: scale(value), label: label(value) })).filter((t) => Number.isFinite(t.px));
}

/**
 * Drops ticks whose labels would overlap their neighbour on a horizontal axis
 * (centred labels, estimated width), always keeping the first.
 */
export function thinHorizontalTicks(ticks: Tick[], fontPx: number, gapPx = 8): Tick[] {
  const kept: Tick[] = [];
  let lastRight = -Infinity;
  for (const t of ticks) {
    const half = estimateTextWidthPx(t.label, fontPx) / 2;
    if (t.px - half >= lastRight + gapPx) {
      kept.push(t);
      lastRight = t.px + half;
    }
  }
  return kept;
}
