/** Where a run measured elsewhere sits on the curve's load axis, its label, and the sentence that describes it. */
import { formatMs, formatNumber, formatRate, formatTokPerSec, formatUsers } from '../chart/format';
import type { CurveExtraPoint, ExtraPlacement, ExtraPointMarks } from './curveTypes';
import type { LoadAxis, LoadKind } from './loadAxis';

/** The run's name, shortened with an ellipsis to `chars` characters to fit beside its diamond. */
function shortName(label: string, chars: number): string {
  const t = label.trim() || 'real run';
  return t.length <= chars ? t : `${t.slice(0, chars - 1)}…`;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && !Number.isNaN(v) && v > 0;

/**
 * Places an extra run on the load axis. A users axis takes its configured
 * concurrency, else its mean requests in flight; a rate axis its configured
 * rate (∞ only when no concurrency caps it), else its completed requests per
 * second. A load outside the axis is pinned to the nearer end, and the label
 * says so; a run with no usable load sits at the left end, labelled unknown.
 */
export function placeExtra(e: CurveExtraPoint, index: number, kind: LoadKind, x: LoadAxis, nameChars: number): ExtraPointMarks {
  let placedBy: ExtraPlacement = 'unknown';
  let value: number | null = null;
  if (kind === 'users') {
    if (positive(e.users)) [placedBy, value] = ['users', e.users];
    else if (positive(e.meanInFlight)) [placedBy, value] = ['in-flight', e.meanInFlight];
  } else if (positive(e.ratePerSec) && (Number.isFinite(e.ratePerSec) || !positive(e.users))) [placedBy, value] = ['rate', e.ratePerSec];
  else if (positive(e.requestsPerSec)) [placedBy, value] = ['observed-rate', e.requestsPerSec];

  const [lo, hi] = x.domain;
  const clamped: ExtraPointMarks['clamped'] =
    value === null ? 'left'
    : value === Infinity ? (x.infinityXPx === null ? 'right' : null)
    : value < lo * (1 - 1e-9) ? 'left'
    : value > hi * (1 + 1e-9) ? 'right'
    : null;
  const loadText =
    placedBy === 'users' ? formatUsers(value as number)
    : placedBy === 'rate' ? formatRate(value as number)
    : placedBy === 'in-flight' ? `≈${formatNumber(value as number)} in flight (measured)`
    : placedBy === 'observed-rate' ? `≈${formatNumber(value as number)} req/s completed (measured)`
    : 'load unknown';
  const off = clamped === null || value === null ? '' : clamped === 'left' ? ' (← off axis)' : ' (off axis →)';
  return {
    index,
    xPx: value === null ? x.xOf(0) : x.xOf(value),
    placedBy,
    clamped,
    loadText,
    label: `${shortName(e.label, nameChars)} · ${loadText}${off}`,
    point: e,
  };
}

/** One sentence about an extra run, for the chart's accessible summary. */
export function describeExtra(e: ExtraPointMarks): string {
  const p = e.point;
  return (
    `Real run ${p.label} (diamond), at ${e.loadText}${e.clamped && e.placedBy !== 'unknown' ? ', outside the load axis and drawn at its edge' : ''}: ` +
    `${formatTokPerSec(p.outputTokPerSec)}, TTFT p50 ${formatMs(p.ttftP50Ms)}, p95 ${formatMs(p.ttftP95Ms)}, TPOT p50 ${formatMs(p.tpotP50Ms)}, p95 ${formatMs(p.tpotP95Ms)}.`
  );
}
