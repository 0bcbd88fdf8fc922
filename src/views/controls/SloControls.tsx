import { WORKLOADS } from '../../engine/workloads';
import { presetOf, TARGET_PRESETS, targetPresetOf, type TargetPreset } from '../../settings/targets';
import { useLabStore } from '../../store';
import { Choice } from '../common/Choice';
import { formatMs } from '../common/format';
import { NumberField } from '../common/NumberField';
import { Switch } from '../common/Switch';

const MAX_TARGET_MS = 3_600_000;

type TargetChoice = 'workload' | TargetPreset['id'];

function Target({ name, value, fallback, onChange }: { name: string; value: number | null; fallback: number; onChange: (v: number | null) => void }) {
  return (
    <div className="space-y-1">
      <Switch label={`${name} target`} checked={value !== null} onChange={(on) => onChange(on ? fallback : null)} />
      {value !== null && <NumberField label={`${name} target`} labelHidden unit="ms" value={value} min={0} max={MAX_TARGET_MS} onCommit={onChange} className="ml-6" />}
    </div>
  );
}

const targetsText = (p: TargetPreset) => `TTFT ${formatMs(p.ttftMs)}, TPOT ${formatMs(p.tpotMs)}`;

/**
 * Latency targets: the workload's own (the default), a use case's, or free
 * values. A request meets the SLO when it meets every target set.
 */
export function SloControls() {
  const ttftSlo = useLabStore((s) => s.settings.ttftSlo);
  const tpotSlo = useLabStore((s) => s.settings.tpotSlo);
  const follow = useLabStore((s) => s.settings.targetsFollowWorkload);
  const workload = useLabStore((s) => s.settings.workload);
  const update = useLabStore((s) => s.updateSettings);
  const own = targetPresetOf(workload);
  const workloadLabel = WORKLOADS.find((w) => w.id === workload)?.label ?? 'Custom lengths';
  const value: TargetChoice | null = follow ? 'workload' : presetOf(ttftSlo, tpotSlo);

  return (
    <section aria-labelledby="slo-h" className="space-y-3">
      <h2 id="slo-h" className="text-base font-semibold">
        Latency targets (SLO)
      </h2>
      <Choice<TargetChoice>
        legend="Targets for a use case"
        columns="grid-cols-2"
        options={[
          { value: 'workload', label: "The workload's own", hint: `${own.label}: ${targetsText(own)}` },
          ...TARGET_PRESETS.map((p) => ({ value: p.id, label: p.label, hint: targetsText(p) })),
        ]}
        value={value}
        onChange={(id) => {
          if (id === 'workload') {
            update({ targetsFollowWorkload: true });
            return;
          }
          const p = TARGET_PRESETS.find((x) => x.id === id)!;
          update({ ttftSlo: p.ttftMs, tpotSlo: p.tpotMs, targetsFollowWorkload: false });
        }}
      />
      <p className="text-xs text-muted" data-testid="targets-source">
        {follow
          ? `${workloadLabel} is judged by the ${own.label.toLowerCase()} targets until you set your own.`
          : 'Your own targets: they stay when you change the workload, and the link keeps them.'}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Target name="TTFT" value={ttftSlo} fallback={own.ttftMs} onChange={(v) => update({ ttftSlo: v })} />
        <Target name="TPOT" value={tpotSlo} fallback={own.tpotMs} onChange={(v) => update({ tpotSlo: v })} />
      </div>
    </section>
  );
}
