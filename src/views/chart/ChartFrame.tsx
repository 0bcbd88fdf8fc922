import type { CSSProperties, ReactNode, Ref } from 'react';
import { chartStyleSheet } from './palette';

/** Hides content visually but keeps it for screen readers (Tailwind's `sr-only`, inlined so static renders match). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The frame every chart shares: a <figure> named by its visible caption,
 * the palette's CSS variables (light and dark), and an optional summary for
 * screen readers (usually a compact table of the numbers drawn).
 */
export function ChartFrame({
  title,
  subtitle,
  children,
  screenReaderSummary,
  containerRef,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  screenReaderSummary?: ReactNode;
  containerRef?: Ref<HTMLElement>;
  testId?: string;
}) {
  return (
    <figure ref={containerRef} className="ll-chart relative m-0 w-full min-w-0" style={{ margin: 0 }} data-testid={testId}>
      <style>{chartStyleSheet()}</style>
      <figcaption className="mb-1">
        <span className="block text-base font-semibold" style={{ display: 'block', fontWeight: 600 }}>
          {title}
        </span>
        {subtitle && (
          <span className="block text-sm" style={{ display: 'block', color: 'var(--ll-muted)' }}>
            {subtitle}
          </span>
        )}
      </figcaption>
      {children}
      {screenReaderSummary && <div style={VISUALLY_HIDDEN}>{screenReaderSummary}</div>}
    </figure>
  );
}

/** A compact data table for screen readers: the chart's numbers in rows. */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) =>
              j === 0 ? (
                <th key={j} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={j}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
