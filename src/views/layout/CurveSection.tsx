import { memo, useMemo } from 'react';
import { ThroughputCurve as ThroughputCurveChart } from '../curve';
import { useLabStore } from '../../store';
import { useDeferredSim, useSim } from '../../workers';
import { ChartCard } from './ChartsSection';

// Memoised so the urgent render after a new result (which still sees the old deferred one) skips the layout.
const ThroughputCurve = memo(ThroughputCurveChart);

/** Throughput and latency versus load, from the sweep; the last full curve stays (dimmed) while a new one is computed. */
export function CurveSection({ compact = false, maxHeightPx }: { compact?: boolean; maxHeightPx?: number } = {}) {
  const sweep = useDeferredSim((s) => s.sweep);
  const lastFull = useDeferredSim((s) => s.lastFullSweep);
  const load = useDeferredSim((s) => s.main?.result.scenario.load ?? null);
  const slo = useDeferredSim((s) => s.main?.result.scenario.slo ?? null);
  const server = useDeferredSim((s) => s.main?.result.scenario.server ?? null);
  const cannotRun = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  const current = useMemo(
    () => ({ users: load?.kind === 'closed' ? load.users : null, ratePerSec: load?.kind === 'open' ? load.ratePerSec : null }),
    [load],
  );
  const sloTargets = useMemo(() => ({ ttftMs: slo?.ttftMs ?? null, tpotMs: slo?.tpotMs ?? null }), [slo]);
  // The real run of the compare panel, if any, as a diamond on the curve.
  const run = useLabStore((s) => s.importedRun);
  const extraPoints = useMemo(() => (run ? [{ ...run, users: run.concurrency }] : undefined), [run]);
  const building = sweep !== null && !sweep.done;
  const shown = sweep?.done ? sweep : lastFull;
  const progress = building ? `Updating the curve: ${sweep.points.filter(Boolean).length} of ${sweep.total} runs done…` : '';
  const dimmed = building || shown !== sweep;
  const body =
    shown && server ? (
      <ThroughputCurve points={shown.points} current={current} slo={sloTargets} maxBatch={server.maxBatch} kvCapacityTokens={server.kvCapacityTokens} extraPoints={extraPoints} compact={compact} maxHeightPx={maxHeightPx} />
    ) : (
      <p className="p-6 text-center text-sm text-muted">{cannotRun ? 'No curve: the settings cannot run.' : 'Running the server at nine loads…'}</p>
    );
  if (compact) {
    // In an embed: no card, no save buttons, the progress for screen readers only.
    return (
      <section id="curve" aria-label="Throughput versus load" data-testid="curve-section" className={dimmed ? '[&_svg]:opacity-50' : ''}>
        <p className="sr-only" data-sweep-state={building ? 'running' : 'done'}>
          {progress}
        </p>
        {body}
      </section>
    );
  }
  return (
    <ChartCard id="curve-section" anchor="curve" heading="Throughput versus load" dimmed={dimmed}>
      <p className="min-h-4 text-xs text-muted" data-sweep-state={building ? 'running' : 'done'}>
        {progress}
      </p>
      {body}
    </ChartCard>
  );
}
