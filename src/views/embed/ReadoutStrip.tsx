import { useSim } from '../../workers';
import { formatMs, formatReqPerSec, formatTokPerSec } from '../common/format';
import { Readout } from '../common/Readout';

function Tile({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border border-line bg-surface px-1.5 py-0.5">
      <p className="text-[11px] text-muted">{name}</p>
      <p className="text-xs leading-5 font-bold whitespace-nowrap sm:text-base sm:leading-6">{children}</p>
    </div>
  );
}

/** The lab embed's readouts in one strip: the drawn request's two clocks (as on the timeline), then the server's throughput and goodput. */
export function ReadoutStrip() {
  const result = useSim((s) => s.main?.result ?? null);
  if (!result) return null;
  const rep = result.representative?.breakdown ?? null;
  const m = result.metrics;
  return (
    <div className="grid grid-cols-4 gap-1" data-testid="readout-strip">
      <Tile name="TTFT">
        <Readout metric="ttft" label="TTFT of the drawn request" text={formatMs(rep?.ttftMs)} />
      </Tile>
      <Tile name="TPOT">
        <Readout metric="tpot" label="TPOT of the drawn request" text={formatMs(rep && rep.outputTokens > 1 ? rep.tpotMs : null)} />
      </Tile>
      <Tile name="Throughput">
        <Readout metric="system-throughput" label="System throughput" text={formatTokPerSec(m.outputTokPerSec)} />
      </Tile>
      <Tile name="Goodput">
        <Readout metric="goodput" label="Goodput" text={formatReqPerSec(m.goodputReqPerSec)} />
      </Tile>
    </div>
  );
}
