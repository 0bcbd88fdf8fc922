import { engineHardwareRefusal } from '../engine/engines/hardware';
import type { ResolvedServing } from '../engine/engines/resolve';
import { gpuById } from '../engine/profiles/gpus';
import { hardwareProfile } from '../engine/profiles/roofline';
import type { RooflineDetails } from '../engine/profiles/roofline';
import { resolveSpec } from '../engine/profiles/catalog';
import type { RooflineFactors } from '../engine/profiles/cost';
import type { ServerProfile } from '../engine/types';
import type { Settings } from './schema';
import { effectiveKvPrecision, hardwareServing, servingOf } from './serving';
import { draftSetupOf, type DraftSetup } from './speculative';

/**
 * A hardware server for the settings, with the roofline details the "why"
 * panel draws, the speculative draft it carries (null without one) and its
 * step-cost factors.
 */
export type HardwareOutcome =
  | { ok: true; profile: ServerProfile; details: RooflineDetails; draft: DraftSetup | null; factors: RooflineFactors }
  | { ok: false; param: string; message: string };

const gb = (bytes: number): string => `${(bytes / 1e9).toFixed(bytes >= 1e10 ? 0 : 1)} GB`;

/**
 * Resolves a hardware server (model × GPU × precision × TP) from settings,
 * with the serving settings' batch limit, token budget and memory share. A
 * combination that cannot run (an engine the GPU cannot host, a model that
 * does not fit) says why and what would (never a silent number).
 * Ids were already checked against the catalog by the schema.
 */
export function resolveHardwareServer(s: Settings, serving: ResolvedServing = servingOf(s)): HardwareOutcome {
  // An engine that does not run on this GPU (TensorRT-LLM on an AMD GPU, vLLM on a Mac) is refused before any arithmetic.
  const gpu = gpuById(s.gpu);
  const engineRefused = gpu && serving.engine ? engineHardwareRefusal(serving.engine.id, gpu) : null;
  if (engineRefused) return { ok: false, param: 'engine', message: `${engineRefused.reason} ${engineRefused.suggestion}` };
  const { serving: options, factors } = hardwareServing(serving);
  // contextTokens: a sliding-window model's KV capacity is counted at the workload's mean request length (ignored by other models).
  const spec = {
    model: s.model, gpu: s.gpu, precision: s.precision, tp: s.tp, kvPrecision: effectiveKvPrecision(s, serving), contextTokens: s.prompt + s.output,
  };
  // A draft model or EAGLE head takes its weights and KV out of the same GPUs' memory.
  const resolved = resolveSpec(spec);
  let draft: DraftSetup | null = null;
  if (resolved.ok) {
    const setup = draftSetupOf(s, resolved.resolved);
    if (!setup.ok) return setup;
    draft = setup.draft;
  }
  const result = hardwareProfile(spec, factors, draft ? { ...options, draft: draft.memory } : options);
  if (result.ok) return { ...result, draft, factors };
  if (draft && hardwareProfile(spec, factors, options).ok) {
    const perGpu = resolved.ok && resolved.resolved.tp > 1 ? ' per GPU' : '';
    return {
      ok: false, param: 'spec-draft',
      message: `the draft ${draft.model.label} does not fit beside the model: its ${gb(draft.memory.weightBytesPerGpu)} of weights${perGpu} and ${Math.round(draft.memory.kvBytesPerTokenPerGpu / 1024)} KiB of KV a token leave the KV cache under its minimum. ${result.suggestion}`,
    };
  }
  return { ok: false, param: 'server', message: `${result.reason} ${result.suggestion}` };
}
