import type { ReactNode } from 'react';
import type { RequestBreakdown } from '../../engine/breakdown';
import type { RunMetrics, Slo } from '../../engine/types';
import { formatReqPerSec } from '../common/format';
import { useCompact } from '../common/compact';
import { usePhone } from '../common/useMediaQuery';
import { Readout } from '../common/Readout';
import { runVerdictFor } from './runVerdict';

const TONE = {
  good: { box: 'border-good bg-good-bg', text: 'text-good' },
  bad: { box: 'border-bad bg-bad-bg', text: 'text-bad' },
  mixed: { box: 'border-warn-line bg-warn-bg', text: '' },
} as const;

/**
 * The SLO verdict for the drawn request and for its run, and what they mean
 * for throughput versus goodput. When the two disagree (the drawn request in
 * time while too many of the run are late, or the other way round) the
 * banner turns amber and says both.
 */
export function VerdictBanner({ rep, slo, metrics, brief = false, action }: { rep: RequestBreakdown | null; slo: Slo; metrics: RunMetrics; /** Only the headline on a narrow frame. */ brief?: boolean; /** A control at the banner's top right (the page's "Pin this run"). */ action?: ReactNode }) {
  const compact = useCompact();
  // On a phone the action floats beside the details instead, so the headline keeps the full width (two lines, not three).
  const actionLow = usePhone() && !compact;
  const v = runVerdictFor(rep, slo, metrics);
  const tone = TONE[v.tone];
  const headTone = v.request ? (v.request.met ? 'text-good' : 'text-bad') : tone.text || 'text-bad';
  const goodput = `goodput ${formatReqPerSec(metrics.goodputReqPerSec)} of ${formatReqPerSec(metrics.requestsPerSec)}`;
  const detail = compact || actionLow ? 'text-xs' : 'text-sm';
  const lowAction = action && actionLow ? <span className="float-right mt-0.5 ml-2">{action}</span> : null;
  return (
    <div className={`relative rounded-lg border-2 px-3 py-1.5 ${tone.box}`} data-testid="verdict" data-agreement={v.agreement}>
      {action && !actionLow && <div className="float-right mt-0.5 ml-2">{action}</div>}
      <p className="flex flex-wrap items-baseline gap-x-2">
        {!compact && <span className="text-xs font-semibold tracking-wide text-muted uppercase max-sm:sr-only">SLO verdict, drawn request</span>}
        <Readout metric="verdict" label="SLO verdict" text={v.headline} className={`${compact ? 'text-sm' : 'text-base sm:text-lg'} font-bold ${headTone}`} />
      </p>
      {v.runLine ? (
        // The disagreement is the lesson's point, so it stays even in a brief frame.
        <p className={detail} data-testid="verdict-run">
          {lowAction}
          <span className="font-semibold">{v.runLine}</span> <span className={`text-muted ${brief ? 'hidden sm:inline' : ''}`}>Whole run: {v.inTime} in time, {goodput}.</span>
        </p>
      ) : v.request ? (
        <p className={`${detail} ${brief ? 'hidden sm:block' : ''}`} data-testid="verdict-run">
          {lowAction}
          {v.request.accounting} <span className="text-muted">Whole run: {v.inTime} in time, {goodput}.</span>
        </p>
      ) : (
        lowAction
      )}
    </div>
  );
}
