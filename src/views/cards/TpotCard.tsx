import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics } from '../../engine/types';
import { formatCount, formatMs, formatTokPerSec, tokPerSecOf } from '../common/format';
import { useCompact } from '../common/compact';
import { Readout } from '../common/Readout';
import { CompareLine } from '../pin/CompareLine';
import type { Comparison } from '../pin/compareModel';
import { BigNumber, Card, DrawnLabel, Figure } from './Card';
import { RangeLine } from './RangeLine';
import type { CardRange } from './useCardRanges';
import { INSTANT_TOK_PER_SEC, pacePercent, paceWords, READING_TOK_PER_SEC } from './paceScale';

/** TPOT: the decode pace, in ms per token and tokens per second, against reading speed. */
export function TpotCard({ rep, metrics, targetMs, compare, readoutElsewhere = false, range }: { rep: RequestBreakdown | null; metrics: RunMetrics; targetMs: number | null; /** Against the pinned baseline, when one is pinned. */ compare?: Comparison; /** The big number's readout is on the page already (a phone's clock tiles). */ readoutElsewhere?: boolean; /** The lab's range around the median, when it has one. */ range?: CardRange | null }) {
  const tokPerSec = rep && rep.outputTokens > 1 ? tokPerSecOf(rep.tpotMs) : null;
  const here = pacePercent(tokPerSec);
  const reading0 = pacePercent(READING_TOK_PER_SEC[0]) ?? 0;
  const reading1 = pacePercent(READING_TOK_PER_SEC[1]) ?? 0;
  const instant = pacePercent(INSTANT_TOK_PER_SEC) ?? 0;
  const compact = useCompact();
  return (
    <Card id="tpot-card" title="Time per output token (TPOT)" subtitle="The pace of every token after the first">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <BigNumber metric="tpot" label="TPOT of the drawn request" text={formatMs(rep && rep.outputTokens > 1 ? rep.tpotMs : null)} readout={!readoutElsewhere} />
        <span className="text-sm text-muted">= {formatTokPerSec(tokPerSec)}</span>
        <DrawnLabel targetMs={targetMs} />
      </p>
      {range && <RangeLine metric="tpot" lead={range.lead} text={range.text} />}
      {compare && <CompareLine c={compare} name="TPOT of the drawn request" />}
      <div className="relative mt-1 mb-4 h-2 rounded-sm bg-line" role="img" aria-label={`Pace ${formatTokPerSec(tokPerSec)} on a scale from 1 to 500 tokens per second; people read about 4 to 5, 50 and more feels instant.`}>
        <div className="absolute inset-y-0 rounded-sm bg-queue" style={{ left: `${reading0}%`, width: `${Math.max(1, reading1 - reading0)}%` }} />
        <div className="absolute inset-y-0 right-0 rounded-r-sm bg-decode/40" style={{ left: `${instant}%` }} />
        <span className="absolute top-2.5 -translate-x-1/2 text-[10px] whitespace-nowrap text-muted" style={{ left: `${reading0}%` }} aria-hidden="true">
          reading
        </span>
        <span className="absolute top-2.5 text-[10px] whitespace-nowrap text-muted" style={{ left: `${instant}%` }} aria-hidden="true">
          instant ≥ 50
        </span>
        {here !== null && <div className="absolute -top-1.5 h-5 w-1 -translate-x-1/2 rounded-sm bg-ink" style={{ left: `${here}%` }} aria-hidden="true" />}
      </div>
      {!compact && <p className="text-xs text-muted">{paceWords(tokPerSec)}</p>}
      <dl>
        {!compact && <Figure label="Longest gap (p99)">{formatMs(metrics.itlMs.p99)}</Figure>}
        {rep && rep.kvWaitMs + rep.kvTransferMs > 0 && (
          <Figure label="KV cache moved to a decode GPU">
            <span data-testid="kv-transfer">{formatMs(rep.kvWaitMs + rep.kvTransferMs)}</span>
          </Figure>
        )}
        {rep && rep.decodeQueueMs > 0 && (
          <Figure label="Waited for a decode slot">
            <span data-testid="decode-queue">{formatMs(rep.decodeQueueMs)}</span>
          </Figure>
        )}
      </dl>
      {rep && rep.kvWaitMs + rep.kvTransferMs + rep.decodeQueueMs > 0 && !compact && (
        <p className="text-xs text-muted">
          Both come before its second token, so they count in its TPOT ({formatMs(rep.kvTransferMs)} on the link{rep.kvWaitMs > 0 ? `, ${formatMs(rep.kvWaitMs)} waiting for it` : ''}).
        </p>
      )}
      <p className="text-xs text-muted">
        All {formatCount(metrics.completed)} requests: median <Readout metric="tpot-p50" label="Median TPOT of all requests" text={formatMs(metrics.tpotMs.p50)} className="font-medium text-ink" />, p95{' '}
        <Readout metric="tpot-p95" label="p95 TPOT of all requests" text={formatMs(metrics.tpotMs.p95)} className="font-medium text-ink" />
      </p>
    </Card>
  );
}
