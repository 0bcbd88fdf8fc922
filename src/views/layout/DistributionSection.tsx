import { memo, useMemo } from 'react';
import { LatencyDistribution as LatencyDistributionChart } from '../distribution';
import { useDeferredSim } from '../../workers';
import { ChartCard } from './ChartsSection';

// Memoised so the urgent render after a new result (which still sees the old deferred one) skips the layout.
const LatencyDistribution = memo(LatencyDistributionChart);

/** TTFT and TPOT over every completed request of the main run: mean versus the tail. */
export function DistributionSection() {
  const result = useDeferredSim((s) => s.main?.result ?? null);
  const samples = useMemo(() => {
    if (!result) return null;
    const done = result.requests.filter((r) => r.completed);
    return {
      ttftMs: done.map((r) => r.ttftMs),
      // TPOT is defined only with more than one output token, as the run metrics count it.
      tpotMs: done.filter((r) => r.outputTokens > 1).map((r) => r.tpotMs),
    };
  }, [result]);
  const slo = useMemo(() => ({ ttftMs: result?.scenario.slo.ttftMs ?? null, tpotMs: result?.scenario.slo.tpotMs ?? null }), [result]);
  if (!result || !samples) return null;
  return (
    <ChartCard id="distribution-section" anchor="distribution" heading="Latency across all requests">
      <LatencyDistribution ttftMs={samples.ttftMs} tpotMs={samples.tpotMs} metrics={result.metrics} slo={slo} />
    </ChartCard>
  );
}
