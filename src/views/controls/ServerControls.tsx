import { useLabStore } from '../../store';
import { LogSlider } from '../common/LogSlider';
import { NumberField } from '../common/NumberField';
import { formatMs } from '../common/format';
import { ServerPicker } from './server';

const MAX_SEED = 4294967295;

/** The server, the network round trip and the random seed (scheduler settings are in the Serving group). */
export function ServerControls() {
  const networkMs = useLabStore((s) => s.settings.networkMs);
  const seed = useLabStore((s) => s.settings.seed);
  const update = useLabStore((s) => s.updateSettings);

  return (
    <section aria-labelledby="server-h" className="space-y-3">
      <h2 id="server-h" className="text-base font-semibold">
        Server and network
      </h2>
      <ServerPicker />
      <div className="flex items-end gap-2">
        <LogSlider label="Network round trip" value={Math.max(1, networkMs)} min={1} max={2000} integer onChange={(v) => update({ networkMs: v })} valueText={(v) => formatMs(v)} />
        <NumberField label="Network round trip" labelHidden unit="ms" value={networkMs} min={0} max={10_000} onCommit={(v) => update({ networkMs: v })} />
      </div>
      <div className="flex items-end gap-2">
        <NumberField label="Random seed" value={seed} min={0} max={MAX_SEED} integer onCommit={(v) => update({ seed: v })} />
        <button
          type="button"
          onClick={() => update({ seed: Math.floor(Math.random() * 1_000_000) })}
          className="mb-[1px] rounded-md border border-line bg-raised px-2 py-1 text-sm hover:border-accent"
        >
          New seed
        </button>
      </div>
      <p className="text-xs text-muted">Same seed, same numbers: a link reproduces the run exactly.</p>
    </section>
  );
}
