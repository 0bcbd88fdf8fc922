/**
 * What the server picker offers and why some choices are unavailable, and the
 * one-click fixes for a combination that cannot run. Pure functions over the
 * hardware catalog and the settings; the picker only renders them.
 */
import {
  GPUS,
  KV_PRECISIONS,
  MODELS,
  PRECISIONS,
  activeParamsAsPublished,
  TP_DEGREES,
  datasheetGbBytes,
  gpuById,
  hardwareProfile,
  modelById,
  modelParams,
  peakFlopsFor,
  precisionById,
  tpHardwareReason,
  precisionMismatch,
  tpSplitsHeads,
  type GpuSpec,
  type HardwareSpec,
  type RooflineDetails,
  type RooflineFactors,
  type ServingOptions,
} from '../../../engine/profiles';
import type { EngineId } from '../../../engine/engines/presets';
import { engineHardwareRefusal } from '../../../engine/engines/hardware';
import { expertParallelRefusal } from '../../../engine/profiles/expertParallel';
import type { ServerProfile } from '../../../engine/types';
import type { Settings } from '../../../settings/schema';
import { formatBandwidth } from '../../why/units';
import { engineFixes } from './engineOptions';
import { pageWording } from './pageWording';

// Re-exported: the picker and the levers ask this module for it. Importing it from pageWording.ts directly
// made the bundler split a shared chunk off the entry (153,866 bytes gzipped before the first readout, against 153,078).
export { pageWording };

/** One option of a menu; `unavailable` says why it cannot be picked (null when it can). */
export interface MenuOption {
  value: string;
  label: string;
  unavailable: string | null;
  /** Heading of the group the option is listed under, when the menu is grouped. */
  group?: string;
}

/** `8B`, `70B`, `405B`, `46.7B`: a parameter count for a menu. */
export function formatParams(n: number): string {
  const b = n / 1e9;
  if (!Number.isFinite(b) || b <= 0) return '?';
  return `${b >= 100 ? Math.round(b) : Number(b.toPrecision(b >= 10 ? 3 : 2))}B`;
}

/**
 * Every model, labelled with its size (and active size for a mixture of
 * experts). The active size is counted the way its publisher counts it
 * (`activeParamsAsPublished`), so the label reads like the model card.
 */
export function modelOptions(): MenuOption[] {
  return MODELS.map((m) => {
    const p = modelParams(m);
    const active = activeParamsAsPublished(m);
    const size = m.experts > 1 ? `${formatParams(p.total)} MoE, ${formatParams(active)} active` : `${formatParams(p.total)} dense`;
    return { value: m.id, label: `${m.label} (${size})`, unavailable: null };
  });
}

const SEGMENT_HEADING: Readonly<Record<GpuSpec['segment'], string>> = {
  datacenter: 'Data centre',
  workstation: 'Workstation and gaming',
  apple: 'Apple silicon (unified memory)',
};

/**
 * Every GPU, labelled with memory and bandwidth ("RTX 4090 24GB, 1.01 TB/s"),
 * grouped data centre / workstation / Apple. Short enough for the narrow
 * settings column; what the label cannot say goes in `gpuNote`.
 */
export function gpuOptions(): MenuOption[] {
  const order = Object.keys(SEGMENT_HEADING) as GpuSpec['segment'][];
  return [...GPUS]
    .sort((a, b) => order.indexOf(a.segment) - order.indexOf(b.segment))
    .map((g) => ({ value: g.id, label: `${g.label}, ${formatBandwidth(g.bandwidthBytesPerSec)}`, unavailable: null, group: SEGMENT_HEADING[g.segment] }));
}

/** What the GPU's label leaves out: a Mac's GPU share of unified memory and its one engine, a GeForce card's links. */
export function gpuNote(gpuId: string): string | undefined {
  const g = gpuById(gpuId);
  if (!g) return undefined;
  const gb = (bytes: number) => Math.round(bytes / datasheetGbBytes(g));
  if (g.unifiedMemoryBytes) {
    return `One GPU (TP 1) that runs llama.cpp, with ${gb(g.memoryBytes)} of its ${gb(g.unifiedMemoryBytes)} GB of unified memory (the rest is the CPU's by macOS's default).`;
  }
  if (g.bridge) return `Up to ${g.bridge.maxGpus} ${g.name}s share an ${g.bridge.interconnect.label}; more GPUs all-reduce over ${g.interconnect.label}.`;
  if (g.segment === 'workstation') return `No NVLink: ${g.name}s all-reduce over ${g.interconnect.label}.`;
  return undefined;
}

