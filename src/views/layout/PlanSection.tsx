import { lazy, Suspense } from 'react';

// Its own chunk (the form, the table, the chart, the workers' client); the planner's worker script loads only when a plan runs.
const PlanPanel = lazy(() => import('../plan/PlanPanel').then((m) => ({ default: m.PlanPanel })));

/**
 * The capacity planner: the smallest deployments that serve a peak rate
 * within the targets, searched on the page's workers with the CLI's search.
 */
export function PlanSection() {
  return (
    <section id="plan" aria-labelledby="plan-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="plan-section">
      <h2 id="plan-h" className="text-lg font-semibold">
        Plan: how many GPUs for this traffic?
      </h2>
      <p className="max-w-prose text-sm">
        Say what must be served and how fast; the lab simulates every candidate deployment (GPU, precision, tensor parallelism, engine, replicas) and lists the ones that meet the
        targets, cheapest first. It is the same search as <code>lab plan</code>, run in this tab on one worker per core.
      </p>
      <Suspense fallback={<p className="text-sm text-muted">Loading the planner…</p>}>
        <PlanPanel />
      </Suspense>
    </section>
  );
}
