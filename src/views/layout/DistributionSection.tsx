import { memo, useMemo } from 'react';
import { liveNumbersOf } from '../../lesson/live';
import { LatencyDistribution as LatencyDistributionChart } from '../distribution';
import { useDeferredSim, usePinnedResult } from '../../workers';
import type { MainResult } from '../../workers/protocol';
import { formatCount, formatMs } from '../common/format';
import { Readout } from '../common/Readout';
import { ChartCard } from './ChartsSection';

// Memoised so the urgent render after a new result (which still sees the old deferred one) skips the layout.
const LatencyDistribution = memo(LatencyDistributionChart);

/** TTFT and TPOT over every completed request of the main run: mean versus the tail, and where the slowest requests lost their time. */
export function DistributionSection() {
  const result = useDeferredSim((s) => s.main?.result ?? null);
  const samples = useMemo(() => (result ? samplesOf(result) : null), [result]);
  const pinned = usePinnedResult();
  const baseline = useMemo(() => (pinned ? { ...samplesOf(pinned), metrics: pinned.metrics } : null), [pinned]);
  const live = useMemo(() => (result ? liveNumbersOf(result) : null), [result]);
  const slo = useMemo(() => ({ ttftMs: result?.scenario.slo.ttftMs ?? null, tpotMs: result?.scenario.slo.tpotMs ?? null }), [result]);
  if (!result || !samples) return null;
  const m = result.metrics;
  return (
    <ChartCard id="distribution-section" anchor="distribution" heading="Latency across all requests">
      <LatencyDistribution ttftMs={samples.ttftMs} tpotMs={samples.tpotMs} metrics={m} slo={slo} baseline={baseline} />
      <div className="space-y-1 text-sm" data-testid="ttft-stats">
        <p>
          <span className="font-semibold">TTFT of all {formatCount(m.completed)} requests: </span>
          mean <Readout metric="ttft-mean" label="Mean TTFT of all requests" text={formatMs(m.ttftMs.mean)} className="font-medium" />, median {formatMs(m.ttftMs.p50)}, p95{' '}
          {formatMs(m.ttftMs.p95)}, p99 <Readout metric="ttft-p99" label="p99 TTFT of all requests" text={formatMs(m.ttftMs.p99)} className="font-medium" />.
        </p>
        {live && (
          <table className="text-left text-sm">
            <caption className="text-left text-muted">Where the time to first token went, on average (ms)</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="pr-4 font-medium">Requests</th>
                <th scope="col" className="pr-4 font-medium">Network</th>
                <th scope="col" className="pr-4 font-medium">Queue</th>
                <th scope="col" className="pr-4 font-medium">Prefill</th>
              </tr>
            </thead>
            <tbody className="tabular">
              <tr>
                <th scope="row" className="pr-4 font-normal">All</th>
                <td className="pr-4"><Readout metric="all-network" label="Mean network time, all requests" text={formatMs(live.allParts.networkMs)} /></td>
                <td className="pr-4"><Readout metric="all-queue" label="Mean queue wait, all requests" text={formatMs(live.allParts.queueMs)} /></td>
                <td className="pr-4"><Readout metric="all-prefill" label="Mean prefill, all requests" text={formatMs(live.allParts.prefillMs)} /></td>
              </tr>
              <tr>
                <th scope="row" className="pr-4 font-normal">Slowest 1% by TTFT</th>
                <td className="pr-4"><Readout metric="tail-network" label="Mean network time, slowest 1%" text={formatMs(live.tailParts.networkMs)} /></td>
                <td className="pr-4"><Readout metric="tail-queue" label="Mean queue wait, slowest 1%" text={formatMs(live.tailParts.queueMs)} /></td>
                <td className="pr-4"><Readout metric="tail-prefill" label="Mean prefill, slowest 1%" text={formatMs(live.tailParts.prefillMs)} /></td>
              </tr>
            </tbody>
          </table>
        )}
      </div>
    </ChartCard>
  );
}

/** TTFT and TPOT of every completed request of a run (TPOT only with more than one output token, as the run metrics count it). */
function samplesOf(result: MainResult): { ttftMs: number[]; tpotMs: number[] } {
  const done = result.requests.filter((r) => r.completed);
  return { ttftMs: done.map((r) => r.ttftMs), tpotMs: done.filter((r) => r.outputTokens > 1).map((r) => r.tpotMs) };
}
