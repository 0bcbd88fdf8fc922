import { useEffect, useState } from 'react';
import { useSim } from '../../workers';
import { runVerdictFor } from '../cards/runVerdict';
import { formatMs, formatTokPerSec } from '../common/format';

/** Quiet time after the last result before it is announced, so dragging a slider does not chatter. */
const SETTLE_MS = 900;

/** A polite screen-reader summary of the newest results, spoken once the settings stop changing. */
export function ResultsAnnouncer() {
  const result = useSim((s) => s.main?.result ?? null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!result) return;
    const rep = result.representative?.breakdown ?? null;
    const verdict = runVerdictFor(rep, result.scenario.slo, result.metrics);
    const next = rep
      ? `Updated: TTFT ${formatMs(rep.ttftMs)}, TPOT ${formatMs(rep.tpotMs)}, system throughput ${formatTokPerSec(result.metrics.outputTokPerSec)}. ${verdict.headline}.${verdict.runLine ? ` ${verdict.runLine}` : ''}`
      : `Updated: ${verdict.headline}.${verdict.runLine ? ` ${verdict.runLine}` : ''}`;
    const timer = window.setTimeout(() => setText(next), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
