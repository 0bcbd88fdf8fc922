import { useEffect, useState } from 'react';
import { useSim } from '../../workers';
import { formatMs, formatTokPerSec } from '../common/format';
import { runVerdictFor } from '../cards/runVerdict';

/** True while the lab (`#lab`) is out of the viewport. */
function useLabOutOfView(): boolean {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const el = document.getElementById('lab');
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([entry]) => setOut(!entry.isIntersecting), { rootMargin: '-64px 0px 0px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return out;
}

/**
 * While the lab is scrolled away (a setting far down the page, a chart), this
 * bar keeps the drawn request's numbers in view. It repeats the readouts
 * visually only (hidden from assistive technology, which reads the cards).
 */
export function ReadoutsBar() {
  const result = useSim((s) => s.main?.result ?? null);
  const state = useSim((s) => (s.error && s.error.id === s.requestedId ? 'error' : 'ok'));
  const out = useLabOutOfView();
  if (!result || state === 'error' || !out) return null;
  const rep = result.representative?.breakdown ?? null;
  const verdict = runVerdictFor(rep, result.scenario.slo, result.metrics);
  return (
    <div aria-hidden="true" className="fixed inset-x-0 bottom-0 z-10 border-t border-line bg-raised px-3 py-2 text-xs shadow-lg sm:text-sm" data-testid="readouts-bar">
      <div className="tabular mx-auto flex max-w-xl items-center justify-between gap-2 whitespace-nowrap">
        <span>
          <span className="text-muted">TTFT </span>
          <span className="font-semibold">{formatMs(rep?.ttftMs)}</span>
        </span>
        <span>
          <span className="text-muted">TPOT </span>
          <span className="font-semibold">{formatMs(rep?.tpotMs)}</span>
        </span>
        {/* On a phone the verdict needs the room more than the server's throughput does. */}
        <span className={`font-semibold ${verdict.tone === 'mixed' ? 'hidden sm:inline' : ''}`}>{formatTokPerSec(result.metrics.outputTokPerSec)}</span>
        <span className={`font-semibold ${verdict.tone === 'good' ? 'text-good' : verdict.tone === 'bad' ? 'text-bad' : ''}`} data-testid="readouts-bar-verdict">
          {verdict.short}
        </span>
      </div>
    </div>
  );
}
