import type { RunMetrics } from '../../engine/types';
import { formatCount, formatReqPerSec, formatShare, formatTokPerSec } from '../common/format';
import { useCompact } from '../common/compact';
import { Readout } from '../common/Readout';
import { CompareLine } from '../pin/CompareLine';
import type { Comparison } from '../pin/compareModel';
import { Card, Figure } from './Card';
import { RangeLine } from './RangeLine';
import type { CardRange } from './useCardRanges';

/** Throughput and goodput: the whole server's output, and the part of it that met the SLO (goodput in req/s, as everywhere in the lab). */
export function ThroughputCard({ metrics, compare, range }: { metrics: RunMetrics; /** Against the pinned baseline, when one is pinned. */ compare?: { throughput: Comparison; goodput: Comparison }; /** The lab's range, when it has one. */ range?: CardRange | null }) {
  const share = Number.isFinite(metrics.sloMetShare) ? Math.min(1, Math.max(0, metrics.sloMetShare)) : 0;
  const compact = useCompact();
  return (
    <Card id="throughput-card" title="Throughput and goodput" subtitle="The whole server: what the bill pays for">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <Readout metric="system-throughput" label="System throughput" text={formatTokPerSec(metrics.outputTokPerSec)} className="text-2xl font-bold" />
        {!compact && <span className="text-xs text-muted">all users together</span>}
      </p>
      {range && <RangeLine metric="throughput" lead={range.lead} text={range.text} />}
      {compare && <CompareLine c={compare.throughput} name="system throughput" />}
      <dl>
        <Figure label="Requests completed">
          <Readout metric="requests-per-sec" label="Requests completed per second" text={formatReqPerSec(metrics.requestsPerSec)} />
        </Figure>
        <Figure label="Goodput (in time)">
          <Readout metric="goodput" label="Goodput" text={formatReqPerSec(metrics.goodputReqPerSec)} />
        </Figure>
      </dl>
      {compare && <CompareLine c={compare.goodput} name="goodput" className="justify-end" />}
      <div className="h-2.5 w-full overflow-hidden rounded-sm bg-bad/30" role="img" aria-label={`${formatShare(share)} of completed requests met every target`}>
        <div className="h-full bg-good" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-xs text-muted">
        <Readout metric="slo-share" label="Share of completed requests that met every target" text={formatShare(share)} /> of completed requests met every target.
      </p>
      <dl>
        <Figure label="Pace one user sees (median)">
          <Readout metric="user-throughput" label="Per-user throughput" text={formatTokPerSec(metrics.userTokPerSec)} />
        </Figure>
        {metrics.rejected > 0 && <Figure label="Rejected: too big for memory">{formatCount(metrics.rejected)}</Figure>}
      </dl>
    </Card>
  );
}
