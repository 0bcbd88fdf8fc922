import { useRef, type ReactNode } from 'react';
import { SaveChart } from './SaveChart';

/** A card around one chart; the chart brings its own visible caption, the heading is for navigation. Its charts can be saved as SVG or PNG. */
export function ChartCard({ id, anchor, heading, children, dimmed = false }: { id: string; anchor: string; heading: string; children: ReactNode; dimmed?: boolean }) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <section id={anchor} aria-labelledby={`${id}-h`} className="space-y-2 rounded-lg border border-line bg-surface p-4 [contain-intrinsic-size:auto_640px] [content-visibility:auto]" data-testid={id}>
      <h2 id={`${id}-h`} className="sr-only">
        {heading}
      </h2>
      <SaveChart target={content} fileStem={`latency-lab-${id.replace(/-section$/, '')}`} label={heading.toLowerCase()} />
      <div ref={content} className={dimmed ? '[&_svg]:opacity-50' : ''} aria-busy={dimmed || undefined}>
        {children}
      </div>
    </section>
  );
}

/** Shown until a chart is available. */
export function ChartPlaceholder({ what }: { what: string }) {
  return <p className="rounded-md border border-dashed border-line p-6 text-center text-sm text-muted">{what} will appear here.</p>;
}
