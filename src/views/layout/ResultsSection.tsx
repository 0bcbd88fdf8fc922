import { useSim } from '../../workers';
import { ThroughputCard, TpotCard, TtftCard, VerdictBanner } from '../cards';

/** The verdict and the three cards for the newest run. */
export function ResultsSection() {
  const main = useSim((s) => s.main);
  const cannotRun = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  if (!main) {
    return cannotRun ? (
      <p className="rounded-lg border border-line bg-surface p-4 text-sm">No results: the settings cannot run. The message above says why and how to fix them.</p>
    ) : (
      <p className="rounded-lg border border-line bg-surface p-4 text-sm text-muted" aria-busy="true">
        Simulating the server…
      </p>
    );
  }
  const { result } = main;
  const rep = result.representative?.breakdown ?? null;
  const slo = result.scenario.slo;
  return (
    <section aria-labelledby="results-h" className="space-y-3">
      <h2 id="results-h" className="sr-only">
        Results
      </h2>
      <VerdictBanner rep={rep} slo={slo} metrics={result.metrics} />
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        <TtftCard rep={rep} metrics={result.metrics} targetMs={slo.ttftMs} />
        <TpotCard rep={rep} metrics={result.metrics} targetMs={slo.tpotMs} />
        <ThroughputCard metrics={result.metrics} />
      </div>
    </section>
  );
}
