/** The words a card puts under its number when the lab's range around it is wide. Pure. */
import type { InputSensitivity, Span } from '../../engine/uncertainty';
import { formatMs, formatTokPerSec } from '../common/format';

/** A range is wide, and a card shows it, when its top is more than this many times its bottom. */
export const WIDE_RANGE_RATIO = 1.5;

/** Whether [lo, hi] is wide enough to show. */
export function isWide([lo, hi]: Span): boolean {
  return Number.isFinite(lo) && Number.isFinite(hi) && (lo > 0 ? hi / lo > WIDE_RANGE_RATIO : hi > 0);
}

/** Why the range is wide, from the input that moves TTFT most (null while the sensitivity runs). */
export function rangeCause(sensitivity: readonly InputSensitivity[] | null): string {
  const top = sensitivity?.[0];
  if (!top || top.swingMs <= 0) return 'the server is at the edge of what the lab is sure of';
  if (top.input === 'kvCapacity') return 'near the memory limit, a few % of KV memory decides who waits';
  if (top.input === 'stepCost') return 'a few % on every step adds up in the queue';
  if (top.input === 'prefillCost') return 'a few % on each prompt’s prefill adds up in the queue';
  return 'the front end’s cost per request decides how fast a wave gets in';
}

/** "likely 0.31–7.2 s: near the memory limit, …" for a latency in ms, or null when the range is narrow. */
export function latencyRangeText(span: Span, sensitivity: readonly InputSensitivity[] | null): string | null {
  if (!isWide(span)) return null;
  return `likely ${formatMs(span[0])}–${formatMs(span[1])}: ${rangeCause(sensitivity)}`;
}

/** The same for throughput, tok/s. */
export function throughputRangeText(span: Span, sensitivity: readonly InputSensitivity[] | null): string | null {
  if (!isWide(span)) return null;
  return `likely ${formatTokPerSec(span[0])}–${formatTokPerSec(span[1])}: ${rangeCause(sensitivity)}`;
}
