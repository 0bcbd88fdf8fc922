import { RANGE_CHECKED_ROWS } from '../../plan/rangeCheck';
import type { PlanRequest, PlanResult } from '../../plan/types';
import { formatMs, formatNumber, formatReqPerSec, formatShare } from '../chart/format';
import { ParetoChart } from './ParetoChart';
import { edgeRanges, engineText, kneeReason, shapeText, traceText, type EdgeRange } from './planText';
import { unpricedGpus } from './planForm';

// Headers wrap ("Goodput / per GPU") so the table fits a laptop's width; cells do not.
const th = 'py-1 pr-2 align-bottom font-medium';
const td = 'py-1 pr-2 tabular-nums whitespace-nowrap';

/** Headroom as a signed percentage: "+42%", "+3%". */
const headroomText = (h: number) => `${h >= 0 ? '+' : '−'}${formatShare(Math.abs(h))}`;

/** A metric's point value and, under it, its range at the edges, marked in words where it crosses its target. */
function PointAndRange({ point, edge, what }: { point: string; edge: EdgeRange | null | undefined; what: string }) {
  return (
    <>
      {point}
      {edge && (
        <span className={`block text-xs ${edge.crosses ? '' : 'text-muted'}`} data-testid="plan-edge" data-crosses={edge.crosses} data-metric={what}>
          <span className="sr-only">{what} at the edges: </span>
          {edge.range}
          {edge.crosses && <span className="block w-fit rounded bg-warn-bg px-1 font-medium">crosses {edge.target}</span>}
        </span>
      )}
    </>
  );
}

