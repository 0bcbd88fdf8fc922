/**
 * Server profiles grounded in hardware: a model on `tp` GPUs at a precision,
 * costed by a roofline with efficiency factors fitted to published
 * measurements (`FITTED_FACTORS`, see docs/calibration.md).
 */
import type { IterationWork, ServerProfile } from '../types';
import { GPUS, KV_PRECISIONS, PRECISIONS, precisionMismatch, resolveSpec, tpSplitsHeads, validTpDegreesOn, type HardwareSpec, type Refusal, type ResolvedSpec } from './catalog';
import { costModel, iterationBreakdown, type CostModel, type IterationBreakdown, type RooflineFactors } from './cost';
import { FITTED_FACTORS } from './fitted';
import { datasheetGbBytes, interconnectFor, maxTpOf, type GpuSpec } from './gpus';
import { modelFit } from './measured';
import { DEFAULT_SERVING, planMemory, type MemoryPlan, type ServingOptions } from './memory';
import { modelParams, type ModelConfig, type ModelParams } from './models';
import { peakFlopsFor, type KvPrecision, type PrecisionSpec } from './precisions';

/** Everything the "why" panel needs to explain a hardware profile. Units are in the names. */
export interface RooflineDetails {
  model: ModelConfig;
  gpu: GpuSpec;
  precision: PrecisionSpec;
  kvPrecision: KvPrecision;
  /** Tensor-parallel degree (GPUs in the group). */
  tp: number;
  /** Derived parameter counts. */
  params: ModelParams;
  /** Dense peak of one GPU at the compute precision, FLOP/s. */
  peakFlopsPerSec: number;
  /** Peak memory bandwidth of one GPU, bytes/s. */
  bandwidthBytesPerSec: number;
  /** Arithmetic intensity where the roofs meet: peak FLOP/s ÷ bandwidth, FLOP/byte. */
  ridgeFlopsPerByte: number;
  /** Peak × prefill MFU (× the low-precision scale for FP8/FP4 matmuls): what a long prefill reaches, FLOP/s. */
  effectivePeakFlopsPerSec: number;
  /** Bandwidth × MBU: what streaming weights and KV reaches, bytes/s. */
  effectiveBandwidthBytesPerSec: number;
  /** Memory plan of one GPU: weight shard, reserve, KV bytes and capacity. */
  memory: MemoryPlan;
  /** Device memory of one GPU, bytes. */
  memoryBytesPerGpu: number;
  /** KV-cache tokens the group holds (same as the profile's `kvCapacityTokens`). */
  kvCapacityTokens: number;
  /** Serving settings used (batch limit, chunk budget, memory policy). */
  serving: ServingOptions;
  /** Efficiency factors used. */
  factors: RooflineFactors;
  /** Per-GPU cost constants behind `iterationSeconds`. */
  cost: CostModel;
  /** Plain-language cautions (tiny KV cache, all-reduce over PCIe), possibly empty. */
  warnings: string[];
  /** Whether published measurements of this model back its figures; `note` says what it means when not (see measured.ts). */
  modelFit: { fitted: boolean; note: string | null };
}

/** A profile and its explanation, or a refusal saying why the combination cannot run. */
export type HardwareProfileResult = { ok: true; profile: ServerProfile; details: RooflineDetails } | Refusal;


function fits(r: ResolvedSpec, serving: ServingOptions): boolean {
  return tpSplitsHeads(r.model, r.tp) && planMemory(r, serving).kvCapacityTokens >= serving.minKvTokens;
}

/** Alternatives that fit: more GPUs, a smaller precision, or both; else bigger GPUs. */
function suggestFit(r: ResolvedSpec, serving: ServingOptions): string {
  const options: string[] = [];
  const tpUp = validTpDegreesOn(r.model, r.gpu).find((tp) => tp > r.tp && fits({ ...r, tp }, serving));
  if (tpUp) options.push(`--tp ${tpUp}`);
  const smaller = PRECISIONS.filter(
    (p) => p.weightBytesPerParam < r.precision.weightBytesPerParam && peakFlopsFor(r.gpu, p) !== undefined && precisionMismatch(r.model, p) === null,
  );
  const here = smaller.filter((p) => fits({ ...r, precision: p, kvPrecision: p.defaultKv }, serving));
  if (here.length > 0) options.push(here.map((p) => p.id).join('/'));
  for (const p of smaller.filter((q) => !here.includes(q))) {
    const tp = validTpDegreesOn(r.model, r.gpu).find((t) => t > r.tp && fits({ ...r, tp: t, precision: p, kvPrecision: p.defaultKv }, serving));
    if (tp) options.push(`${p.id} with --tp ${tp}`);
  }
  const bigger = GPUS.filter((g) => g.id !== r.gpu.id && peakFlopsFor(g, r.precision) !== undefined)
    .filter((g) => validTpDegreesOn(r.model, g).some((tp) => fits({ ...r, gpu: g, tp }, serving)))
    .map((g) => g.id);
  if (options.length > 0) {
    // When no TP on this GPU holds it at this precision, say which GPUs do (a big MoE at its checkpoint's FP8).
    const anyTpHere = validTpDegreesOn(r.model, r.gpu).some((tp) => fits({ ...r, tp }, serving));
    const elsewhere = !anyTpHere && bigger.length > 0 ? ` At ${r.precision.id} it fits only on ${bigger.join(', ')}.` : '';
    return `Try ${options.join(', or ')}.${elsewhere}`;
  }
  const most = maxTpOf(r.gpu) === 1 ? `one ${r.gpu.name}` : `${maxTpOf(r.gpu)} × ${r.gpu.name}`;
  return bigger.length > 0
    ? `It does not fit on ${most} at any precision; try a GPU with more memory: ${bigger.join(', ')}.`
    : `It does not fit on one 8-GPU server of any GPU in the catalog at ${r.precision.id}; try int4.`;
}

