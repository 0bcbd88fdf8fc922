import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics, Slo } from '../../engine/types';
import { formatReqPerSec, formatShare } from '../common/format';
import { Readout } from '../common/Readout';
import { verdictFor } from './verdict';

/** The SLO verdict for the typical request, and what it means for throughput versus goodput. */
export function VerdictBanner({ rep, slo, metrics }: { rep: RequestBreakdown | null; slo: Slo; metrics: RunMetrics }) {
  if (!rep) {
    return (
      <div className="rounded-lg border-2 border-bad bg-bad-bg p-4">
        <Readout metric="verdict" label="SLO verdict" text="Missed: no request completed" className="text-lg font-bold text-bad" />
      </div>
    );
  }
  const v = verdictFor(rep, slo);
  return (
    <div className={`rounded-lg border-2 p-4 ${v.met ? 'border-good bg-good-bg' : 'border-bad bg-bad-bg'}`}>
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">SLO verdict for the typical request</p>
      <Readout metric="verdict" label="SLO verdict" text={v.headline} className={`block text-lg font-bold ${v.met ? 'text-good' : 'text-bad'}`} />
      <p className="mt-1 text-sm">{v.accounting}</p>
      <p className="mt-1 text-sm text-muted">
        Over the whole run, {formatShare(metrics.sloMetShare)} of completed requests met every target: goodput {formatReqPerSec(metrics.goodputReqPerSec)} out of{' '}
        {formatReqPerSec(metrics.requestsPerSec)} of throughput. A request that completes late still counts toward throughput, never toward goodput.
      </p>
    </div>
  );
}
