import type { ReactNode } from 'react';

/** A titled section for one chart. */
export function ChartPanel({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-2 rounded-lg border border-line bg-surface p-4" data-testid={id}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm text-muted">{intro}</p>
      {children}
    </section>
  );
}

/** Shown until a chart is available. */
export function ChartPlaceholder({ what }: { what: string }) {
  return <p className="rounded-md border border-dashed border-line p-6 text-center text-sm text-muted">{what} will appear here.</p>;
}
