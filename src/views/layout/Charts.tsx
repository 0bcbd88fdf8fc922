import { useSim } from '../../workers';
import { ChartPanel, ChartPlaceholder } from './ChartsSection';

/** The three charts: throughput versus load, the server's lanes, the latency distribution. */
export function Charts() {
  const sweep = useSim((s) => s.sweep);
  const progress = sweep && !sweep.done ? `Computing the curve: ${sweep.points.filter(Boolean).length} of ${sweep.total} points…` : null;
  return (
    <>
      <ChartPanel id="curve" title="Throughput versus load" intro="Each point is a full run at a different load. System throughput climbs and levels off while every user waits longer.">
        <p className="text-xs text-muted" aria-live="polite" data-sweep-state={sweep?.done ? 'done' : 'running'}>
          {progress ?? ''}
        </p>
        <ChartPlaceholder what="The throughput curve" />
      </ChartPanel>
      <ChartPanel id="server-view" title="Inside the server" intro="Requests in flight as lanes, with the batch size and KV-cache memory over time.">
        <ChartPlaceholder what="The server view" />
      </ChartPanel>
      <ChartPanel id="distribution" title="Latency across all requests" intro="The spread of TTFT and TPOT over the run: the tail (p95, p99) is what the slowest users feel.">
        <ChartPlaceholder what="The latency distribution" />
      </ChartPanel>
    </>
  );
}
