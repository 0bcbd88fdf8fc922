import type { RequestBreakdown } from '../../engine/breakdown';
import type { Slo } from '../../engine/types';
import { formatMs } from '../common/format';

/** One target the request missed. */
export interface Miss {
  metric: 'TTFT' | 'TPOT' | 'E2E';
  valueMs: number;
  targetMs: number;
  overMs: number;
}

export interface Verdict {
  met: boolean;
  misses: Miss[];
  /** Starts with "Met" or "Missed" (public contract). */
  headline: string;
  /** Throughput versus goodput for this request, in words. */
  accounting: string;
}

/** Whether a request met every target set (inclusive, as the engine counts goodput), and by how much it missed. */
export function verdictFor(b: Pick<RequestBreakdown, 'ttftMs' | 'tpotMs' | 'e2eMs'>, slo: Slo): Verdict {
  const checks: [Miss['metric'], number, number | null][] = [
    ['TTFT', b.ttftMs, slo.ttftMs],
    ['TPOT', b.tpotMs, slo.tpotMs],
    ['E2E', b.e2eMs, slo.e2eMs],
  ];
  const set = checks.filter(([, , t]) => t !== null);
  const misses: Miss[] = set
    .filter(([, v, t]) => !(v <= (t as number)))
    .map(([metric, valueMs, t]) => ({ metric, valueMs, targetMs: t as number, overMs: valueMs - (t as number) }));
  if (set.length === 0) {
    return { met: true, misses, headline: 'Met: no targets are set', accounting: 'With no targets, every completed request counts toward goodput.' };
  }
  if (misses.length === 0) {
    const names = set.map(([m, v, t]) => `${m} ${formatMs(v)} ≤ ${formatMs(t)}`).join(', ');
    return { met: true, misses, headline: `Met every target (${names})`, accounting: 'Completed in time: it counts toward throughput and goodput.' };
  }
  const parts = misses.map((m) => `${m.metric} by ${formatMs(m.overMs)} (${formatMs(m.valueMs)} against ${formatMs(m.targetMs)})`);
  return {
    met: false,
    misses,
    headline: `Missed ${parts.join(' and ')}`,
    accounting: 'Completed but late: it counts toward throughput, not goodput.',
  };
}
