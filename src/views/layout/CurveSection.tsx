import { memo, useMemo, useState, type ReactNode } from 'react';
import type { SweepPoint } from '../../engine';
import { ThroughputCurve as ThroughputCurveChart } from '../curve';
import { GoodputRateChart } from '../curve/GoodputRateChart';
import { goodputRates } from '../curve/goodputRate';
import { useLabStore } from '../../store';
import { useDeferredSim, usePinnedResult, usePinnedSweep, useSim, type SweepState } from '../../workers';
import { useRateCompare } from '../../workers/rateCompare';
import { Choice } from '../common/Choice';
import { clusterWords, sameShape } from '../common/cluster';
import { ChartCard } from './ChartsSection';

// Memoised so the urgent render after a new result (which still sees the old deferred one) skips the layout.
const ThroughputCurve = memo(ThroughputCurveChart);

type CurveMode = 'load' | 'rate';

/** The highest completed rate on any of the load curves, req/s; null when none has a finite one. */
function capacityOf(...curves: (readonly (SweepPoint | null | undefined)[] | undefined)[]): number | null {
  let best = 0;
  for (const points of curves) for (const p of points ?? []) if (p && Number.isFinite(p.metrics.requestsPerSec)) best = Math.max(best, p.metrics.requestsPerSec);
  return best > 0 ? best : null;
}

/** Runs done of both rate sweeps, and of how many (each sweep has `perSweep` rates until its first point says). */
function sweepProgress(current: SweepState | null, baseline: SweepState | null, perSweep: number): { done: number; total: number } {
  const count = (s: SweepState | null) => (s ? s.points.filter(Boolean).length : 0);
  const totalOf = (s: SweepState | null) => s?.total ?? perSweep;
  // A finished sweep counts whole: a point that could not be run still leaves it complete.
  const doneOf = (s: SweepState | null) => (s?.done ? totalOf(s) : count(s));
  return { done: doneOf(current) + doneOf(baseline), total: totalOf(current) + totalOf(baseline) };
}

/** Throughput and latency versus load, from the sweep; the last full curve stays (dimmed) while a new one is computed. */
export function CurveSection({ compact = false, maxHeightPx }: { compact?: boolean; maxHeightPx?: number } = {}) {
  const sweep = useDeferredSim((s) => s.sweep);
  const lastFull = useDeferredSim((s) => s.lastFullSweep);
  const load = useDeferredSim((s) => s.main?.result.scenario.load ?? null);
  const slo = useDeferredSim((s) => s.main?.result.scenario.slo ?? null);
  const server = useDeferredSim((s) => s.main?.result.scenario.server ?? null);
  const cannotRun = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  const edges = useDeferredSim((s) => s.edges);
  const pinnedSweep = usePinnedSweep();
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
  const baselinePoints = pinnedSweep?.points;
  // Bands only for the sweep they were run for (not a stale curve kept on screen).
  const bands = shown && edges && edges.id === shown.id ? edges.bands : undefined;
  const body =
    shown && server ? (
      <ThroughputCurve points={shown.points} current={current} slo={sloTargets} maxBatch={server.maxBatch} kvCapacityTokens={server.kvCapacityTokens} extraPoints={extraPoints} baselinePoints={baselinePoints} bands={bands} compact={compact} maxHeightPx={maxHeightPx} />
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
      <PinnedCurveModes loadCurve={body} capacityReqPerSec={sweep?.done && pinnedSweep?.done ? capacityOf(sweep.points, pinnedSweep.points) : null} />
    </ChartCard>
  );
}

/**
 * With a baseline pinned: the curve with both runs, or (one click) goodput
 * against offered rate for both, swept over the same rates, which is where
 * two ways of spending the same GPUs part (the DistServe comparison).
 */
function PinnedCurveModes({ loadCurve, capacityReqPerSec }: { loadCurve: ReactNode; /** The most either run completes on its load curve, req/s (null before a curve). */ capacityReqPerSec: number | null }) {
  const pinnedSettings = useLabStore((s) => s.pinned);
  const settings = useLabStore((s) => s.settings);
  const pinned = usePinnedResult();
  const main = useDeferredSim((s) => s.main?.result ?? null);
  const [mode, setMode] = useState<CurveMode>('load');
  const on = pinnedSettings !== null && mode === 'rate';
  // Around what the busier of the two can complete, so the sweep crosses the rate where they part
  // (an idle run's own rate would sweep far below it). Only once both load curves are in: a centre
  // taken from one curve and then the other would sweep twice, over different rates.
  const rates = useMemo(() => (capacityReqPerSec === null ? null : goodputRates(capacityReqPerSec)), [capacityReqPerSec]);
  const both = useRateCompare(on, settings, pinnedSettings, rates);
  if (!pinnedSettings) return <>{loadCurve}</>;
  const shapesDiffer = pinned && main ? !sameShape(pinned.cluster, main.cluster) : false;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <div className="w-full max-w-md">
          <Choice<CurveMode>
            legend="What the curve shows"
            legendHidden
            dense
            options={[
              { value: 'load', label: 'Both runs against load' },
              { value: 'rate', label: 'Goodput against rate', hint: 'both runs, the same rates' },
            ]}
            value={mode}
            onChange={setMode}
          />
        </div>
        {shapesDiffer && pinned && main && (
          <span className="text-xs text-muted" data-testid="cluster-shapes">
            The runs spend their GPUs differently: now {clusterWords(main.cluster)}, pinned {clusterWords(pinned.cluster)}.{mode === 'load' ? ' Goodput against rate shows which sustains more traffic within the SLO.' : ''}
          </span>
        )}
      </div>
      {mode === 'load' ? (
        loadCurve
      ) : (
        <GoodputRateChart current={both.current?.points ?? []} baseline={both.baseline?.points ?? []} progress={sweepProgress(both.current, both.baseline, rates?.length ?? 0)} />
      )}
    </div>
  );
}
