import { DEFAULT_SETTINGS } from '../../settings/schema';
import { useLabStore } from '../../store';
import { useSim } from '../../workers';

/** Why the current settings cannot run, with a way back to a working server. */
export function RunError() {
  const error = useSim((s) => s.error);
  const update = useLabStore((s) => s.updateSettings);
  if (!error) return null;
  return (
    <section role="alert" className="rounded-lg border-l-4 border-bad bg-bad-bg p-3 text-sm" data-testid="run-error">
      <h2 className="font-semibold">These settings cannot run</h2>
      <p>
        <code className="font-semibold">{error.param}</code>: {error.message}.
      </p>
      {error.param === 'server' && (
        <button type="button" onClick={() => update({ server: DEFAULT_SETTINGS.server })} className="mt-2 rounded-md bg-accent px-3 py-1 font-semibold text-accent-ink">
          Use the lesson server
        </button>
      )}
    </section>
  );
}
