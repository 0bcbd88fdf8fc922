import { useId } from 'react';
import { TP_DEGREES, validTpDegrees } from '../../engine/profiles/catalog';
import { GPUS, gpuById } from '../../engine/profiles/gpus';
import { MODELS, modelById } from '../../engine/profiles/models';
import { PRECISIONS, precisionsFor } from '../../engine/profiles/precisions';
import { useLabStore } from '../../store';
import { Choice } from '../common/Choice';

type ServerKind = 'lesson' | 'hardware';

function Select({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="rounded border border-line bg-raised px-2 py-1 text-sm text-ink">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The lesson's illustrative server, or a roofline estimate of a model on real GPUs. */
export function ServerPicker() {
  const server = useLabStore((s) => s.settings.server);
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const precision = useLabStore((s) => s.settings.precision);
  const tp = useLabStore((s) => s.settings.tp);
  const update = useLabStore((s) => s.updateSettings);
  const gpuSpec = gpuById(gpu);
  const modelSpec = modelById(model);
  const precisions: string[] = gpuSpec ? precisionsFor(gpuSpec) : PRECISIONS.map((p) => p.id);
  const tps = modelSpec ? validTpDegrees(modelSpec) : [...TP_DEGREES];

  return (
    <div className="space-y-2">
      <Choice<ServerKind>
        legend="Server"
        options={[
          { value: 'lesson', label: 'Lesson server', hint: 'illustrative' },
          { value: 'hardware', label: 'Real hardware', hint: 'roofline estimate' },
        ]}
        value={server}
        onChange={(v) => update({ server: v })}
      />
      {server === 'hardware' && (
        <div className="grid grid-cols-2 gap-2">
          <Select label="Model" value={model} options={MODELS.map((m) => ({ value: m.id, label: m.label }))} onChange={(v) => {
              const next = modelById(v);
              const ok = next ? validTpDegrees(next) : [];
              update(ok.includes(tp) || ok.length === 0 ? { model: v } : { model: v, tp: ok[0] });
            }} />
          <Select
            label="GPU"
            value={gpu}
            options={GPUS.map((g) => ({ value: g.id, label: g.label }))}
            onChange={(v) => {
              const next = gpuById(v);
              const ok: string[] = next ? precisionsFor(next) : [];
              update(ok.includes(precision) || ok.length === 0 ? { gpu: v } : { gpu: v, precision: ok[0] });
            }}
          />
          <Select label="Precision" value={precision} options={PRECISIONS.filter((p) => precisions.includes(p.id)).map((p) => ({ value: p.id, label: p.label }))} onChange={(v) => update({ precision: v })} />
          <Select label="GPUs (tensor parallel)" value={String(tp)} options={tps.map((t) => ({ value: String(t), label: `${t}` }))} onChange={(v) => update({ tp: Number(v) })} />
        </div>
      )}
    </div>
  );
}
