import type { ReactNode } from 'react';

/**
 * The tooltip of a chart, as a readout under it rather than a floating box:
 * it never covers the marks, works the same for mouse and keyboard, and is a
 * polite live region so a screen reader hears the values of the focused point.
 */
export function Readout({ heading, lines, hint }: { heading: string | null; lines: readonly string[]; hint: ReactNode }) {
  return (
    <div aria-live="polite" className="mt-1 min-h-[3.5rem] text-sm" style={{ color: 'var(--ll-text)', minHeight: '3.5rem' }}>
      {heading === null ? (
        <span style={{ color: 'var(--ll-muted)' }}>{hint}</span>
      ) : (
        <>
          <span className="font-semibold" style={{ fontWeight: 600 }}>
            {heading}
          </span>
          {': '}
          {lines.join(' · ')}
        </>
      )}
    </div>
  );
}
