import type { MetricId } from '../../lesson/types';

/** The pinned baseline's numbers beside the current ones (README, Readouts): `baseline-` and the readout they compare with. */
export const BASELINE_METRIC_IDS = ['baseline-ttft', 'baseline-tpot', 'baseline-e2e', 'baseline-system-throughput', 'baseline-goodput'] as const;
export type BaselineMetricId = (typeof BASELINE_METRIC_IDS)[number];

/** The metric names of the public readout contract (tests and course authors rely on them; see `METRIC_IDS`). */
export type MetricName = MetricId | BaselineMetricId;

interface ReadoutProps {
  metric: MetricName;
  /** Accessible name, e.g. "TTFT of the drawn request". */
  label: string;
  /** The value with its unit, already formatted (never NaN). */
  text: string;
  className?: string;
}

/**
 * A live number. `data-metric` and the accessible name are a public contract;
 * aria-live is off so dragging a slider does not flood a screen reader.
 */
export function Readout({ metric, label, text, className = '' }: ReadoutProps) {
  return (
    <output data-metric={metric} aria-label={`${label}: ${text}`} aria-live="off" className={`tabular ${className}`}>
      {text}
    </output>
  );
}
