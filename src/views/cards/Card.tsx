import type { ReactNode } from 'react';
import { useCompact } from '../common/compact';
import { formatMs } from '../common/format';
import { Readout, type MetricName } from '../common/Readout';

/** A titled result card. */
export function Card({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: ReactNode }) {
  const compact = useCompact();
  return (
    <article id={id} aria-labelledby={`${id}-h`} className={`flex flex-col rounded-lg border border-line bg-surface ${compact ? 'gap-1 p-2' : 'gap-1.5 p-3'}`} data-testid={id}>
      <header>
        <h3 id={`${id}-h`} className="text-sm font-semibold">
          {title}
        </h3>
        {!compact && <p className="text-xs text-muted">{subtitle}</p>}
      </header>
      {children}
    </article>
  );
}

/** A small labelled figure inside a card. */
export function Figure({ label, children }: { label: ReactNode; children: ReactNode }) {
  const compact = useCompact();
  return (
    <div className={`flex items-baseline justify-between gap-2 ${compact ? 'text-xs leading-4' : 'text-sm leading-5'}`}>
      <dt className="text-muted">{label}</dt>
      <dd className="tabular text-right font-medium whitespace-nowrap">{children}</dd>
    </div>
  );
}

/** The caption beside a card's big number: which request it belongs to, and its target. */
export function DrawnLabel({ targetMs }: { targetMs: number | null }) {
  return (
    <span className="text-xs text-muted">
      drawn request, target <span data-stat="target">{targetMs === null ? 'none' : `≤ ${formatMs(targetMs)}`}</span>
    </span>
  );
}

/**
 * A card's big number: the readout itself, or (when the readout is shown
 * elsewhere, as in a phone's clock tiles above the timeline) the same text
 * plainly, so each `data-metric` stays one element on the page.
 */
export function BigNumber({ metric, label, text, readout = true }: { metric: MetricName; label: string; text: string; readout?: boolean }) {
  if (readout) return <Readout metric={metric} label={label} text={text} className="text-2xl font-bold" />;
  return <span className="tabular text-2xl font-bold">{text}</span>;
}
