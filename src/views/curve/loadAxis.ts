import { scaleLog } from 'd3-scale';
import { formatNumber } from '../chart/format';
import { logTicks, thinHorizontalTicks, type Tick } from '../chart/ticks';
import { FONT_PX } from '../chart/axisMarks';

/** What the curve's x axis counts: closed-loop users or open-loop request rate. */
export type LoadKind = 'users' | 'rate';

/** The x axis of the curve: a log scale of load, with a slot at the right edge for an infinite rate. */
export interface LoadAxis {
  kind: LoadKind;
  /** x in px of a load value; an infinite rate sits in its own slot at the right edge. */
  xOf(value: number): number;
  ticks: Tick[];
  title: string;
  /** x of the ∞ slot when the sweep has an infinite-rate point, else null. */
  infinityXPx: number | null;
  /** x of the break drawn on the axis between the finite rates and the ∞ slot, else null. */
  breakXPx: number | null;
  /** The finite load range the axis shows; `xOf` clamps values outside it to the ends. */
  domain: [number, number];
}

/** Room kept between the last finite rate and the ∞ slot, px. */
const INFINITY_GAP_PX = 56;

/**
 * Builds the load axis from the values to show (points and the operating
 * point). Log scale, because load doubles from point to point (1 to 256
 * users); zero or negative loads are pinned to the left edge and infinite
 * rates to a separate slot, so nothing maps to NaN.
 */
export function loadAxis(kind: LoadKind, values: readonly number[], leftPx: number, rightPx: number): LoadAxis {
  const hasInfinity = kind === 'rate' && values.some((v) => v === Infinity);
  const finite = values.filter((v) => Number.isFinite(v) && v > 0);
  let lo = finite.length > 0 ? Math.min(...finite) : 1;
  let hi = finite.length > 0 ? Math.max(...finite) : 1;
  if (hi / lo < 1.5) {
    // One point (or nearly): centre it in a decade-wide domain.
    lo /= 2;
    hi *= 2;
  }
  const finiteRight = hasInfinity ? Math.max(leftPx + 10, rightPx - INFINITY_GAP_PX) : rightPx;
  const scale = scaleLog()
    .base(kind === 'users' ? 2 : 10)
    .domain([lo, hi])
    .range([leftPx, finiteRight])
    .clamp(true);

  const xOf = (value: number): number => {
    if (value === Infinity) return hasInfinity ? rightPx : finiteRight;
    if (!(value > 0)) return leftPx;
    const x = scale(value);
    return Number.isFinite(x) ? x : leftPx;
  };

  let ticks: Tick[];
  if (kind === 'users') {
    // Powers of two: the doubling steps a sweep takes.
    const values2: number[] = [];
    for (let v = 1; v <= hi * (1 + 1e-9); v *= 2) if (v >= lo * (1 - 1e-9)) values2.push(v);
    if (values2.length < 2) values2.splice(0, values2.length, ...scale.ticks(4).filter((v) => v >= 1 && Number.isInteger(v)));
    ticks = values2.map((v) => ({ value: v, px: xOf(v), label: formatNumber(v) }));
  } else {
    // A rate sweep's own values make the most useful ticks; fall back to 1-2-5 steps when there are many.
    const distinct = [...new Set(finite)].sort((a, b) => a - b);
    ticks = distinct.length >= 2 && distinct.length <= 12 ? distinct.map((v) => ({ value: v, px: xOf(v), label: formatNumber(v) })) : logTicks(scale, 8, formatNumber);
  }
  ticks = thinHorizontalTicks(ticks, FONT_PX.tick);
  if (hasInfinity) ticks.push({ value: Infinity, px: rightPx, label: '∞' });

  return {
    kind,
    xOf,
    ticks,
    title:
      kind === 'users'
        ? 'concurrent users (log scale) · steady state'
        : rightPx - leftPx < 420
          ? `offered req/s (log${hasInfinity ? '; ∞ = all at once' : ''}) · steady state`
          : `offered load, req/s (log scale${hasInfinity ? '; ∞ = all sent at once' : ''}) · steady state`,
    infinityXPx: hasInfinity ? rightPx : null,
    breakXPx: hasInfinity ? (finiteRight + rightPx) / 2 : null,
    domain: [lo, hi],
  };
}
