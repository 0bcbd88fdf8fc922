import { useEffect, useMemo, useRef, useState } from 'react';
import type { Settings } from '../../../settings/schema';
import { useLabStore } from '../../../store';
import { Choice } from '../../common/Choice';
import { formatCount } from '../../common/format';
import { formatGpuMemory } from '../../why/units';
import { gpuNote, gpuOptions, kvOptions, modelOptions, precisionNote, precisionOptions, tpNote, tpOptions, type HardwareFix, type HardwareStatus } from './hardwareOptions';
import { Segmented, Select } from './Select';
import { useHardwareStatus } from './useHardwareStatus';
import { CustomServerFields } from './CustomServerFields';
import { kvPrecisionByRule } from '../../../engine/engines/kvCache';
import { enginePreset } from '../../../engine/engines/presets';

type ServerKind = Settings['server'];

/** The hardware server in one sentence: weights per GPU, KV capacity, batch limit, and any caution. */
function ServerFacts({ status, factsRef }: { status: Extract<HardwareStatus, { ok: true }>; factsRef: React.Ref<HTMLDivElement> }) {
  const d = status.details;
  return (
    <div ref={factsRef} tabIndex={-1} className="space-y-1 rounded-md border border-line bg-surface p-2 text-xs" data-testid="server-facts">
      <p>
        <span className="font-semibold">{status.profile.label}.</span> Weights take {formatGpuMemory(d.memory.weightBytesPerGpu, d.gpu)} of each GPU&apos;s {formatGpuMemory(d.memoryBytesPerGpu, d.gpu)}; the KV
        cache holds {formatCount(d.kvCapacityTokens)} tokens; at most {formatCount(d.serving.maxBatch)} requests run at once.
      </p>
      {d.warnings.map((w) => (
        <p key={w} className="border-l-2 border-warn-line pl-2">
          {w}
        </p>
      ))}
    </div>
  );
}

/** Why the combination cannot run, the engine's suggestion, and one-click fixes. */
export function RefusalAlert({ reason, suggestion, fixes, onFix }: { reason: string; suggestion: string; fixes: readonly HardwareFix[]; onFix: (patch: Partial<Settings>) => void }) {
  return (
    <div role="alert" className="space-y-1.5 rounded-md border-l-4 border-bad bg-bad-bg p-2 text-sm" data-testid="hardware-refusal">
      <p className="font-semibold">This server cannot run</p>
      <p>{reason}</p>
      <p>{suggestion}</p>
      <div className="flex flex-wrap gap-1.5 pt-0.5">
        {fixes.map((f, i) => (
          <button
            key={f.label}
            type="button"
            onClick={() => onFix(f.patch)}
            className={i === 0 ? 'rounded-md bg-accent px-2.5 py-1 font-semibold text-accent-ink' : 'rounded-md border border-line bg-raised px-2.5 py-1 text-ink hover:border-accent'}
          >
            {f.label}
          </button>
        ))}
        <button type="button" onClick={() => onFix({ server: 'lesson' })} className="rounded-md border border-line bg-raised px-2.5 py-1 text-ink hover:border-accent">
          Switch to the lesson server
        </button>
      </div>
    </div>
  );
}

/**
 * The server the lab simulates: the lesson's illustrative one, or a model on
 * real GPUs (model, GPU, weight precision, GPUs in tensor parallel, KV-cache
 * precision) costed by the calibrated roofline. Choices the hardware cannot
 * offer say why; a combination that cannot run says why and offers fixes.
 * Every choice lives in the link.
 */
export function ServerPicker() {
  const server = useLabStore((s) => s.settings.server);
  const model = useLabStore((s) => s.settings.model);
  const gpu = useLabStore((s) => s.settings.gpu);
  const precision = useLabStore((s) => s.settings.precision);
  const tp = useLabStore((s) => s.settings.tp);
  const kvPrecision = useLabStore((s) => s.settings.kvPrecision);
  const update = useLabStore((s) => s.updateSettings);
  const status = useHardwareStatus();
  const precisions = useMemo(() => precisionOptions(gpu, model), [gpu, model]);
  const tps = useMemo(() => tpOptions(model, gpu), [model, gpu]);
  const engine = useLabStore((s) => s.settings.engine);
  const kvs = useMemo(() => {
    const preset = enginePreset(engine);
    const kv = preset ? kvPrecisionByRule(preset.kvCache.value, precision) : undefined;
    return kvOptions(precision, preset && kv ? { kv, engineLabel: preset.label } : undefined);
  }, [precision, engine]);
  const models = useMemo(() => modelOptions(), []);
  const gpus = useMemo(() => gpuOptions(), []);

  // After a fix the alert (and the focused button) goes away: move focus to what replaced it.
  const factsRef = useRef<HTMLDivElement>(null);
  const [focusFacts, setFocusFacts] = useState(false);
  useEffect(() => {
    if (focusFacts && status?.ok) {
      factsRef.current?.focus();
      setFocusFacts(false);
    }
  }, [focusFacts, status]);
  const fix = (patch: Partial<Settings>) => {
    update(patch);
    if (patch.server !== 'lesson') setFocusFacts(true);
  };

  return (
    <div id="server-picker" className="scroll-mt-4 space-y-3" data-testid="server-picker">
      <Choice<ServerKind>
        legend="Server"
        options={[
          { value: 'lesson', label: 'Lesson server', hint: 'illustrative' },
          { value: 'hardware', label: 'Real hardware', hint: 'model on GPUs, roofline' },
          { value: 'custom', label: 'Custom', hint: 'a provider by its TTFT and pace' },
        ]}
        value={server}
        onChange={(v) => update({ server: v })}
      />
      {server === 'custom' && <CustomServerFields />}
      {server === 'hardware' && status && (
        <div className="space-y-2.5">
          <Select label="Model" value={model} options={models} onChange={(v) => update({ model: v })} />
          <Select label="GPU" value={gpu} options={gpus} onChange={(v) => update({ gpu: v })} note={gpuNote(gpu)} />
          <Select label="Weight precision" value={precision} options={precisions} onChange={(v) => update({ precision: v })} note={precisionNote(gpu)} />
          <Select label="KV-cache precision" value={kvPrecision} options={kvs} onChange={(v) => update({ kvPrecision: v })} />
          <Segmented
            legend="GPUs sharing the model (tensor parallel)"
            value={String(tp)}
            options={tps.map((o) => ({ ...o, label: o.value }))}
            onChange={(v) => update({ tp: Number(v) })}
            note={tpNote(model, gpu)}
          />
          {status.ok ? <ServerFacts status={status} factsRef={factsRef} /> : <RefusalAlert reason={status.reason} suggestion={status.suggestion} fixes={status.fixes} onFix={fix} />}
        </div>
      )}
    </div>
  );
}
