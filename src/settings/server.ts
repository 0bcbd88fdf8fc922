import { engineHardwareRefusal } from '../engine/engines/hardware';
import type { ResolvedServing } from '../engine/engines/resolve';
import { expertParallelRefusal } from '../engine/profiles/expertParallel';
import { gpuById } from '../engine/profiles/gpus';
import { modelById } from '../engine/profiles/models';
import { hardwareProfile } from '../engine/profiles/roofline';
import type { RooflineDetails } from '../engine/profiles/roofline';
import type { RooflineFactors } from '../engine/profiles/cost';
import type { ServerProfile } from '../engine/types';
import type { Settings } from './schema';
import { effectiveKvPrecision, hardwareServing, servingOf } from './serving';
import type { DraftSetup } from './speculative';
import { needsSpecMethods, specMethods } from './specRegistry';

/**
 * A hardware server for the settings, with the roofline details the "why"
 * panel draws, the speculative draft it carries (null without one) and its
 * step-cost factors.
 */
export type HardwareOutcome =
  | { ok: true; profile: ServerProfile; details: RooflineDetails; draft: DraftSetup | null; factors: RooflineFactors }
  | { ok: false; param: string; message: string };

/** What the page says in the moment before speculative decoding's methods have loaded. */
export const SPEC_LOADING = 'loading speculative decoding';



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
  if (s.expertParallel === 'on' && serving.engine?.id === 'llamacpp') {
    return { ok: false, param: 'expert-parallel', message: 'llama.cpp splits a model across GPUs by layers or rows (--split-mode) and has no expert parallelism; use --expert-parallel off, or vLLM, SGLang or TensorRT-LLM' };
  }
  const { serving: options, factors } = hardwareServing(serving);
  // contextTokens: a sliding-window model's KV capacity is counted at the workload's mean request length (ignored by other models).
  const spec = {
    model: s.model, gpu: s.gpu, precision: s.precision, tp: s.tp, kvPrecision: effectiveKvPrecision(s, serving), contextTokens: s.prompt + s.output,
    ...(s.expertParallel === 'on' ? { expertParallel: true } : {}),
  };
  // A draft model or an EAGLE head takes its weights and KV out of the same GPUs' memory (settings/speculative.ts).
  if (needsSpecMethods(s)) {
    const methods = specMethods();
    if (!methods) return { ok: false, param: 'spec-method', message: SPEC_LOADING };
    const withDraft = methods.hardwareWithDraft(s, spec, factors, options);
    if (withDraft) return withDraft;
  }
  const result = hardwareProfile(spec, factors, options);
  if (result.ok) return { ...result, draft: null, factors };
  // An expert-parallel refusal (a dense model, one GPU, experts that do not divide) names its own setting.
  const model = modelById(s.model);
  const epRefused = s.expertParallel === 'on' && model !== undefined && expertParallelRefusal(model, s.tp) !== null;
  return { ok: false, param: epRefused ? 'expert-parallel' : 'server', message: `${result.reason} ${result.suggestion}` };
}
