import { lazy, Suspense } from 'react';
import { useResultsPainted } from '../layout/useResultsPainted';
import { LoadControls } from './LoadControls';
import { ServerControls } from './ServerControls';
import { SloControls } from './SloControls';
import { WorkloadControls } from './WorkloadControls';

// The levers sit below the other settings: their code loads once the first readouts have painted.
const LeverControls = lazy(() => import('./LeverControls').then((m) => ({ default: m.LeverControls })));
// So do the serving settings below them (the engine's preset, batch limits, what is measured).
const ServingControls = lazy(() => import('./ServingControls').then((m) => ({ default: m.ServingControls })));

/** Every setting beyond the lesson's two (workload, idle or busy), grouped. */
export function Controls() {
  const painted = useResultsPainted();
  const leversLoading = <p className="text-xs text-muted">Loading the levers…</p>;
  const servingLoading = <p className="text-xs text-muted">Loading the serving settings…</p>;
  return (
    <div className="space-y-6">
      <WorkloadControls />
      <LoadControls />
      <SloControls />
      <ServerControls />
      {painted ? (
        <Suspense fallback={leversLoading}>
          <LeverControls />
        </Suspense>
      ) : (
        leversLoading
      )}
      {painted ? (
        <Suspense fallback={servingLoading}>
          <ServingControls />
        </Suspense>
      ) : (
        servingLoading
      )}
    </div>
  );
}
