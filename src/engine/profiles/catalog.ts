/**
 * The hardware catalog: models, GPUs and precisions, and the rules that say
 * which combinations can run at all (before any memory arithmetic).
 */
import { expertParallelRefusal } from './expertParallel';
import { GPUS, gpuById, maxTpOf, type GpuSpec } from './gpus';
import { MODELS, modelById, type ModelConfig } from './models';
import { KV_PRECISIONS, PRECISIONS, isKvPrecision, peakFlopsFor, precisionById, type KvPrecision, type PrecisionSpec } from './precisions';

export { GPUS, gpuById, MODELS, modelById, PRECISIONS, precisionById, KV_PRECISIONS };

/** Tensor-parallel degrees the lab models: GPUs of one server. */
export const TP_DEGREES: readonly number[] = [1, 2, 4, 8];

/** What the caller asks for: ids as the CLI and deep links spell them. */
export interface HardwareSpec {
  /** Model id, e.g. `llama-3.1-8b`. */
  model: string;
  /** GPU id, e.g. `h100-sxm`. */
  gpu: string;
  /** Weight precision id: `fp16`, `bf16`, `fp8`, `int4`, `fp4`, or a checkpoint's own format (`mxfp4` for gpt-oss). */
  precision: string;
  /** Tensor-parallel degree: GPUs sharing every layer (1, 2, 4 or 8). */
  tp: number;
  /** KV-cache precision (`fp16`, `bf16`, `fp8`); the precision's default when omitted. */
  kvPrecision?: string;
  /**
   * Request length (prompt + output) at which a sliding-window model's KV
   * capacity is counted, tokens; ignored by models without a window. Absent
   * means every layer caches every token (exact up to the window, cautious beyond it).
   */
  contextTokens?: number;
  /** Expert parallelism: a MoE model's experts placed whole across the TP group instead of each sharded (see expertParallel.ts); absent = off. */
  expertParallel?: boolean;
}

/** A spec whose ids all resolved and whose combination passed the static rules. */
export interface ResolvedSpec {
  model: ModelConfig;
  gpu: GpuSpec;
  precision: PrecisionSpec;
  kvPrecision: KvPrecision;
  tp: number;
  /** See `HardwareSpec.contextTokens`; absent when not given. */
  contextTokens?: number;
  /** Expert parallelism on (absent = off); only a MoE model whose experts divide over `tp` ≥ 2 GPUs gets here. */
  expertParallel?: true;
}

/** Why a combination cannot run, and what would. */
export interface Refusal {
  ok: false;
  /** One sentence naming the obstacle, with the numbers behind it. */
  reason: string;
  /** What to change so it runs. */
  suggestion: string;
}

const list = (ids: readonly string[]): string => ids.join(', ');

/** True when `tp` GPUs can split the model's attention heads evenly (KV heads may be replicated). */
export function tpSplitsHeads(model: ModelConfig, tp: number): boolean {
  const kvOk = model.kvHeads % tp === 0 || tp % model.kvHeads === 0;
  return model.heads % tp === 0 && kvOk;
}

/**
 * Why `model` cannot be stored in `precision`, or null when it can: a
 * checkpoint that exists in one format only (gpt-oss: MXFP4 experts) refuses
 * the others, and a checkpoint-only format refuses models not shipped in it.
 */
export function precisionMismatch(model: ModelConfig, precision: PrecisionSpec): Refusal | null {
  const allowed = model.checkpoint?.precisions;
  if (allowed && !allowed.includes(precision.id)) {
    return {
      ok: false,
      reason: `${model.label} is published in ${allowed.join('/')} only (${model.checkpoint?.source}), so it cannot run in ${precision.label}.`,
      suggestion: `Use --precision ${allowed.join(' or ')}.`,
    };
  }
  if (precision.checkpointOnly && !allowed?.includes(precision.id)) {
    const shipped = MODELS.filter((m) => m.checkpoint?.precisions.includes(precision.id)).map((m) => m.id);
    return {
      ok: false,
      reason: `${precision.label} is the format of a published checkpoint, and ${model.label} has none in it.`,
      suggestion: `Use bf16, fp8, int4 or fp4 for ${model.label}, or pick a model shipped in ${precision.id}: ${list(shipped)}.`,
    };
  }
  return null;
}

/** Tensor-parallel degrees that split `model`'s heads evenly. */
export function validTpDegrees(model: ModelConfig): number[] {
  return TP_DEGREES.filter((tp) => tpSplitsHeads(model, tp));
}

/** Tensor-parallel degrees that split `model`'s heads evenly and that `gpu` can form (one on Apple silicon). */
export function validTpDegreesOn(model: ModelConfig, gpu: Pick<GpuSpec, 'maxTp'>): number[] {
  return validTpDegrees(model).filter((tp) => tp <= maxTpOf(gpu));
}

