import { useMemo } from 'react';
import type { EngineId } from '../../engine/engines/presets';
import { expertParallelRefusal } from '../../engine/profiles/expertParallel';
import { modelById } from '../../engine/profiles/models';
import { useLabStore } from '../../store';
import { pageWording, type MenuOption } from './server/hardwareOptions';
import { Segmented } from './server/Select';

/**
 * The two ways of placing a MoE model's experts on the GPUs, the second
 * unavailable with the reason where the lab refuses it (one GPU, experts that
 * do not divide, llama.cpp); empty for a dense model (no control shown).
 */
export function expertParallelOptions(modelId: string, tp: number, engine: EngineId | null): MenuOption[] {
  const model = modelById(modelId);
  if (!model || model.experts <= 1) return [];
  const refused = expertParallelRefusal(model, tp) ?? (engine === 'llamacpp' ? 'llama.cpp splits a model by layers or rows and has no expert parallelism.' : null);
  return [
    { value: 'off', label: 'Split', unavailable: null },
    { value: 'on', label: 'Whole', unavailable: refused === null ? null : pageWording(refused) },
  ];
}

/** What the two choices mean for a model of `experts` experts on `tp` GPUs, one sentence under the control. */
export function expertParallelNote(experts: number, tp: number): string {
  const engines = '(expert parallelism: vLLM --enable-expert-parallel, SGLang --ep-size, TensorRT-LLM moe_expert_parallel_size)';
  if (tp < 2) return `On one GPU every expert is whole already; Whole ${engines} places them across 2 or more GPUs.`;
  const whole = experts % tp === 0 ? `${experts / tp} of the ${experts} experts of each layer` : 'whole experts';
  return `Split: each GPU holds 1/${tp} of every expert. Whole ${engines}: each GPU holds ${whole}; tokens travel to their experts and back, and each step waits for the GPU with the most routed to it.`;
}

/**
 * Expert parallelism, for a mixture-of-experts model on real hardware: a
 * lever of the server itself, so it sits with the levers (this chunk loads
 * after the first readouts). Nothing for a dense model or another server,
 * unless a link turned it on (then it shows, so it can be turned off).
 */
export function ExpertParallelLever({ children }: { children: (control: React.ReactNode) => React.ReactNode }) {
  const server = useLabStore((s) => s.settings.server);
  const modelId = useLabStore((s) => s.settings.model);
  const tp = useLabStore((s) => s.settings.tp);
  const engine = useLabStore((s) => s.settings.engine);
  const on = useLabStore((s) => s.settings.expertParallel);
  const update = useLabStore((s) => s.updateSettings);
  const options = useMemo(() => expertParallelOptions(modelId, tp, engine === 'none' ? null : engine), [modelId, tp, engine]);
  const experts = modelById(modelId)?.experts ?? 1;
  if ((server !== 'hardware' || options.length === 0) && on === 'off') return null;
  return children(
    <div data-testid="expert-parallel">
      <Segmented
        legend="Experts on the GPUs"
        value={on}
        options={options.length > 0 && server === 'hardware' ? options : [{ value: 'off', label: 'Split', unavailable: null }, { value: 'on', label: 'Whole', unavailable: server === 'hardware' ? 'this model has no experts' : 'a lesson or custom server has no GPUs to place experts on' }]}
        onChange={(v) => update({ expertParallel: v === 'on' ? 'on' : 'off' })}
        note={experts > 1 ? expertParallelNote(experts, tp) : undefined}
      />
    </div>,
  );
}
