import type { PlanRequest, PlanResult } from '../../plan/types';
import { formatMs, formatNumber, formatReqPerSec, formatShare } from '../chart/format';
import { ParetoChart } from './ParetoChart';
import { engineText, kneeReason, shapeText } from './planText';
import { unpricedGpus } from './planForm';

const th = 'py-1 pr-3 font-medium whitespace-nowrap';
const td = 'py-1 pr-3 tabular-nums whitespace-nowrap';

/** Headroom as a signed percentage: "+42%", "+3%". */
const headroomText = (h: number) => `${h >= 0 ? '+' : '−'}${formatShare(Math.abs(h))}`;

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
        {result.pruned} pruned. {configs.length === 0 ? '' : `${configs.length} meet the targets at ${formatReqPerSec(request.ratePerSec)}, cheapest first (${priced ? 'by cost per hour' : 'by GPUs'}).`}
      </p>
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
                {configs.map((c, i) => (
                  <tr key={c.link} className="border-b border-line" data-testid="plan-row" data-gpus={c.gpus} data-sustained={c.sustainedReqPerSec}>
                    <td className={td}>{i + 1}</td>
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {shapeText(c)} <span className="text-muted">({engineText(c)})</span>
                    </th>
                    <td className={td}>{c.gpus}</td>
                    {priced && <td className={td}>${formatNumber(c.costPerHour ?? 0)}</td>}
                    <td className={td}>{formatReqPerSec(c.sustainedReqPerSec)}</td>
                    <td className={td}>
                      {headroomText(c.headroom)}
                      {c.nearKnee && <span className="ml-1 rounded bg-warn-bg px-1 text-xs font-medium">near the knee</span>}
                    </td>
                    <td className={td}>{formatReqPerSec(c.goodputPerGpu)}</td>
                    <td className={td}>{formatMs(c.ttftP90Ms)}</td>
                    <td className={td}>{formatMs(c.tpotP90Ms)}</td>
                    <td className={td}>{formatShare(c.inTimeShare)}</td>
                    <td className={td}>
                      <a className="font-medium text-accent underline" href={`?${c.link}#lab`} data-testid="plan-link" aria-label={i === 0 ? 'Open deployment 1 in the lab' : `Open deployment ${i + 1} in the lab, pinned against deployment 1`}>
                        {i === 0 ? 'Open' : 'Open vs #1'}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="max-w-prose text-xs text-muted">
            Sustains: the highest Poisson rate it serves within the targets (found by bisection). Headroom: that rate over the asked one. Goodput per GPU: requests per second that meet
            both targets at the asked rate, per GPU. Every number is the lab&apos;s own simulation of {request.requests} requests, measured in the steady window.
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