/** Why `gpu` cannot form a TP group of `tp`, or null when it can (only Apple silicon, one GPU per machine, cannot). */
export function tpHardwareReason(gpu: GpuSpec, tp: number): string | null {
  if (gpu.maxTp === undefined || tp <= gpu.maxTp) return null;
  return `The ${gpu.name} is a single GPU sharing one chip's memory with the CPU; there is no second GPU in the machine to split the model with, so tensor parallelism stays at 1.`;
}

/**
 * Resolves ids and applies the rules that need no memory arithmetic: known
 * ids, a tensor-core path for the precision on this GPU, and a TP degree the
 * model's heads allow. Memory fit is `hardwareProfile`'s job.
 */
export function resolveSpec(spec: HardwareSpec): { ok: true; resolved: ResolvedSpec } | Refusal {
  const model = modelById(spec.model);
  if (!model) return { ok: false, reason: `Unknown model "${spec.model}".`, suggestion: `Pick one of: ${list(MODELS.map((m) => m.id))}.` };
  const gpu = gpuById(spec.gpu);
  if (!gpu) return { ok: false, reason: `Unknown GPU "${spec.gpu}".`, suggestion: `Pick one of: ${list(GPUS.map((g) => g.id))}.` };
  const precision = precisionById(spec.precision);
  if (!precision) {
    return { ok: false, reason: `Unknown precision "${spec.precision}".`, suggestion: `Pick one of: ${list(PRECISIONS.map((p) => p.id))}.` };
  }
  const mismatch = precisionMismatch(model, precision);
  if (mismatch) return mismatch;
  if (peakFlopsFor(gpu, precision) === undefined) {
    const others = GPUS.filter((g) => peakFlopsFor(g, precision) !== undefined).map((g) => g.id);
    const here = PRECISIONS.filter((p) => peakFlopsFor(gpu, p) !== undefined).map((p) => p.id);
    const what = precision.computePrecision === 'fp4' ? 'FP4' : 'FP8';
    return {
      ok: false,
      reason: `The ${gpu.name} has no ${what} tensor cores, so it cannot run ${precision.label}.`,
      suggestion: `Use ${here.join('/')} on the ${gpu.name}, or pick a GPU with ${what}: ${list(others)}.`,
    };
  }
  const kvId = spec.kvPrecision ?? precision.defaultKv;
  if (!isKvPrecision(kvId)) {
    return { ok: false, reason: `Unknown KV-cache precision "${kvId}".`, suggestion: `Pick one of: ${list(Object.keys(KV_PRECISIONS))}.` };
  }
  const tp = spec.tp;
  if (!Number.isInteger(tp) || tp < 1) {
    return { ok: false, reason: `Tensor parallelism must be a whole number of GPUs, got ${tp}.`, suggestion: 'Use --tp 1, 2, 4 or 8.' };
  }
  const single = tpHardwareReason(gpu, tp);
  if (single) {
    return { ok: false, reason: single, suggestion: 'Use --tp 1; for a model that does not fit, try a lighter precision (int4) or a machine with more memory.' };
  }
  if (tp > 8) {
    return {
      ok: false,
      reason: `TP ${tp} spans more than one 8-GPU server; the lab models tensor parallelism inside one server only.`,
      suggestion: 'Use --tp 8 or less; to fit a large model, also try fp8 or int4, or a GPU with more memory.',
    };
  }
  if (!TP_DEGREES.includes(tp)) {
    return { ok: false, reason: `TP ${tp} is not a power of two; the lab models 1, 2, 4 or 8 GPUs.`, suggestion: `Use --tp ${validTpDegrees(model).join(', ')}.` };
  }
  if (!tpSplitsHeads(model, tp)) {
    return {
      ok: false,
      reason: `${model.label} has ${model.heads} attention heads and ${model.kvHeads} KV heads, which ${tp} GPUs cannot split evenly.`,
      suggestion: `Use --tp ${validTpDegrees(model).join(', ')}.`,
    };
  }
  if (spec.expertParallel) {
    const refused = expertParallelRefusal(model, tp);
    if (refused) {
      const moe = MODELS.filter((m) => m.experts > 1).map((m) => m.id);
      return { ok: false, reason: refused, suggestion: model.experts > 1 ? `Use --tp ${validTpDegrees(model).filter((t) => t >= 2 && model.experts % t === 0).join(', ')}, or --expert-parallel off.` : `Use --expert-parallel off, or a mixture-of-experts model: ${list(moe)}.` };
    }
  }
  const contextTokens = spec.contextTokens !== undefined && Number.isFinite(spec.contextTokens) && spec.contextTokens > 0 ? spec.contextTokens : undefined;
  return { ok: true, resolved: { model, gpu, precision, kvPrecision: kvId, tp, ...(contextTokens !== undefined ? { contextTokens } : {}), ...(spec.expertParallel ? { expertParallel: true as const } : {}) } };
}
