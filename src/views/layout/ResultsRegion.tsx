import { useEffect, type ReactNode } from 'react';
import { afterFirstReadouts, useSim } from '../../workers';

/**
 * The main results region. `data-state` says whether the shown results belong
 * to the newest settings (`ready`), are being recomputed (`running`) or cannot
 * be computed (`error`); `data-sweep` whether the load curve is complete.
 * Tests and the measurement script wait on these. When the settings cannot
 * run, the last results stay, greyed and labelled as stale (greyscale keeps
 * their text contrast; children marked `data-current` stay in colour).
 */
export function ResultsRegion({ children, plain = false }: { children: ReactNode; /** No page grid (an embed). */ plain?: boolean }) {
  const state = useSim((s) => (s.error && s.error.id === s.requestedId ? 'error' : s.main?.id === s.requestedId ? 'ready' : 'running'));
  const sweep = useSim((s) => (s.sweep?.done && s.sweep.id === s.requestedId ? 'done' : 'running'));
  const resultId = useSim((s) => s.main?.id ?? 0);
  const stale = state === 'error' && resultId > 0;
  // The sweep's worker starts once the first readouts are painted (see `afterFirstReadouts`).
  useEffect(() => {
    if (resultId > 0) afterFirstReadouts();
  }, [resultId]);
  return (
    <main
      id="results"
      className={`${plain ? '' : 'lab-grid mt-2'} ${stale ? '[&>:not([data-current])]:grayscale' : ''}`}
      data-state={state}
      data-sweep={sweep}
      data-result-id={resultId}
      aria-busy={state === 'running'}
    >
      {stale && (
        <p data-current className="rounded-md border border-dashed border-bad p-2 text-sm" data-testid="stale-results">
          Stale: the results below are from the last settings that ran. The current settings cannot run.
        </p>
      )}
      {children}
    </main>
  );
}
