import { DEFAULT_SETTINGS } from '../../settings/schema';
import { useLabStore } from '../../store';
import { useSim } from '../../workers';

/**
 * Why the current settings cannot run, with a way back to a working server.
 * A hardware server that cannot run is explained, with fixes, by the alert in
 * the server picker; here it is only a pointer to it (not a second alert).
 */
export function RunError() {
  const error = useSim((s) => s.error);
  const hardware = useLabStore((s) => s.settings.server === 'hardware');
  const update = useLabStore((s) => s.updateSettings);
  const hasResults = useSim((s) => s.main !== null);
  if (!error) return null;
  const picker = hardware && error.param === 'server';
  return (
    <section role={picker ? undefined : 'alert'} className="rounded-lg border-l-4 border-bad bg-bad-bg p-3 text-sm" data-testid="run-error">
      <h2 className="font-semibold">{error.param === 'simulation' ? 'The simulation was stopped' : 'These settings cannot run'}</h2>
      {picker ? (
        <p>
          The chosen hardware cannot run this model; {hasResults ? 'the results shown are from the last settings that could.' : 'nothing can be shown until it can.'}{' '}
          <a href="#server-picker" className="underline">
            See why, and fixes, in the server settings
          </a>
          .
        </p>
      ) : (
        <p>
          <code className="font-semibold">{error.param}</code>: {error.message.replace(/\.$/, '')}.
        </p>
      )}
      {error.param === 'server' && (
        <button type="button" onClick={() => update({ server: DEFAULT_SETTINGS.server })} className="mt-2 rounded-md bg-accent px-3 py-1 font-semibold text-accent-ink">
          Use the lesson server
        </button>
      )}
    </section>
  );
}
