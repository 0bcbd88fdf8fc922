import { useMemo } from 'react';
import { useLabStore } from '../../store';
import { hardwareStatus } from '../controls/server';
import { calibrationSentence } from '../why/calibration';

/** What the numbers are: an illustrative server, or a roofline model of real hardware calibrated against published measurements. */
export function ServerCaveat() {
  const server = useLabStore((s) => s.settings.server);
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const precision = useLabStore((s) => s.settings.precision);
  const tp = useLabStore((s) => s.settings.tp);
  const kvPrecision = useLabStore((s) => s.settings.kvPrecision);
  const status = useMemo(() => (server === 'hardware' ? hardwareStatus({ model, gpu, precision, tp, kvPrecision }) : null), [server, model, gpu, precision, tp, kvPrecision]);
  if (server === 'hardware') {
    return (
      <p className="text-sm text-muted" data-testid="server-caveat">
        {status?.ok ? `Server: ${status.profile.label}. ` : ''}Its numbers come from a roofline model (compute and memory-bandwidth limits) with efficiencies {calibrationSentence()}. An
        estimate, not a measurement of your deployment.
      </p>
    );
  }
  return (
    <p className="text-sm text-muted" data-testid="server-caveat">
      The server here is illustrative: the relationships are real, the exact numbers are not a benchmark of any hardware.
    </p>
  );
}
