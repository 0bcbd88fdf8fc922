import type { TraceWorkerReply } from '../../traces/traceProtocol';
import type { TraceRunSide } from '../../traces/traceRun';
import { formatMs, formatNumber, formatReqPerSec, formatShare } from '../chart/format';
import { ArrivalsChart } from './ArrivalsChart';

type Done = Extract<TraceWorkerReply, { ok: true }>;

const rows: { label: string; value: (s: TraceRunSide) => string; metric: string }[] = [
  { label: 'p99 TTFT', value: (s) => formatMs(s.p99TtftMs), metric: 'p99-ttft' },
  { label: 'p90 TTFT', value: (s) => formatMs(s.p90TtftMs), metric: 'p90-ttft' },
  { label: 'Goodput', value: (s) => formatReqPerSec(s.goodputReqPerSec), metric: 'goodput' },
  { label: 'In time (every target met)', value: (s) => formatShare(s.sloMetShare), metric: 'in-time' },
];

/** One line that says what the two runs show, in the numbers of this run. */
function verdict(r: Done): string {
  const t = r.trace.p99TtftMs;
  const p = r.poisson.p99TtftMs;
  if (r.poisson.sloMetShare < 0.5) return `Even at an even random pace this server cannot keep up with ${formatReqPerSec(r.meanRatePerSec)}: most requests miss their targets either way, and the queue, not the bursts, makes the tail. Slow the trace down or add capacity to see what the bursts do.`;
  if (!(t > 0 && p > 0)) return 'Both runs start every request at once: the arrival pattern makes no difference here.';
  const ratio = t / p;
  if (ratio >= 1.1) return `Same requests, same server, same mean rate: only the arrival times differ, and the trace's p99 TTFT is ${formatNumber(ratio)}× Poisson's. The bursts queue up, and the tail is made of the requests caught in them.`;
  if (ratio <= 1 / 1.1) return `Here Poisson's tail is the longer one (${formatNumber(1 / ratio)}×): at this rate and speed the trace's quiet spells outweigh its bursts. Raise the trace speed to see the bursts bite.`;
  return 'At this rate the server has room for the bursts: both tails are within 10% of each other. Raise the trace speed (or pick a smaller server) to see them part.';
}

/** The arrivals chart and the trace-against-Poisson comparison. */
export function TraceResults({ reply }: { reply: Done }) {
  return (
    <div className="space-y-4" data-testid="trace-results">
      <p className="text-sm">
        {reply.requests.toLocaleString('en-US')} requests over {formatNumber(reply.spanS)} s, a mean of {formatReqPerSec(reply.meanRatePerSec)}.
      </p>
      <ArrivalsChart traceS={reply.trace.sendS} poissonS={reply.poisson.sendS} meanRatePerSec={reply.meanRatePerSec} />
      <table className="w-full max-w-xl text-sm" data-testid="trace-compare">
        <caption className="mb-1 text-left font-semibold">The same requests on this server</caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-1 pr-2 font-medium">
              Metric
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              As the trace sent them
            </th>
            <th scope="col" className="py-1 font-medium">
              Poisson, same mean rate
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.metric} className="border-b border-line">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {row.label}
              </th>
              <td className="py-1 pr-2 tabular-nums" data-metric={`trace-${row.metric}`} data-value={row.metric === 'p99-ttft' ? reply.trace.p99TtftMs : undefined}>
                {row.value(reply.trace)}
              </td>
              <td className="py-1 tabular-nums" data-metric={`poisson-${row.metric}`} data-value={row.metric === 'p99-ttft' ? reply.poisson.p99TtftMs : undefined}>
                {row.value(reply.poisson)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="max-w-prose text-sm">{verdict(reply)}</p>
      {reply.notes.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-muted">
          {reply.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
