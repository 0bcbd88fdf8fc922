import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics } from '../../engine/types';
import { formatCount, formatMs, formatShare } from '../common/format';
import { Readout } from '../common/Readout';
import { CompareLine } from '../pin/CompareLine';
import type { Comparison } from '../pin/compareModel';
import { BigNumber, Card, DrawnLabel, Figure } from './Card';
import { RangeLine } from './RangeLine';
import type { CardRange } from './useCardRanges';

const part = (ms: number, total: number) => (total > 0 && Number.isFinite(ms) ? Math.max(0, (ms / total) * 100) : 0);

/** TTFT: what is inside the wait for the first token, for the drawn request and over the run. */
export function TtftCard({ rep, metrics, targetMs, compare, readoutElsewhere = false, range }: { rep: RequestBreakdown | null; metrics: RunMetrics; targetMs: number | null; /** Against the pinned baseline, when one is pinned. */ compare?: Comparison; /** The big number's readout is on the page already (a phone's clock tiles). */ readoutElsewhere?: boolean; /** The lab's range around the median, when it has one. */ range?: CardRange | null }) {
  const network = rep ? rep.networkInMs + rep.networkOutMs : NaN;
  const total = rep?.ttftMs ?? 0;
  return (
    <Card id="ttft-card" title="Time to first token (TTFT)" subtitle="The silence before anything appears">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <BigNumber metric="ttft" label="TTFT of the drawn request" text={formatMs(rep?.ttftMs)} readout={!readoutElsewhere} />
        <DrawnLabel targetMs={targetMs} />
      </p>
      {range && <RangeLine metric="ttft" lead={range.lead} text={range.text} />}
      {compare && <CompareLine c={compare} name="TTFT of the drawn request" />}
      {rep && (
        <div aria-hidden="true" className="flex h-2.5 w-full overflow-hidden rounded-sm bg-line">
          <div className="bg-net" style={{ width: `${part(rep.networkInMs, total)}%` }} />
          <div className="bg-queue" style={{ width: `${part(rep.queueMs, total)}%` }} />
          <div className="bg-prefill" style={{ width: `${part(rep.prefillMs, total)}%` }} />
          <div className="bg-net" style={{ width: `${part(rep.networkOutMs, total)}%` }} />
        </div>
      )}
      <dl>
        <Figure label="Network, both ways">
          <Readout metric="ttft-network" label="Network, both ways, of the drawn request" text={formatMs(network)} />
        </Figure>
        <Figure label="Queue wait">
          <Readout metric="ttft-queue" label="Queue wait of the drawn request" text={formatMs(rep?.queueMs)} />
        </Figure>
        <Figure label={rep && rep.cachedTokens > 0 ? `Prefill, ${formatCount(rep.promptTokens - rep.cachedTokens)} of ${formatCount(rep.promptTokens)} tokens` : `Prefill, ${formatCount(rep?.promptTokens)} tokens`}>
          <Readout metric="ttft-prefill" label="Prefill of the drawn request" text={formatMs(rep?.prefillMs)} />
        </Figure>
        {rep && rep.cachedTokens > 0 && (
          <Figure label={`Saved: ${formatCount(rep.cachedTokens)} tokens cached`}>
            <span className="text-good" data-testid="prefill-saved">
              −{formatMs(rep.prefillSavedMs)}
            </span>
          </Figure>
        )}
      </dl>
      <p className="text-xs text-muted">
        All {formatCount(metrics.completed)} requests: median <Readout metric="ttft-p50" label="Median TTFT of all requests" text={formatMs(metrics.ttftMs.p50)} className="font-medium text-ink" />, p95{' '}
        <Readout metric="ttft-p95" label="p95 TTFT of all requests" text={formatMs(metrics.ttftMs.p95)} className="font-medium text-ink" />
        {metrics.prefixHitRate !== undefined && (
          <>
            ; prefix cache hit rate{' '}
            <span className="font-medium text-ink" data-testid="prefix-hit-rate" title="Cached prompt tokens over prompt tokens">
              {formatShare(metrics.prefixHitRate)}
            </span>
          </>
        )}
      </p>
    </Card>
  );
}
