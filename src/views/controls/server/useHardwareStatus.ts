import { useMemo } from 'react';
import { effectiveKvPrecision, hardwareServing, servingOf } from '../../../settings/serving';
import { useLabStore } from '../../../store';
import { hardwareStatus, type HardwareStatus } from './hardwareOptions';

/**
 * The chosen server's hardware status from the settings: null for the lesson
 * server, else the profile (with the serving settings' batch limit, token
 * budget and memory share) or the refusal (an engine the GPU cannot host, a
 * combination that does not fit). Selects single fields so that only
 * a server or serving change recomputes it.
 */
export function useHardwareStatus(): HardwareStatus | null {
  const server = useLabStore((s) => s.settings.server);
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const precision = useLabStore((s) => s.settings.precision);
  const tp = useLabStore((s) => s.settings.tp);
  const kvPrecision = useLabStore((s) => s.settings.kvPrecision);
  const engine = useLabStore((s) => s.settings.engine);
  const maxBatch = useLabStore((s) => s.settings.maxBatch);
  const tokenBudget = useLabStore((s) => s.settings.tokenBudget);
  const chunkedPrefill = useLabStore((s) => s.settings.chunkedPrefill);
  const admission = useLabStore((s) => s.settings.admission);
  const gpuMemoryUtilization = useLabStore((s) => s.settings.gpuMemoryUtilization);
  // A sliding-window model's KV capacity is counted at the workload's request length (see MemoryPlan.kvCapacityTokens).
  const prompt = useLabStore((s) => s.settings.prompt);
  const output = useLabStore((s) => s.settings.output);
  const expertParallel = useLabStore((s) => s.settings.expertParallel);
  return useMemo(() => {
    if (server !== 'hardware') return null;
    const serving = servingOf({ server, gpu, tp, engine, maxBatch, tokenBudget, chunkedPrefill, admission, gpuMemoryUtilization });
    return hardwareStatus({ model, gpu, precision, tp, kvPrecision: effectiveKvPrecision({ kvPrecision, precision }, serving) ?? 'auto', prompt, output, expertParallel }, hardwareServing(serving), serving.engine?.id ?? null);
  }, [server, model, gpu, precision, tp, kvPrecision, engine, maxBatch, tokenBudget, chunkedPrefill, admission, gpuMemoryUtilization, prompt, output, expertParallel]);
}
