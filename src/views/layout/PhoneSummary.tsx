import { useSim } from '../../workers';
import { formatMs, formatTokPerSec } from '../common/format';
import { verdictFor } from '../cards/verdict';

/**
 * On narrow screens the results sit below the controls: this bar keeps the
 * headline numbers in view while a control changes. It repeats the readouts
 * visually only (hidden from assistive technology, which reads the cards).
 */
export function PhoneSummary() {
  const result = useSim((s) => s.main?.result ?? null);
  const state = useSim((s) => (s.error && s.error.id === s.requestedId ? 'error' : 'ok'));
  if (!result || state === 'error') return null;
  const rep = result.representative?.breakdown ?? null;
  const verdict = rep ? verdictFor(rep, result.scenario.slo) : null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-raised/95 px-3 py-2 text-xs shadow-lg backdrop-blur lg:hidden" data-testid="phone-summary">
      <div className="tabular mx-auto flex max-w-xl items-center justify-between gap-2 whitespace-nowrap">
        <span>
          <span className="text-muted">TTFT </span>
          <span className="font-semibold">{formatMs(rep?.ttftMs)}</span>
        </span>
        <span>
          <span className="text-muted">TPOT </span>
          <span className="font-semibold">{formatMs(rep?.tpotMs)}</span>
        </span>
        <span className="font-semibold">{formatTokPerSec(result.metrics.outputTokPerSec)}</span>
        <span className={`font-semibold ${verdict?.met ? 'text-good' : 'text-bad'}`}>{verdict?.met ? 'SLO met' : 'SLO missed'}</span>
      </div>
    </div>
  );
}