/**
 * Weight precisions; those the GPU has no tensor cores for, or the model's
 * checkpoint does not exist in (gpt-oss is MXFP4 only; MXFP4 is gpt-oss's
 * format only), are unavailable, with the reason.
 */
export function precisionOptions(gpuId: string, modelId?: string): MenuOption[] {
  const gpu = gpuById(gpuId);
  const model = modelId === undefined ? undefined : modelById(modelId);
  return PRECISIONS.map((p) => {
    const ok = gpu ? peakFlopsFor(gpu, p) !== undefined : true;
    const what = p.computePrecision === 'fp4' ? 'FP4' : 'FP8';
    const unavailable = ok || !gpu ? null : `the ${gpu.name} has no ${what} tensor cores`;
    const allowed = model?.checkpoint?.precisions;
    const checkpoint = !model
      ? null
      : allowed && !allowed.includes(p.id)
        ? `${model.label} is published in ${allowed.join('/')} only`
        : p.checkpointOnly && !allowed?.includes(p.id)
          ? `${model.label} has no ${p.id} checkpoint`
          : null;
    return { value: p.id, label: p.label, unavailable: unavailable ?? checkpoint };
  });
}

/** Why `tp` GPUs cannot serve `model` on `gpu` (heads that do not split, a GPU that is alone), or null. */
function tpReason(model: ModelLike | undefined, gpu: GpuSpec | undefined, tp: number): string | null {
  if (gpu && tpHardwareReason(gpu, tp)) return `the ${gpu.name} is one GPU`;
  if (model && !tpSplitsHeads(model, tp)) return `${model.label}'s ${model.heads} heads and ${model.kvHeads} KV heads do not split over ${tp} GPUs`;
  return null;
}

type ModelLike = NonNullable<ReturnType<typeof modelById>>;

/** Tensor-parallel degrees; those the model's heads or the GPU cannot take are unavailable, with the reason. */
export function tpOptions(modelId: string, gpuId?: string): MenuOption[] {
  const model = modelById(modelId);
  const gpu = gpuId ? gpuById(gpuId) : undefined;
  return TP_DEGREES.map((tp) => ({ value: String(tp), label: tp === 1 ? '1 GPU' : `${tp} GPUs`, unavailable: tpReason(model, gpu, tp) }));
}

/** "a, b and c" / "a or b". */
function listed(items: readonly string[], last = 'and'): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}

/** Why some precisions are unavailable on `gpuId` (undefined when none is). */
export function precisionNote(gpuId: string): string | undefined {
  const gpu = gpuById(gpuId);
  if (!gpu) return undefined;
  const missing = [...new Set(PRECISIONS.filter((p) => peakFlopsFor(gpu, p) === undefined).map((p) => p.computePrecision.toUpperCase()))];
  if (missing.length === 0) return undefined;
  return `The ${gpu.name} has no ${listed(missing, 'or')} tensor cores, so ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} unavailable.`;
}

/** Why some TP degrees are unavailable for `modelId` on `gpuId` (undefined when none is). */
export function tpNote(modelId: string, gpuId?: string): string | undefined {
  const model = modelById(modelId);
  const gpu = gpuId ? gpuById(gpuId) : undefined;
  if (gpu && tpHardwareReason(gpu, 2)) return `${tpHardwareReason(gpu, 2)}`;
  if (!model) return undefined;
  const off = TP_DEGREES.filter((tp) => !tpSplitsHeads(model, tp));
  if (off.length === 0) return undefined;
  return `${model.label}'s ${model.heads} attention heads and ${model.kvHeads} KV heads do not split evenly over ${listed(off.map(String), 'or')} GPUs.`;
}

/**
 * KV-cache precisions: `auto` follows the weights, or with an engine the
 * engine's own default (`engineKv`, 16-bit unless asked); its label says which.
 */
