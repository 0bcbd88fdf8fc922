import { SETTING_LIMITS } from '../../settings/schema';
import { useLabStore } from '../../store';
import { Choice } from '../common/Choice';
import { formatCount } from '../common/format';
import { LogSlider } from '../common/LogSlider';
import { NumberField } from '../common/NumberField';

type Mode = 'closed' | 'open';

/** Rate the open loop starts from when switched on. */
const DEFAULT_RATE = 1;

/** Load in detail: concurrent users (closed loop), or an arrival rate with burstiness (open loop). Idle and busy are in the lesson controls. */
export function LoadControls() {
  const users = useLabStore((s) => s.settings.users);
  const rate = useLabStore((s) => s.settings.rate);
  const burstiness = useLabStore((s) => s.settings.burstiness);
  const update = useLabStore((s) => s.updateSettings);
  const mode: Mode = rate === null ? 'closed' : 'open';

  return (
    <section aria-labelledby="load-h" className="space-y-3">
      <h2 id="load-h" className="text-base font-semibold">
        Load
      </h2>
      <Choice<Mode>
        legend="How requests arrive"
        columns="grid-cols-2"
        options={[
          { value: 'closed', label: 'Users', hint: 'each waits for its answer' },
          { value: 'open', label: 'Arrival rate', hint: 'requests keep coming' },
        ]}
        value={mode}
        onChange={(m) => update({ rate: m === 'open' ? DEFAULT_RATE : null })}
      />
      {mode === 'closed' ? (
        <div className="flex items-end gap-2">
          <LogSlider label="Concurrent users" value={users} min={1} max={256} integer onChange={(v) => update({ users: v })} valueText={(v) => `${formatCount(v)} users`} />
          <NumberField label="Users" labelHidden value={users} min={1} max={SETTING_LIMITS.maxUsers} integer onCommit={(v) => update({ users: v })} />
        </div>
      ) : (
        <>
          {rate === Infinity && <p className="text-xs text-muted">The link sends every request at once (rate = inf). Move the slider to set a rate.</p>}
          <div className="flex items-end gap-2">
            <LogSlider label="Arrival rate (requests per second)" value={rate ?? DEFAULT_RATE} min={0.01} max={100} onChange={(v) => update({ rate: v })} valueText={(v) => `${v} requests per second`} />
            <NumberField label="Rate" labelHidden unit="req/s" value={Number.isFinite(rate) ? (rate as number) : 100} min={0.001} max={100_000} onCommit={(v) => update({ rate: v })} />
          </div>
          <div className="flex items-end gap-2">
            <LogSlider label="Burstiness (1 = random, below 1 = bursts)" value={burstiness} min={0.05} max={100} onChange={(v) => update({ burstiness: v })} valueText={(v) => `shape ${v}`} />
            <NumberField label="Burstiness" labelHidden value={burstiness} min={0.05} max={100} onCommit={(v) => update({ burstiness: v })} />
          </div>
        </>
      )}
    </section>
  );
}
