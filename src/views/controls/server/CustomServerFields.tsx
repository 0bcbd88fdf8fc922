import { SETTING_LIMITS } from '../../../settings/schema';
import { useLabStore } from '../../../store';
import { NumberField } from '../../common/NumberField';
import { formatCount, formatMs, formatTokPerSec } from '../../common/format';

/**
 * A custom server, known only by what one idle user sees: the time to the
 * first token at the client and the streaming pace. For comparing providers:
 * set one, pin it, set the other.
 */
export function CustomServerFields() {
  const ttftMs = useLabStore((s) => s.settings.customTtftMs);
  const tokPerSec = useLabStore((s) => s.settings.customTokPerSec);
  const networkMs = useLabStore((s) => s.settings.networkMs);
  const output = useLabStore((s) => s.settings.output);
  const update = useLabStore((s) => s.updateSettings);
  const e2eMs = ttftMs + ((Math.max(1, output) - 1) / tokPerSec) * 1000;
  return (
    <div className="space-y-1.5 rounded-md border border-line bg-surface p-2" data-testid="custom-server">
      <div className="flex flex-wrap items-end gap-2">
        <NumberField label="Time to first token" value={ttftMs} min={0} max={SETTING_LIMITS.maxCustomTtftMs} unit="ms" onCommit={(v) => update({ customTtftMs: v })} />
        <NumberField label="Streaming pace" value={tokPerSec} min={0.1} max={SETTING_LIMITS.maxCustomTokPerSec} unit="tok/s" onCommit={(v) => update({ customTokPerSec: v })} />
      </div>
      <p className="text-xs text-muted">
        What one idle user sees, network round trip ({formatMs(networkMs)}) included. A {formatCount(output)}-token answer takes about {formatMs(e2eMs)}: {formatMs(ttftMs)} to the first token,
        then {formatTokPerSec(tokPerSec)}. Its pace does not depend on how many requests share it.
      </p>
      <p className="text-xs text-muted">Comparing two providers? Set one, press &ldquo;Pin this run&rdquo; beside the verdict, then set the other.</p>
    </div>
  );
}
