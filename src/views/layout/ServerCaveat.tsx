import { useLabStore } from '../../store';
import { useSim } from '../../workers';

/** What the numbers are: an illustrative server, or a roofline estimate for real hardware. */
export function ServerCaveat() {
  const server = useLabStore((s) => s.settings.server);
  const label = useSim((s) => s.main?.result.scenario.server.label ?? null);
  if (server === 'hardware') {
    return (
      <p className="text-sm text-muted">
        Server: {label ?? 'real hardware'}. Its step times come from a roofline model (compute and memory-bandwidth limits with fitted efficiencies): a reasoned estimate, not a
        measurement of your deployment.
      </p>
    );
  }
  return <p className="text-sm text-muted">The server here is illustrative: the relationships are real, the exact numbers are not a benchmark of any hardware.</p>;
}