function memoryRefusal(r: ResolvedSpec, plan: MemoryPlan, serving: ServingOptions): Refusal {
  const { model, gpu, precision, tp } = r;
  const printed = (n: number): string => `${n * gpu.memoryAsPrintedGb} GB`;
  // Every size in the datasheet's own GB, so the weights compare with the printed memory.
  const gb = (bytes: number): string => {
    const v = bytes / datasheetGbBytes(gpu);
    return `${v.toFixed(v >= 10 ? 0 : 1)} GB`;
  };
  // On Apple silicon the GPU gets only the wired share of unified memory: say both figures.
  const group = gpu.unifiedMemoryBytes
    ? `macOS lets the ${gpu.name}'s GPU use ${gb(gpu.memoryBytes)} of its ${printed(1)} of unified memory`
    : tp === 1 ? `one ${gpu.name} has ${printed(1)}` : `${tp} × ${gpu.name} have ${printed(tp)}`;
  let reason: string;
  if (plan.weightBytesTotal >= gpu.memoryBytes * tp) {
    reason = `${model.label} in ${precision.id} needs ${gb(plan.weightBytesTotal)} of weights; ${group}.`;
  } else if (plan.kvCacheBytesPerGpu <= 0) {
    reason =
      `${model.label} in ${precision.id} puts ${gb(plan.weightBytesPerGpu)} of weights on each ${gpu.name} (${gpu.unifiedMemoryBytes ? `${gb(gpu.memoryBytes)} usable of ${printed(1)}` : printed(1)}); ` +
      `with ${gb(plan.reserveBytesPerGpu)} kept back for headroom, runtime and activations, nothing is left for the KV cache.`;
  } else {
    reason =
      `${model.label} in ${precision.id} on ${tp} × ${gpu.name} leaves ${gb(plan.kvCacheBytesPerGpu)} per GPU for the KV cache: ` +
      `${plan.kvCapacityTokens} tokens, below the ${serving.minKvTokens}-token minimum.`;
  }
  return { ok: false, reason, suggestion: suggestFit(r, serving) };
}

function warningsFor(r: ResolvedSpec, plan: MemoryPlan): string[] {
  const out: string[] = [];
  if (plan.kvCapacityTokens < 16384) {
    out.push(`The KV cache holds only ${plan.kvCapacityTokens} tokens, so a few long requests fill it and the rest queue.`);
  }
  const link = interconnectFor(r.gpu, r.tp);
  if (r.tp > 1 && link.kind === 'pcie') {
    out.push(`All-reduces cross ${link.label}, far slower than NVLink: more GPUs may not mean more speed.`);
  }
  if (r.gpu.unifiedMemoryBytes) {
    out.push(
      `The ${r.gpu.name} shares its ${r.gpu.memoryAsPrintedGb} GB of unified memory with the CPU; macOS lets the GPU wire ` +
        `${Math.round(r.gpu.memoryBytes / datasheetGbBytes(r.gpu))} GB by default (raising the iogpu.wired_limit_mb sysctl gives it more).`,
    );
  }
  return out;
}

/**
 * A server profile for `spec`: `iterationSeconds(work)` = max(compute, memory)
 * + all-reduce time + overhead (see `iterationBreakdown`), KV capacity from the
 * memory plan, batch limit and chunk budget from `serving`. Refuses, with a
 * reason and a suggestion, any combination that cannot run.
 * @param factors efficiency factors; the fitted ones by default.
 * @param serving overrides of the vLLM-like scheduler and memory defaults.
 */
