import { useLabStore } from '../../store';
import { useHardwareStatus } from '../controls/server';
import { calibrationSentence, gpuFitNote } from '../why/calibration';
import { formatMs, formatTokPerSec } from '../common/format';
import { clusterWords } from '../common/cluster';
import { useDeferredSim } from '../../workers';

/** What the numbers are: an illustrative server, or a roofline model of real hardware calibrated against published measurements. */
export function ServerCaveat() {
  const server = useLabStore((s) => s.settings.server);
  const customTtftMs = useLabStore((s) => s.settings.customTtftMs);
  const customTokPerSec = useLabStore((s) => s.settings.customTokPerSec);
  const status = useHardwareStatus();
  const cluster = useDeferredSim((s) => s.main?.result.cluster ?? null);
  // The profile names one instance; say how many the run spreads over.
  const instances = cluster && cluster.instances.length > 1 ? ` per instance; the run uses ${clusterWords(cluster)}` : '';
  if (server === 'custom') {
    return (
      <p className="text-xs text-muted" data-testid="server-caveat">
        The server here is custom: known only by what one idle user sees ({formatMs(customTtftMs)} to the first token, {formatTokPerSec(customTokPerSec)} after it), whatever the batch.
        Use it to compare providers, not to learn why a server is fast.
      </p>
    );
  }
  if (server === 'hardware') {
    return (
      <p className="text-xs text-muted" data-testid="server-caveat">
        {status?.ok ? `Server: ${status.profile.label}${instances}. ` : ''}Its numbers come from a roofline model (compute and memory-bandwidth limits) with efficiencies {calibrationSentence()}.
        {status?.ok && !status.details.modelFit.fitted ? ` None of those measurements is of ${status.details.model.label}: its figures are unfitted (see Why).` : ''} An estimate, not a
        measurement of your deployment.{status?.ok && gpuFitNote(status.details.gpu) ? ` None of those measurements ran on the ${status.details.gpu.name}.` : ''}
      </p>
    );
  }
  return (
    <p className="text-xs text-muted" data-testid="server-caveat">
      The server here is illustrative: the relationships are real, the exact numbers are not a benchmark of any hardware.
    </p>
  );
}
