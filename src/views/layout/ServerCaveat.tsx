import { useLabStore } from '../../store';
import { useHardwareStatus } from '../controls/server';
import { calibrationSentence } from '../why/calibration';

/** What the numbers are: an illustrative server, or a roofline model of real hardware calibrated against published measurements. */
export function ServerCaveat() {
  const server = useLabStore((s) => s.settings.server);
  const status = useHardwareStatus();
  if (server === 'hardware') {
    return (
      <p className="text-xs text-muted" data-testid="server-caveat">
        {status?.ok ? `Server: ${status.profile.label}. ` : ''}Its numbers come from a roofline model (compute and memory-bandwidth limits) with efficiencies {calibrationSentence()}. An
        estimate, not a measurement of your deployment.
      </p>
    );
  }
  return (
    <p className="text-xs text-muted" data-testid="server-caveat">
      The server here is illustrative: the relationships are real, the exact numbers are not a benchmark of any hardware.
    </p>
  );
}