export function hardwareProfile(spec: HardwareSpec, factors: RooflineFactors = FITTED_FACTORS, serving: Partial<ServingOptions> = {}): HardwareProfileResult {
  const resolvedOrRefusal = resolveSpec(spec);
  if (!resolvedOrRefusal.ok) return resolvedOrRefusal;
  const r = resolvedOrRefusal.resolved;
  const s: ServingOptions = { ...DEFAULT_SERVING, ...serving };
  const plan = planMemory(r, s);
  if (plan.kvCapacityTokens < s.minKvTokens) return memoryRefusal(r, plan, s);

  const cost = costModel(r, plan, factors);
  const peak = cost.peakFlopsPerSec;
  const kvTag = r.kvPrecision === r.precision.defaultKv ? '' : `/kv-${r.kvPrecision}`;
  // A sliding-window model's capacity depends on the request length it is counted at, so the id names it.
  const ctxTag = plan.kvReferenceContextTokens !== null ? `/ctx${Math.round(plan.kvReferenceContextTokens)}` : '';
  const profile: ServerProfile = {
    id: `${r.model.id}@${r.gpu.id}/${r.precision.id}/tp${r.tp}${r.expertParallel ? '/ep' : ''}${kvTag}${ctxTag}`,
    label: `${r.model.label} on ${r.tp} × ${r.gpu.label}, ${r.precision.label}${kvTag ? `, ${KV_PRECISIONS[r.kvPrecision].label} KV` : ''}${r.expertParallel ? ', experts split across the GPUs (EP)' : ''}`,
    kvCapacityTokens: plan.kvCapacityTokens,
    maxBatch: s.maxBatch,
    chunkBudgetTokens: s.chunkBudgetTokens,
    gpus: r.tp,
    // Disaggregated serving sends each GPU's KV shard over that GPU's own link (NVLink, Infinity Fabric or PCIe, from the catalog);
    // a speculative draft's KV of the prompt goes with it, or the decode instance's draft would have to prefill it again.
    kvLink: { bytesPerTokenPerGpu: plan.kvBytesPerTokenPerGpu + (s.draft?.kvBytesPerTokenPerGpu ?? 0), bytesPerSecPerGpu: r.gpu.interconnect.bytesPerSecPerDirection, label: r.gpu.interconnect.label },
    iterationSeconds: (work: IterationWork): number => iterationBreakdown(cost, work).totalS,
  };
  const details: RooflineDetails = {
    model: r.model, gpu: r.gpu, precision: r.precision, kvPrecision: r.kvPrecision, tp: r.tp,
    params: modelParams(r.model),
    peakFlopsPerSec: peak,
    bandwidthBytesPerSec: r.gpu.bandwidthBytesPerSec,
    ridgeFlopsPerByte: peak / r.gpu.bandwidthBytesPerSec,
    effectivePeakFlopsPerSec: peak * factors.mfuPrefill * (cost.lowPrecisionCompute ? factors.lowPrecisionMfuScale : 1),
    effectiveBandwidthBytesPerSec: r.gpu.bandwidthBytesPerSec * factors.mbu,
    memory: plan,
    memoryBytesPerGpu: r.gpu.memoryBytes,
    kvCapacityTokens: plan.kvCapacityTokens,
    serving: s,
    factors,
    cost,
    warnings: warningsFor(r, plan),
    modelFit: modelFit(r.model),
  };
  return { ok: true, profile, details };
}

/** One point on the roofline chart, per GPU. */
export interface OperatingPoint {
  /** FLOPs of the iteration. */
  flops: number;
  /** Bytes moved to and from device memory. */
  bytes: number;
  /** flops ÷ bytes, FLOP/byte. */
  intensityFlopsPerByte: number;
  /** Ideal roof at this intensity: min(peak, intensity × bandwidth), FLOP/s. */
  attainableFlopsPerSec: number;
  /** What the calibrated model predicts: flops ÷ predicted time, FLOP/s. */
  achievedFlopsPerSec: number;
  /** Side of the ridge the point sits on. */
  bound: 'compute' | 'memory';
  /** Predicted wall time and its parts. */
  breakdown: IterationBreakdown;
}

/**
 * Where two iterations sit on the roofline, per GPU: a lone prefill of
 * `prefillTokens` prompt tokens, and a decode step of `batch` sequences that
 * each hold `contextTokens` tokens of KV cache.
 */
export function operatingPoints(
  details: RooflineDetails,
  query: { prefillTokens: number; batch: number; contextTokens: number },
): { prefill: OperatingPoint; decode: OperatingPoint } {
  const n = Math.max(0, query.prefillTokens);
  const b = Math.max(0, query.batch);
  const prefill: IterationWork = {
    prefillTokens: n, prefillAttentionPairs: (n * (n + 1)) / 2, prefillContextTokens: 0, prefillSeqs: n > 0 ? 1 : 0, decodeSeqs: 0, decodeKvTokens: 0,
  };
  const decode: IterationWork = {
    prefillTokens: 0, prefillAttentionPairs: 0, prefillContextTokens: 0, prefillSeqs: 0, decodeSeqs: b, decodeKvTokens: b * Math.max(0, query.contextTokens),
  };
  const point = (w: IterationWork): OperatingPoint => {
    const br = iterationBreakdown(details.cost, w);
    const flops = br.prefillFlops + br.decodeFlops;
    const bytes = br.weightBytes + br.kvBytes;
    const intensity = bytes > 0 ? flops / bytes : 0;
    return {
      flops,
      bytes,
      intensityFlopsPerByte: intensity,
      attainableFlopsPerSec: Math.min(details.peakFlopsPerSec, intensity * details.bandwidthBytesPerSec),
      achievedFlopsPerSec: br.totalS > 0 ? flops / br.totalS : 0,
      bound: intensity >= details.ridgeFlopsPerByte ? 'compute' : 'memory',
      breakdown: br,
    };
  };
  return { prefill: point(prefill), decode: point(decode) };
}