/** The plan's configurations, cheapest first, each with its link into the lab; then the Pareto chart. */
export function PlanResults({ request, result, elapsedS, workers }: { request: PlanRequest; result: PlanResult; elapsedS: number; workers: number }) {
  const { configs } = result;
  const priced = configs.length > 0 && configs.every((c) => c.costPerHour !== null);
  const missing = unpricedGpus(request);
  const knees = configs.map((c, i) => [i + 1, kneeReason(c, request)] as const).filter(([, r]) => r !== null);
  return (
    <div className="space-y-4" data-testid="plan-results">
      <p className="text-sm" data-testid="plan-summary">
        {result.cancelled ? 'Stopped early: ' : ''}
        {result.evaluated.toLocaleString('en-US')} simulations in {formatNumber(elapsedS)} s on {workers} {workers === 1 ? 'worker' : 'workers'}; {result.refused.count} configurations cannot run,{' '}
        {result.pruned} pruned. {configs.length === 0 ? '' : `${configs.length} meet the targets at ${formatReqPerSec(request.ratePerSec)}${request.trace ? ', the trace\'s mean rate' : ''}, cheapest first (${priced ? 'by cost per hour' : 'by GPUs'}).`}
      </p>
      {request.trace && (
        <p className="text-sm" data-testid="plan-traffic-summary">
          Traffic: {traceText(request.trace)}, {request.trace.sendS.length.toLocaleString('en-US')} requests at {formatReqPerSec(request.trace.meanRatePerSec)} mean, its mean lengths{' '}
          {request.promptTokens.toLocaleString('en-US')} in / {request.outputTokens.toLocaleString('en-US')} out. Each link carries the trace, its slice and speed (<code>trace=</code>,{' '}
          <code>traceWindow=</code>), so the lab&apos;s Trace section replays the same traffic on that deployment.
        </p>
      )}
      {missing.length > 0 && (
        <p className="text-sm text-muted">Ranked by GPUs: no price was given for {missing.join(', ')}, so costs cannot be compared across every GPU.</p>
      )}
      {configs.length === 0 ? (
        <p className="rounded border-l-4 border-warn-line bg-warn-bg p-2 text-sm" data-testid="plan-none">
          {result.cancelled
            ? 'No configuration was found before the plan was stopped.'
            : `Nothing meets the targets within ${request.maxGpus} GPUs. Allow more GPUs, loosen the targets, or add GPUs to the candidates.`}
        </p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="plan-table">
              <caption className="mb-1 text-left font-semibold">Deployments that meet the targets</caption>
              <thead>
                <tr className="border-b border-line text-left">
                  <th scope="col" className={th}>#</th>
                  <th scope="col" className={th}>Deployment</th>
                  <th scope="col" className={th}>GPUs</th>
                  {priced && <th scope="col" className={th}>Cost per hour</th>}
                  <th scope="col" className={th}>Sustains</th>
                  <th scope="col" className={th}>Headroom</th>
                  <th scope="col" className={th}>Goodput per GPU</th>
                  <th scope="col" className={th}>p90 TTFT</th>
                  <th scope="col" className={th}>p90 TPOT</th>
                  <th scope="col" className={th}>In time</th>
                  <th scope="col" className={th}>In the lab</th>
                </tr>
              </thead>
              <tbody>
                {configs.map((c, i) => {
                  const edges = edgeRanges(c, request);
                  return (
                    <tr key={c.link} className="border-b border-line" data-testid="plan-row" data-gpus={c.gpus} data-sustained={c.sustainedReqPerSec} data-near-knee={c.nearKnee} data-knee-reasons={c.kneeReasons.join(' ')}>
                      <td className={td}>{i + 1}</td>
                      <th scope="row" className="py-1 pr-2 text-left font-normal">
                        {shapeText(c, request.models.length > 1)} <span className="text-muted">({engineText(c)})</span>
                        {c.nearKnee && <span className="block w-fit whitespace-nowrap rounded bg-warn-bg px-1 text-xs font-medium" data-testid="plan-knee-tag">near the knee (see below)</span>}
                      </th>
                      <td className={td}>{c.gpus}</td>
                      {priced && <td className={td}>${formatNumber(c.costPerHour ?? 0)}</td>}
                      <td className={td}>{formatReqPerSec(c.sustainedReqPerSec)}</td>
                      <td className={td}>{headroomText(c.headroom)}</td>
                      <td className={td}>{formatReqPerSec(c.goodputPerGpu)}</td>
                      <td className={td}>
                        <PointAndRange point={formatMs(c.ttftP90Ms)} edge={edges?.ttft} what="p90 TTFT" />
                      </td>
                      <td className={td}>
                        <PointAndRange point={formatMs(c.tpotP90Ms)} edge={edges?.tpot} what="p90 TPOT" />
                      </td>
                      <td className={td}>
                        <PointAndRange point={formatShare(c.inTimeShare)} edge={edges?.inTime} what="in time" />
                      </td>
                      <td className="py-1 pr-2">
                        <a className="font-medium text-accent underline" href={`?${c.link}#lab`} data-testid="plan-link" aria-label={i === 0 ? 'Open deployment 1 in the lab' : `Open deployment ${i + 1} in the lab, pinned against deployment 1`}>
                          {i === 0 ? 'Open' : 'Open vs #1'}
                        </a>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="max-w-prose text-xs text-muted">
            Sustains: {request.trace ? 'the fastest replay of the trace (as its mean rate) it serves within the targets' : 'the highest Poisson rate it serves within the targets'} (found by bisection). Headroom: that rate over the asked one. Goodput per GPU: requests per second that meet
            both targets at the asked rate, per GPU. Under p90 TTFT, p90 TPOT and in time, for the cheapest {RANGE_CHECKED_ROWS}: the range at the edges of what the lab is unsure of, the
            asked rate run again with less or more KV memory and slower or faster steps and front end, as far as the calibration says the lab can be off (the ranges on the
            lab&apos;s cards); a range that crosses its target puts the deployment near its knee. Every number is the lab&apos;s own simulation of {request.trace ? request.trace.sendS.length.toLocaleString('en-US') : request.requests} requests, measured in the steady window.
          </p>
          {knees.length > 0 && (
            <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="plan-knees">
              {knees.map(([rank, reason]) => (
                <li key={rank}>
                  <strong>#{rank}</strong>: {reason}
                </li>
              ))}
            </ul>
          )}
          <ParetoChart configs={configs} priced={priced} ttftTargetMs={request.ttftSloMs} />
        </>
      )}
    </div>
  );
}
