import type { ReactNode } from 'react';
import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics, Slo } from '../../engine/types';
import { formatReqPerSec, formatShare } from '../common/format';
import { useCompact } from '../common/compact';
import { usePhone } from '../common/useMediaQuery';
import { Readout } from '../common/Readout';
import { verdictFor } from './verdict';

/** The SLO verdict for the drawn request, and what it means for throughput versus goodput over the run. */
export function VerdictBanner({ rep, slo, metrics, brief = false, action }: { rep: RequestBreakdown | null; slo: Slo; metrics: RunMetrics; /** Only the headline on a narrow frame. */ brief?: boolean; /** A control at the banner's top right (the page's "Pin this run"). */ action?: ReactNode }) {
  const compact = useCompact();
  // On a phone the action floats beside the details instead, so the headline keeps the full width (two lines, not three).
  const actionLow = usePhone() && !compact;
  if (!rep) {
    return (
      <div className="flex flex-wrap items-start justify-between gap-2 rounded-lg border-2 border-bad bg-bad-bg px-3 py-2" data-testid="verdict">
        <Readout metric="verdict" label="SLO verdict" text="Missed: no request completed" className="text-lg font-bold text-bad" />
        {action}
      </div>
    );
  }
  const v = verdictFor(rep, slo);
  return (
    <div className={`relative rounded-lg border-2 px-3 py-1.5 ${v.met ? 'border-good bg-good-bg' : 'border-bad bg-bad-bg'}`} data-testid="verdict">
      {action && !actionLow && <div className="float-right mt-0.5 ml-2">{action}</div>}
      <p className="flex flex-wrap items-baseline gap-x-2">
        {!compact && <span className="text-xs font-semibold tracking-wide text-muted uppercase max-sm:sr-only">SLO verdict, drawn request</span>}
        <Readout metric="verdict" label="SLO verdict" text={v.headline} className={`${compact ? 'text-sm' : 'text-base sm:text-lg'} font-bold ${v.met ? 'text-good' : 'text-bad'}`} />
      </p>
      <p className={`${compact || actionLow ? 'text-xs' : 'text-sm'} ${brief ? 'hidden sm:block' : ''}`}>
        {action && actionLow && <span className="float-right mt-0.5 ml-2">{action}</span>}
        {v.accounting} <span className="text-muted">Whole run: {formatShare(metrics.sloMetShare)} in time, goodput {formatReqPerSec(metrics.goodputReqPerSec)} of {formatReqPerSec(metrics.requestsPerSec)}.</span>
      </p>
    </div>
  );
}