export function kvOptions(precisionId: string, engineKv?: { kv: keyof typeof KV_PRECISIONS; engineLabel: string }): MenuOption[] {
  const follows = precisionById(precisionId)?.defaultKv;
  const auto = engineKv
    ? `Auto (${KV_PRECISIONS[engineKv.kv].label}, ${engineKv.engineLabel}'s default)`
    : follows ? `Auto (${KV_PRECISIONS[follows].label}, follows the weights)` : 'Auto (follows the weights)';
  return [
    { value: 'auto', label: auto, unavailable: null },
    ...(Object.keys(KV_PRECISIONS) as (keyof typeof KV_PRECISIONS)[]).map((id) => ({ value: id, label: KV_PRECISIONS[id].label, unavailable: null })),
  ];
}

/** The hardware spec the settings describe; with the workload's lengths, a sliding-window model's KV capacity is counted at its request length. */
export function specOf(s: Pick<Settings, 'model' | 'gpu' | 'precision' | 'tp' | 'kvPrecision'> & Partial<Pick<Settings, 'prompt' | 'output' | 'expertParallel'>>): HardwareSpec {
  const contextTokens = s.prompt !== undefined && s.output !== undefined ? s.prompt + s.output : undefined;
  return {
    model: s.model, gpu: s.gpu, precision: s.precision, tp: s.tp, kvPrecision: s.kvPrecision === 'auto' ? undefined : s.kvPrecision,
    ...(contextTokens !== undefined ? { contextTokens } : {}),
    ...(s.expertParallel === 'on' ? { expertParallel: true } : {}),
  };
}

/** A one-click change that makes a refused combination run. */
export interface HardwareFix {
  /** Button text, e.g. "Use TP 2". */
  label: string;
  patch: Partial<Settings>;
}

/** A hardware server the settings choose: it runs, or it is refused with the reason, the suggestion and fixes. */
export type HardwareStatus =
  | { ok: true; profile: ServerProfile; details: RooflineDetails }
  | { ok: false; reason: string; suggestion: string; fixes: HardwareFix[] };

type HardwareFields = Pick<Settings, 'model' | 'gpu' | 'precision' | 'tp' | 'kvPrecision'> & Partial<Pick<Settings, 'prompt' | 'output' | 'expertParallel'>>;

const runs = (s: HardwareFields): boolean => hardwareProfile(specOf(s)).ok;

/** " on 2 GPUs" when the fix also changes the TP, else nothing. */
const onGpus = (tp: number, from: number): string => (tp === from ? '' : ` on ${tp} GPUs`);

/** "INT4" for "INT4 (weight-only)": a button says it short. */
const short = (label: string): string => label.replace(/\s*\(.*\)$/, '');

/**
 * Up to three simple changes that make `s` run, each checked to run, the
 * smallest change first: a TP the model's heads allow; for a precision the GPU
 * cannot compute in, the GPU's nearest precision (with more GPUs if needed) or
 * a GPU that has it; for memory, more GPUs, then a lighter precision, then a
 * GPU with more memory.
 */
