import type { RunMetrics } from '../../engine/types';
import { formatCount, formatReqPerSec, formatShare, formatTokPerSec } from '../common/format';
import { Readout } from '../common/Readout';
import { Card, Figure } from './Card';

/** Throughput and goodput: the whole server's output, and the part of it that met the SLO. */
export function ThroughputCard({ metrics }: { metrics: RunMetrics }) {
  const share = Number.isFinite(metrics.sloMetShare) ? Math.min(1, Math.max(0, metrics.sloMetShare)) : 0;
  return (
    <Card id="throughput-card" title="Throughput and goodput" subtitle="The whole server over the run: what the bill pays for">
      <Readout metric="system-throughput" label="System throughput" text={formatTokPerSec(metrics.outputTokPerSec)} className="text-3xl font-bold" />
      <dl className="space-y-0.5">
        <Figure label="Requests completed">{formatReqPerSec(metrics.requestsPerSec)}</Figure>
        <Figure label="Goodput (met every target)">
          <Readout metric="goodput" label="Goodput" text={formatReqPerSec(metrics.goodputReqPerSec)} />
        </Figure>
      </dl>
      <div className="h-3 w-full overflow-hidden rounded-sm bg-bad/30" role="img" aria-label={`${formatShare(share)} of completed requests met every target`}>
        <div className="h-full bg-good" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-xs text-muted">{formatShare(share)} of completed requests met every target.</p>
      <dl className="space-y-0.5">
        <Figure label="Pace one user sees (median)">
          <Readout metric="user-throughput" label="Per-user throughput" text={formatTokPerSec(metrics.userTokPerSec)} />
        </Figure>
        {metrics.rejected > 0 && <Figure label="Rejected: too big for memory">{formatCount(metrics.rejected)}</Figure>}
      </dl>
    </Card>
  );
}
