import { CAUSE_LABELS, CLOCK_NAMES, type ClockCause, type ClockReading } from '../../lesson/diagnosis';
import { fmtMs, fmtShare } from '../../lesson/format';

/**
 * One clock of the drawn request, part by part: the value against its target,
 * each part with its share (TPOT parts per token) and, for TTFT, the run's
 * median of it. The part the diagnosis blames is marked in words, not only
 * in colour.
 */
export function ClockParts({ reading, blamed, broken, badge }: { reading: ClockReading; blamed: ClockCause | null; broken: boolean; badge: string }) {
  const per = reading.clock === 'tpot';
  // TPOT parts that are zero and not the pace are left out: a colocated run has no hand-off, a reserved one no preemption.
  const rows = reading.parts.filter((p) => p.ms > 0 || p.id === 'pace' || p.id === 'interference' || reading.clock === 'ttft');
  const showMedian = rows.some((p) => p.medianMs !== null);
  const status = reading.targetMs === null ? 'no target' : reading.met ? `in time, ${fmtShare(reading.headroomShare ?? 0)} to spare` : `${fmtMs(reading.overMs)} over`;
  return (
    <figure className={`min-w-0 rounded-md border p-2 ${broken ? 'border-bad' : 'border-line'} bg-raised`} data-clock={reading.clock}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-semibold">
          {CLOCK_NAMES[reading.clock]} {fmtMs(reading.valueMs)}
          {reading.targetMs !== null && <span className="font-normal text-muted"> of {fmtMs(reading.targetMs)}</span>}
        </span>
        <span className={`text-xs font-semibold ${reading.met ? 'text-good' : 'text-bad'}`}>{status}</span>
      </figcaption>
      <table className="mt-1 w-full text-xs">
        <caption className="sr-only">
          {CLOCK_NAMES[reading.clock]} of the drawn request, part by part{per ? ', per token' : ''}
        </caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="text-left font-medium">
              Part
            </th>
            <th scope="col" className="text-right font-medium">
              {per ? 'Per token' : 'Drawn request'}
            </th>
            <th scope="col" className="pl-2 text-right font-medium">
              Share
            </th>
            {showMedian && (
              <th scope="col" className="pl-2 text-right font-medium">
                Run median
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => {
            const isBlamed = p.id === blamed;
            return (
              <tr key={p.id} className={isBlamed ? 'font-semibold' : ''} data-part={p.id} data-blamed={isBlamed || undefined}>
                <th scope="row" className="py-0.5 text-left font-normal">
                  <span className={isBlamed ? 'font-semibold' : ''}>{CAUSE_LABELS[p.id]}</span>
                  {isBlamed && <span className={`ml-1 inline-block rounded px-1 whitespace-nowrap ${broken ? 'bg-bad-bg text-bad' : 'border border-line text-ink'}`}>{badge}</span>}
                </th>
                <td className="tabular pl-2 text-right whitespace-nowrap">{fmtMs(p.ms)}</td>
                <td className="tabular pl-2 text-right whitespace-nowrap">{reading.valueMs > 0 ? fmtShare(p.ms / reading.valueMs) : '–'}</td>
                {showMedian && <td className="tabular pl-2 text-right whitespace-nowrap">{p.medianMs === null ? '–' : fmtMs(p.medianMs)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </figure>
  );
}
