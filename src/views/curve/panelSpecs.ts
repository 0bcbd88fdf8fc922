/** What each of the curve's three panels plots, in which unit and on which scale. */
import { format } from 'd3-format';
import type { SweepPoint } from '../../engine';
import { finiteOr, formatCompact, formatMs, formatMsTick } from '../chart/format';
import type { PanelSpec } from './panelTypes';

/** A tick of requests per second: `0`, `0.005`, `0.02`, `1.5`, `12`, `1.2k`. */
const sig2 = format('.2~r');
export function formatReqTick(v: number): string {
  if (!Number.isFinite(v) || v === 0) return '0';
  return Math.abs(v) < 10 ? sig2(v) : formatCompact(v);
}

/**
 * Goodput as the lesson defines it, and as the cards show it: completed
 * requests per second that met every target (never above throughput).
 */
export function goodputReqPerSec(p: SweepPoint): number {
  return finiteOr(Math.min(p.metrics.goodputReqPerSec, p.metrics.requestsPerSec), 0);
}

/** The three panels' specifications: what each plots and how. */
export function panelSpecs(slo: { ttftMs: number | null; tpotMs: number | null }): PanelSpec[] {
  const sloSpec = (v: number | null, name: string) =>
    v !== null && Number.isFinite(v) && v > 0 ? { valueMs: v, role: 'slo' as const, label: `${name} SLO ${formatMs(v)}` } : null;
  return [
    {
      id: 'throughput',
      // Requests per second, the unit goodput is defined in (the cards give tokens per second too).
      title: 'Throughput and goodput (req/s)',
      scale: 'linear',
      tick: formatReqTick,
      slo: null,
      band: (b) => b.requestsPerSec,
      extra: (v) => [{ key: 'value', value: v.requestsPerSec ?? NaN, hollow: false }],
      series: [
        { key: 'throughput', label: 'throughput: all completed', role: 'throughput', dashed: false, value: (p) => p.metrics.requestsPerSec },
        { key: 'goodput', label: 'goodput: met every target', role: 'goodput', dashed: true, value: goodputReqPerSec },
      ],
    },
    {
      id: 'ttft',
      title: 'Time to first token per user (log scale)',
      scale: 'log',
      tick: formatMsTick,
      slo: sloSpec(slo.ttftMs, 'TTFT'),
      band: (b) => b.ttftMs.p50,
      extra: (v) => [
        { key: 'p50', value: v.ttftP50Ms, hollow: false },
        { key: 'p95', value: v.ttftP95Ms, hollow: true },
      ],
      series: [
        { key: 'ttft-p50', label: 'p50', role: 'prefill', dashed: false, value: (p) => p.metrics.ttftMs.p50 },
        { key: 'ttft-p95', label: 'p95', role: 'prefill', dashed: true, value: (p) => p.metrics.ttftMs.p95 },
      ],
    },
    {
      id: 'tpot',
      title: 'Time per output token per user',
      scale: 'linear',
      tick: formatMsTick,
      slo: sloSpec(slo.tpotMs, 'TPOT'),
      band: (b) => b.tpotMs.p50,
      extra: (v) => [
        { key: 'p50', value: v.tpotP50Ms, hollow: false },
        { key: 'p95', value: v.tpotP95Ms, hollow: true },
      ],
      series: [
        { key: 'tpot-p50', label: 'p50', role: 'decode', dashed: false, value: (p) => p.metrics.tpotMs.p50 },
        { key: 'tpot-p95', label: 'p95', role: 'decode', dashed: true, value: (p) => p.metrics.tpotMs.p95 },
      ],
    },
  ];
}
