import { useMemo } from 'react';
import { servingOf } from '../../settings/serving';
import { useLabStore } from '../../store';
import { useDeferredSim } from '../../workers';
import { servingExplanation } from './servingModel';

/** The scheduler in force and what each of its settings trades, with this run's admission. */
export function ServingWhy() {
  const server = useLabStore((s) => s.settings.server);
  const gpu = useLabStore((s) => s.settings.gpu);
  const tp = useLabStore((s) => s.settings.tp);
  const engine = useLabStore((s) => s.settings.engine);
  const maxBatch = useLabStore((s) => s.settings.maxBatch);
  const tokenBudget = useLabStore((s) => s.settings.tokenBudget);
  const chunkedPrefill = useLabStore((s) => s.settings.chunkedPrefill);
  const admission = useLabStore((s) => s.settings.admission);
  const gpuMemoryUtilization = useLabStore((s) => s.settings.gpuMemoryUtilization);
  const result = useDeferredSim((s) => s.main?.result ?? null);
  const lines = useMemo(() => {
    const serving = servingOf({ server, gpu, tp, engine, maxBatch, tokenBudget, chunkedPrefill, admission, gpuMemoryUtilization });
    const d = result?.metrics.durationS ?? 0;
    const run = result
      ? {
          preemptions: result.metrics.preemptions,
          recomputedTokens: result.metrics.recomputedTokens,
          peakBatch: result.peakBatch,
          memoryLimitedShare: d > 0 ? result.limits.memoryS / d : 0,
          batchLimitedShare: d > 0 ? result.limits.batchS / d : 0,
        }
      : null;
    return servingExplanation(serving, server, run);
  }, [server, gpu, tp, engine, maxBatch, tokenBudget, chunkedPrefill, admission, gpuMemoryUtilization, result]);
  return (
    <div className="space-y-1.5" data-testid="why-serving">
      <h3 className="text-sm font-semibold">The scheduler</h3>
      {lines.map((l) => (
        <p key={l.key} className="text-sm" data-line={l.key}>
          {l.text}
        </p>
      ))}
    </div>
  );
}
