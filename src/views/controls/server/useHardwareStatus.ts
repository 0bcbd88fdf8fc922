import { useMemo } from 'react';
import { useLabStore } from '../../../store';
import { hardwareStatus, type HardwareStatus } from './hardwareOptions';

/**
 * The chosen server's hardware status from the settings: null for the lesson
 * server, else the profile or the refusal. Selects single fields so that only
 * a server change recomputes it.
 */
export function useHardwareStatus(): HardwareStatus | null {
  const server = useLabStore((s) => s.settings.server);
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const precision = useLabStore((s) => s.settings.precision);
  const tp = useLabStore((s) => s.settings.tp);
  const kvPrecision = useLabStore((s) => s.settings.kvPrecision);
  return useMemo(() => (server === 'hardware' ? hardwareStatus({ model, gpu, precision, tp, kvPrecision }) : null), [server, model, gpu, precision, tp, kvPrecision]);
}