export function hardwareFixes(s: HardwareFields): HardwareFix[] {
  const fixes: HardwareFix[] = [];
  const model = modelById(s.model);
  const gpu = gpuById(s.gpu);
  const precision = precisionById(s.precision);
  if (!model || !gpu || !precision) return fixes;
  const add = (label: string, patch: Partial<Settings>): boolean => {
    if (fixes.length >= 3 || fixes.some((f) => JSON.stringify(f.patch) === JSON.stringify(patch))) return false;
    fixes.push({ label, patch });
    return true;
  };
  const tps = TP_DEGREES.filter((tp) => tpSplitsHeads(model, tp) && !tpHardwareReason(gpu, tp));
  const tpsFromHere = tps.filter((tp) => tp >= s.tp);
  // Expert parallelism refused (a dense model, one GPU, experts that do not divide): turn it off, or take the GPUs it needs.
  if (s.expertParallel === 'on' && expertParallelRefusal(model, s.tp)) {
    if (runs({ ...s, expertParallel: 'off' })) add('Turn expert parallelism off', { expertParallel: 'off' });
    const at = model.experts > 1 ? tps.find((tp) => runs({ ...s, tp })) : undefined;
    if (at !== undefined) add(`Use TP ${at}`, { tp: at });
    return fixes;
  }
  /** The smallest TP from the current one up at which `patch` runs, or null. */
  const smallestTp = (patch: Partial<Settings>): number | null => tpsFromHere.find((tp) => runs({ ...s, ...patch, tp })) ?? null;

  if (!tps.includes(s.tp)) {
    for (const tp of [...tps].sort((a, b) => Math.abs(a - s.tp) - Math.abs(b - s.tp))) if (runs({ ...s, tp })) add(`Use TP ${tp}`, { tp });
    return fixes;
  }
  const supported = PRECISIONS.filter((p) => peakFlopsFor(gpu, p) !== undefined && precisionMismatch(model, p) === null);
  if (precisionMismatch(model, precision)) {
    // The checkpoint fixes the format (gpt-oss: MXFP4), or this format has no checkpoint of the model: offer the ones it has.
    for (const p of supported) {
      const tp = smallestTp({ precision: p.id, kvPrecision: 'auto' });
      if (tp !== null) add(`Use ${short(p.label)}${onGpus(tp, s.tp)}`, tp === s.tp ? { precision: p.id, kvPrecision: 'auto' } : { precision: p.id, kvPrecision: 'auto', tp });
    }
    return fixes;
  }
  if (!supported.includes(precision)) {
    const nearest = [...supported].sort((a, b) => Math.abs(a.weightBytesPerParam - precision.weightBytesPerParam) - Math.abs(b.weightBytesPerParam - precision.weightBytesPerParam));
    const sixteenBit = supported.find((p) => p.weightBytesPerParam === 2);
    for (const p of [nearest[0], sixteenBit]) {
      if (!p) continue;
      const tp = smallestTp({ precision: p.id, kvPrecision: 'auto' });
      if (tp !== null) add(`Use ${short(p.label)}${onGpus(tp, s.tp)}`, tp === s.tp ? { precision: p.id, kvPrecision: 'auto' } : { precision: p.id, kvPrecision: 'auto', tp });
    }
    const other = GPUS.find((g) => peakFlopsFor(g, precision) !== undefined && runs({ ...s, gpu: g.id }));
    if (other) add(`Use the ${other.name}`, { gpu: other.id });
    return fixes;
  }
  const more = tps.find((t) => t > s.tp && runs({ ...s, tp: t }));
  if (more) add(`Use TP ${more}`, { tp: more });
  for (const p of supported.filter((q) => q.weightBytesPerParam < precision.weightBytesPerParam)) {
    const at = smallestTp({ precision: p.id, kvPrecision: 'auto' });
    if (at !== null) add(`Use ${short(p.label)}${onGpus(at, s.tp)}`, at === s.tp ? { precision: p.id, kvPrecision: 'auto' } : { precision: p.id, kvPrecision: 'auto', tp: at });
  }
  if (fixes.length === 0) {
    // A Mac is offered only from a Mac: it runs llama.cpp alone, so from a GPU server it would change the engine too.
    const bigger = GPUS.filter((x) => x.memoryBytes > gpu.memoryBytes && peakFlopsFor(x, precision) !== undefined && (x.vendor !== 'apple' || gpu.vendor === 'apple'));
    for (const g of bigger.sort((a, b) => a.memoryBytes - b.memoryBytes)) {
      const at = tpsFromHere.find((t) => runs({ ...s, gpu: g.id, tp: t }));
      if (at !== undefined) add(`Use ${at === 1 ? 'one' : `${at} ×`} ${g.name}`, at === s.tp ? { gpu: g.id } : { gpu: g.id, tp: at });
    }
  }
  return fixes;
}

/**
 * Resolves the hardware server of `s`, or says why it cannot run and offers
 * fixes. `engine` is the engine in force (explicit or implied): one the GPU
 * cannot host is refused before any arithmetic, with engines and GPUs that would work.
 */
export function hardwareStatus(s: HardwareFields, serving?: { serving: Partial<ServingOptions>; factors: RooflineFactors }, engine: EngineId | null = null): HardwareStatus {
  const gpu = gpuById(s.gpu);
  const engineRefused = engine && gpu ? engineHardwareRefusal(engine, gpu) : null;
  if (engineRefused) return { ok: false, reason: pageWording(engineRefused.reason), suggestion: pageWording(engineRefused.suggestion), fixes: engineFixes(s, engine!, runs) };
  const r = serving ? hardwareProfile(specOf(s), serving.factors, serving.serving) : hardwareProfile(specOf(s));
  if (r.ok) return r;
  return { ok: false, reason: pageWording(r.reason), suggestion: pageWording(r.suggestion), fixes: hardwareFixes(s) };
}

