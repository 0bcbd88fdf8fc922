import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLabStore } from '../../store';

/**
 * One view's failure stays in that view: a section that throws while
 * rendering is replaced by a short notice with a retry button, and the rest
 * of the lab keeps working (without it, React unmounts the whole page). The
 * boundary retries by itself when the settings or the imported run change,
 * since the input that broke the view may be gone.
 */
export function SectionBoundary({ name, children }: { name: string; children: ReactNode }) {
  const settings = useLabStore((s) => s.settings);
  const importedRun = useLabStore((s) => s.importedRun);
  return (
    <ErrorBoundary
      resetKeys={[settings, importedRun]}
      fallbackRender={(props) => <SectionFailed name={name} {...props} />}
      onError={(error) => {
        // Kept in the console for whoever debugs it; the page shows the short form.
        console.warn(`Latency Lab: "${name}" failed to render`, error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The notice shown in place of a section that failed. */
export function SectionFailed({ name, error, resetErrorBoundary }: { name: string } & Pick<FallbackProps, 'error' | 'resetErrorBoundary'>) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="rounded-lg border-2 border-bad bg-bad-bg p-3 text-sm" data-testid="section-failed">
      <p className="font-semibold">{name} could not be shown.</p>
      <p className="[overflow-wrap:anywhere]">
        {message.slice(0, 300) || 'An unexpected error.'} The rest of the lab still works; change a setting or try again.
      </p>
      <button type="button" onClick={resetErrorBoundary} className="mt-2 rounded border border-line bg-raised px-2 py-0.5">
        Try again
      </button>
    </div>
  );
}
