import type { ReactNode } from 'react';
import type { RequestBreakdown } from '../../engine/breakdown';
import type { Slo } from '../../engine/types';
import { formatMs } from '../common/format';
import { Readout } from '../common/Readout';
import { verdictFor } from './verdict';

function Tile({ name, what, targetMs, over, children }: { name: string; what: string; targetMs: number | null; over: boolean; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border border-line bg-surface px-2 py-1">
      <p className="flex items-baseline gap-1.5 whitespace-nowrap">
        <abbr title={what} className="text-xs font-semibold no-underline">
          {name}
        </abbr>
        <span className={`text-xl leading-7 font-bold ${over ? 'text-bad' : ''}`}>{children}</span>
      </p>
      <p className="text-xs text-muted">
        {over ? <span className="font-semibold text-bad">missed</span> : 'target'} {targetMs === null ? 'none' : `≤ ${formatMs(targetMs)}`}
      </p>
    </div>
  );
}

/**
 * The drawn request's two clocks as two tiles, for a phone: there the cards
 * come after the timeline, below the first screen, so these carry the TTFT and
 * TPOT readouts (`data-metric`) and the cards show the same numbers plainly.
 */
export function ClockTiles({ rep, slo }: { rep: RequestBreakdown | null; slo: Slo }) {
  const tpotMs = rep && rep.outputTokens > 1 ? rep.tpotMs : null;
  // Missed as the verdict counts it, so a tile and the banner never disagree.
  const missed = new Set(rep ? verdictFor(rep, slo).misses.map((m) => m.metric) : []);
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="clock-tiles">
      <Tile name="TTFT" what="time to first token" targetMs={slo.ttftMs} over={missed.has('TTFT')}>
        <Readout metric="ttft" label="TTFT of the drawn request" text={formatMs(rep?.ttftMs)} />
      </Tile>
      <Tile name="TPOT" what="time per output token" targetMs={slo.tpotMs} over={missed.has('TPOT')}>
        <Readout metric="tpot" label="TPOT of the drawn request" text={formatMs(tpotMs)} />
      </Tile>
    </div>
  );
}
