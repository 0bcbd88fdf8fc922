import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { useLabStore } from '../../store';
import { useDeferredSim } from '../../workers';
import { REPLAY_SERVERS } from '../compare/replayServer';

// Its own chunk (the file parsers, their schemas, the endpoint client): the panel sits below the charts.
const ComparePanel = lazy(() => import('../compare/ComparePanel').then((m) => ({ default: memo(m.ComparePanel) })));

/**
 * A real run next to the simulation: the compare panel, fed with the newest
 * simulated run and the current SLO and settings. The run it shows goes to the
 * store (`importedRun`), from which the throughput curve draws it.
 */
export function CompareSection() {
  const result = useDeferredSim((s) => s.main?.result ?? null);
  // Deferred like the results: the panel's command lines need not block the readouts.
  const settings = useDeferredValue(useLabStore((s) => s.settings));
  const setImportedRun = useLabStore((s) => s.setImportedRun);
  const { ttftSlo, tpotSlo, e2eSlo } = settings;
  const slo = useMemo(() => ({ ttftMs: ttftSlo, tpotMs: tpotSlo, e2eMs: e2eSlo }), [ttftSlo, tpotSlo, e2eSlo]);
  const simulated = useMemo(() => {
    if (!result) return null;
    const done = result.requests.filter((r) => r.completed);
    // TPOT is defined only with more than one output token, as the run metrics count it.
    return {
      metrics: result.metrics,
      ttftMs: done.map((r) => r.ttftMs),
      tpotMs: done.filter((r) => r.outputTokens > 1).map((r) => r.tpotMs),
      records: { requests: result.requests, log: result.log, instances: result.instances, scenario: result.scenario },
    };
  }, [result]);
  // The run leaves the curve with the panel.
  useEffect(() => () => setImportedRun(null), [setImportedRun]);
  return (
    <div id="compare" className="rounded-lg border border-line bg-surface p-4 [contain-intrinsic-size:auto_1400px] [content-visibility:auto]" data-testid="compare-section">
      <Suspense fallback={<h2 className="text-lg font-semibold">Compare with a real run</h2>}>
        <ComparePanel simulated={simulated} slo={slo} settings={settings} onRunChange={setImportedRun} replayServers={REPLAY_SERVERS} />
      </Suspense>
    </div>
  );
}
