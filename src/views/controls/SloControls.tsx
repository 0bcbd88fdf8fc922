import { useLabStore } from '../../store';
import { Choice } from '../common/Choice';
import { formatMs } from '../common/format';
import { NumberField } from '../common/NumberField';
import { Switch } from '../common/Switch';
import { presetOf, SLO_PRESETS, type SloPreset } from './sloPresets';

const MAX_TARGET_MS = 3_600_000;

function Target({ name, value, fallback, onChange }: { name: string; value: number | null; fallback: number; onChange: (v: number | null) => void }) {
  return (
    <div className="space-y-1">
      <Switch label={`${name} target`} checked={value !== null} onChange={(on) => onChange(on ? fallback : null)} />
      {value !== null && <NumberField label={`${name} target`} labelHidden unit="ms" value={value} min={0} max={MAX_TARGET_MS} onCommit={onChange} className="ml-6" />}
    </div>
  );
}

/** Latency targets: presets per use case and free values. A request meets the SLO when it meets every target set. */
export function SloControls() {
  const ttftSlo = useLabStore((s) => s.settings.ttftSlo);
  const tpotSlo = useLabStore((s) => s.settings.tpotSlo);
  const update = useLabStore((s) => s.updateSettings);
  const preset = presetOf(ttftSlo, tpotSlo);

  return (
    <section aria-labelledby="slo-h" className="space-y-3">
      <h2 id="slo-h" className="text-base font-semibold">
        Latency targets (SLO)
      </h2>
      <Choice<SloPreset['id']>
        legend="Targets for a use case"
        columns="grid-cols-2"
        options={SLO_PRESETS.map((p) => ({ value: p.id, label: p.label, hint: `TTFT ${formatMs(p.ttftMs)}, TPOT ${formatMs(p.tpotMs)}` }))}
        value={preset}
        onChange={(id) => {
          const p = SLO_PRESETS.find((x) => x.id === id)!;
          update({ ttftSlo: p.ttftMs, tpotSlo: p.tpotMs });
        }}
      />
      <div className="grid grid-cols-2 gap-2">
        <Target name="TTFT" value={ttftSlo} fallback={500} onChange={(v) => update({ ttftSlo: v })} />
        <Target name="TPOT" value={tpotSlo} fallback={50} onChange={(v) => update({ tpotSlo: v })} />
      </div>
    </section>
  );
}
