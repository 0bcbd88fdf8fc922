import type { ReactNode } from 'react';

/** A titled result card. */
export function Card({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <article aria-labelledby={`${id}-h`} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4">
      <header>
        <h3 id={`${id}-h`} className="text-sm font-semibold">
          {title}
        </h3>
        <p className="text-xs text-muted">{subtitle}</p>
      </header>
      {children}
    </article>
  );
}

/** A small labelled figure inside a card. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular text-right font-medium whitespace-nowrap">{children}</dd>
    </div>
  );
}
