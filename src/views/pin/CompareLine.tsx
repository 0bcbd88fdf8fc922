import { Readout, type BaselineMetricId } from '../common/Readout';
import type { Comparison } from './compareModel';

/**
 * One number against the pinned baseline: "pinned 887 ms → 162 ms, −725 ms,
 * 0.18×", the change coloured by whether it is better. The baseline's value
 * is a readout of its own (`baseline-<id>`); the current one stays in the
 * card's own readout.
 */
export function CompareLine({ c, name, className = '' }: { c: Comparison; /** What the number is, for the accessible names ("TTFT of the drawn request"). */ name: string; className?: string }) {
  const tone = c.better === null ? 'text-muted' : c.better ? 'text-good' : 'text-bad';
  return (
    <p className={`tabular flex flex-wrap items-baseline gap-x-1 text-xs ${className}`} data-testid={`compare-${c.id}`}>
      <span className="text-muted">pinned</span>
      <Readout metric={`baseline-${c.id}` as BaselineMetricId} label={`Pinned baseline's ${name}`} text={c.baselineText} className="font-medium" />
      <span aria-hidden="true">→</span>
      <span className="sr-only">now</span>
      <span className="font-medium">{c.currentText}</span>
      <span className={`font-semibold ${tone}`} data-testid={`delta-${c.id}`}>
        {c.deltaText === 'no change' ? 'no change' : `${c.deltaText} · ${c.ratioText}`}
      </span>
    </p>
  );
}
