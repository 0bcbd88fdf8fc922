import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics } from '../../engine/types';
import { formatCount, formatMs } from '../common/format';
import { Readout } from '../common/Readout';
import { Card, Figure } from './Card';

const part = (ms: number, total: number) => (total > 0 && Number.isFinite(ms) ? Math.max(0, (ms / total) * 100) : 0);

/** TTFT: what is inside the wait for the first token, for the typical request and over the run. */
export function TtftCard({ rep, metrics, targetMs }: { rep: RequestBreakdown | null; metrics: RunMetrics; targetMs: number | null }) {
  const network = rep ? rep.networkInMs + rep.networkOutMs : NaN;
  const total = rep?.ttftMs ?? 0;
  return (
    <Card id="ttft-card" title="Time to first token (TTFT)" subtitle="The silence before anything appears">
      <Readout metric="ttft" label="TTFT of the typical request" text={formatMs(rep?.ttftMs)} className="text-3xl font-bold" />
      {rep && (
        <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-sm bg-line">
          <div className="bg-net" style={{ width: `${part(rep.networkInMs, total)}%` }} />
          <div className="bg-queue" style={{ width: `${part(rep.queueMs, total)}%` }} />
          <div className="bg-prefill" style={{ width: `${part(rep.prefillMs, total)}%` }} />
          <div className="bg-net" style={{ width: `${part(rep.networkOutMs, total)}%` }} />
        </div>
      )}
      <dl className="space-y-0.5">
        <Figure label="Network, both ways">{formatMs(network)}</Figure>
        <Figure label="Queue wait">{formatMs(rep?.queueMs)}</Figure>
        <Figure label={`Prefill of ${formatCount(rep?.promptTokens)} prompt tokens`}>{formatMs(rep?.prefillMs)}</Figure>
        <Figure label="All requests: median / p95">
          {formatMs(metrics.ttftMs.p50)} / {formatMs(metrics.ttftMs.p95)}
        </Figure>
        <Figure label="Target">{targetMs === null ? 'none' : `≤ ${formatMs(targetMs)}`}</Figure>
      </dl>
    </Card>
  );
}
