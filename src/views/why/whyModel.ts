/**
 * What the "why" panel explains, as plain data: where this scenario's prefill
 * and decode sit on the GPU's roofline, and where one GPU's memory goes. Pure
 * functions of the roofline details (from the settings) and the run (from the
 * worker); the components only draw them.
 */
import { operatingPoints, type OperatingPoint, type RooflineDetails } from '../../engine/profiles';
import type { IterationLog } from '../../engine/types';
import { formatBandwidth, formatFlops, formatGpuMemory, formatIntensity, formatPercent, formatTokenCount } from './units';

/** The decode step a run typically runs: its batch and the KV context each sequence holds. */
export interface TypicalDecode {
  /** Sequences in the batch (median over iterations). */
  batch: number;
  /** KV tokens per running sequence (median over iterations). */
  contextTokens: number;
}

/** Median of `values` weighted by `weights` (the first value with half the weight at or before it); NaN when empty. */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const order = values.map((_, i) => i).filter((i) => Number.isFinite(values[i]) && weights[i] > 0);
  order.sort((a, b) => values[a] - values[b]);
  const total = order.reduce((s, i) => s + weights[i], 0);
  let acc = 0;
  for (const i of order) {
    acc += weights[i];
    if (acc >= total / 2) return values[i];
  }
  return NaN;
}

/**
 * The run's typical decode step: the median batch over all iterations (each
 * log entry weighted by how many iterations it stands for) and the median KV
 * context per running sequence. Null when no iteration ran.
 */
export function typicalDecode(log: IterationLog): TypicalDecode | null {
  const batch: number[] = [];
  const context: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < log.batch.length; i++) {
    const b = log.batch[i];
    const n = log.count[i] ?? 1;
    if (!(b > 0) || !(n > 0)) continue;
    batch.push(b);
    context.push((log.kvUsedTokens[i] ?? 0) / b);
    weight.push(n);
  }
  if (weight.length === 0) return null;
  const b = weightedMedian(batch, weight);
  const c = weightedMedian(context, weight);
  if (!Number.isFinite(b) || !Number.isFinite(c)) return null;
  return { batch: Math.max(1, Math.round(b)), contextTokens: Math.max(0, Math.round(c)) };
}

/** One operating point to mark on the roofline. */
export interface RooflineMark {
  key: 'prefill' | 'decode' | 'decode-1';
  /** Visible label, e.g. "prefill (compute-bound)". */
  label: string;
  /** One line for the data table: the query and its intensity. */
  detail: string;
  intensityFlopsPerByte: number;
  bound: 'compute' | 'memory';
  /** What the calibrated model predicts the step reaches, FLOP/s per GPU. */
  achievedFlopsPerSec: number;
}

/** Everything the roofline chart draws, per GPU. */
export interface RooflineData {
  /** Dense datasheet peak at the compute precision, FLOP/s. */
  peakFlopsPerSec: number;
  /** Datasheet memory bandwidth, bytes/s. */
  peakBandwidthBytesPerSec: number;
  /** What the fit says long prefills reach, FLOP/s. */
  effectiveFlopsPerSec: number;
  /** What the fit says streaming weights and KV reaches, bytes/s. */
  effectiveBandwidthBytesPerSec: number;
  /** Peak ÷ bandwidth, FLOP/byte. */
  ridgeFlopsPerByte: number;
  marks: RooflineMark[];
}

/** The scenario the roofline places: one prompt's prefill and the run's typical decode step. */
export interface RooflineQuery {
  prefillTokens: number;
  decode: TypicalDecode;
}

/** "1,000-token", as an adjective. */
const tokenAdjective = (n: number): string => `${formatTokenCount(n).replace(/ tokens?$/, '')}-token`;

const boundWord = (b: 'compute' | 'memory'): string => (b === 'compute' ? 'compute-bound' : 'memory-bound');
const finiteOr = (x: number, fallback: number): number => (Number.isFinite(x) ? x : fallback);

function mark(key: RooflineMark['key'], label: string, detail: string, p: OperatingPoint): RooflineMark {
  return { key, label, detail, intensityFlopsPerByte: finiteOr(p.intensityFlopsPerByte, 0), bound: p.bound, achievedFlopsPerSec: finiteOr(p.achievedFlopsPerSec, 0) };
}

/**
 * The roofs of one GPU and this scenario's points on them: a prefill of the
 * workload's prompt, the decode step at the run's typical batch and context,
 * and (when that batch is above 1) the same step at batch 1 for contrast.
 */
export function rooflineData(details: RooflineDetails, q: RooflineQuery): RooflineData {
  const prefillTokens = Math.max(1, Math.round(finiteOr(q.prefillTokens, 1)));
  const batch = Math.max(1, Math.round(finiteOr(q.decode.batch, 1)));
  const context = Math.max(0, Math.round(finiteOr(q.decode.contextTokens, 0)));
  const at = operatingPoints(details, { prefillTokens, batch, contextTokens: context });
  const marks: RooflineMark[] = [
    mark('prefill', `prefill (${boundWord(at.prefill.bound)})`, `prefill of a ${tokenAdjective(prefillTokens)} prompt`, at.prefill),
    mark('decode', `decode (${boundWord(at.decode.bound)})`, `decode step, batch ${batch}, ${formatTokenCount(context)} of context each`, at.decode),
  ];
  if (batch > 1) {
    const one = operatingPoints(details, { prefillTokens, batch: 1, contextTokens: context }).decode;
    marks.push(mark('decode-1', 'batch 1', `decode step, batch 1, ${formatTokenCount(context)} of context`, one));
  }
  return {
    peakFlopsPerSec: details.peakFlopsPerSec,
    peakBandwidthBytesPerSec: details.bandwidthBytesPerSec,
    effectiveFlopsPerSec: details.effectivePeakFlopsPerSec,
    effectiveBandwidthBytesPerSec: details.effectiveBandwidthBytesPerSec,
    ridgeFlopsPerByte: details.ridgeFlopsPerByte,
    marks,
  };
}

/** Where a point sits relative to the ridge, in words. */
function side(intensity: number, ridge: number): string {
  if (intensity < ridge / 10) return 'far left of the ridge';
  if (intensity < ridge) return 'left of the ridge';
  if (intensity < ridge * 10) return 'right of the ridge';
  return 'far right of the ridge';
}

/**
 * The roofline in a few sentences, with this scenario's numbers: why decode
 * waits on memory and what batching does to it, and which side prefill is on.
 */
export function explainRoofline(data: RooflineData, q: RooflineQuery, model: { label: string; experts: number; expertsPerToken: number; sharedExperts?: number }): string {
  const moe = model.experts > 1;
  const modelLabel = model.label;
  const ridge = data.ridgeFlopsPerByte;
  const prefill = data.marks.find((m) => m.key === 'prefill');
  const decode = data.marks.find((m) => m.key === 'decode');
  const one = data.marks.find((m) => m.key === 'decode-1') ?? decode;
  if (!prefill || !decode || !one) return '';
  const batch = Math.max(1, Math.round(finiteOr(q.decode.batch, 1)));
  const parts: string[] = [];
  parts.push(
    `A decode step of ${modelLabel} does about ${formatIntensity(one.intensityFlopsPerByte)} FLOP per byte it reads at batch 1 — ${side(one.intensityFlopsPerByte, ridge)} ` +
      `(${formatIntensity(ridge)} FLOP/byte), so it ${
        one.bound === 'memory'
          ? `waits on memory: every step streams ${moe ? `the weights it routes to (${model.expertsPerToken} of ${model.experts} experts per layer${model.sharedExperts ? `, plus ${model.sharedExperts} shared,` : ''} for one token)` : 'all the weights'} to make one token`
          : 'is limited by compute'
      }.`,
  );
  if (batch > 1) {
    const moved =
      decode.bound === 'memory'
        ? `still ${side(decode.intensityFlopsPerByte, ridge)}: the weights are read once for the whole batch, so throughput grows almost for free while each token's pace barely moves${moe ? ' (less so for a mixture of experts: a bigger batch touches more experts)' : ''}`
        : 'past the ridge: now compute sets the pace, and a bigger batch slows every token';
    parts.push(`This run's typical batch of ${batch} moves it to ${formatIntensity(decode.intensityFlopsPerByte)} FLOP/byte, ${moved}.`);
  } else {
    parts.push('Batching more requests would move it right: the weights are read once per step for the whole batch.');
  }
  parts.push(
    `Prefill of the ${tokenAdjective(q.prefillTokens)} prompt does ${formatIntensity(prefill.intensityFlopsPerByte)} FLOP/byte, ${side(prefill.intensityFlopsPerByte, ridge)}: ` +
      (prefill.bound === 'compute' ? 'compute-bound, so the first token waits on arithmetic and a longer prompt costs proportionally more.' : 'a prompt this short is memory-bound too.'),
  );
  return parts.join(' ');
}

/** The roofs in words, for captions and the data table. */
export function describeRoofs(data: RooflineData): { peak: string; effective: string } {
  return {
    peak: `datasheet: ${formatFlops(data.peakFlopsPerSec)}, ${formatBandwidth(data.peakBandwidthBytesPerSec)}`,
    effective:
      `fitted: ${formatFlops(data.effectiveFlopsPerSec)} (${formatPercent(data.effectiveFlopsPerSec / data.peakFlopsPerSec)} of peak), ` +
      `${formatBandwidth(data.effectiveBandwidthBytesPerSec)} (${formatPercent(data.effectiveBandwidthBytesPerSec / data.peakBandwidthBytesPerSec)} of peak)`,
  };
}

/** One slice of a GPU's memory. */
export interface MemorySegment {
  key: 'weights' | 'reserve' | 'kv-used' | 'kv-free';
  label: string;
  bytes: number;
}

/** One GPU's memory and what it means for the batch. */
export interface MemoryData {
  /** Device memory of one GPU, bytes. */
  totalBytes: number;
  /** The same, as the datasheet prints it (`80 GB`). */
  totalText: string;
  segments: MemorySegment[];
  /** The GPU's label, e.g. "H100 SXM 80GB". */
  gpuLabel: string;
  /** GPUs in the tensor-parallel group (each holds the same split). */
  tp: number;
  kvCapacityTokens: number;
  /** The KV cache the run reserved at its peak, tokens (0 before a run). */
  peakKvTokens: number;
  /** Scheduler limit on running sequences. */
  maxBatch: number;
  /** Tokens one request of this workload holds at its end (prompt + output). */
  requestTokens: number;
  /** Requests of that size the KV cache holds at once. */
  requestsThatFit: number;
  /** The batch the server can actually reach: the smaller of the two. */
  batchLimit: number;
  /** Which limit binds first. */
  limitedBy: 'memory' | 'scheduler';
}

/**
 * One GPU's memory: its weight shard, the reserve (headroom the engine leaves,
 * runtime, activations), the KV cache the run held at its peak, and the KV
 * cache left free; with the capacity in tokens and the batch it allows.
 */
export function memoryData(details: RooflineDetails, run: { peakKvReservedTokens: number }, workload: { promptTokens: number; outputTokens: number }): MemoryData {
  const m = details.memory;
  const total = Math.max(0, finiteOr(details.memoryBytesPerGpu, 0));
  const weights = Math.max(0, finiteOr(m.weightBytesPerGpu, 0));
  const kvCache = Math.max(0, finiteOr(m.kvCacheBytesPerGpu, 0));
  const reserve = Math.max(0, total - weights - kvCache);
  const peakTokens = Math.max(0, Math.min(details.kvCapacityTokens, finiteOr(run.peakKvReservedTokens, 0)));
  const used = Math.min(kvCache, peakTokens * Math.max(0, finiteOr(m.kvBytesPerTokenPerGpu, 0)));
  const requestTokens = Math.max(1, Math.round(finiteOr(workload.promptTokens, 0) + finiteOr(workload.outputTokens, 0)));
  const fit = Math.floor(Math.max(0, details.kvCapacityTokens) / requestTokens);
  const maxBatch = details.serving.maxBatch;
  const mem = (bytes: number) => formatGpuMemory(bytes, details.gpu);
  return {
    totalBytes: total,
    totalText: mem(total),
    segments: [
      { key: 'weights', label: `weights ${mem(weights)}`, bytes: weights },
      { key: 'reserve', label: `reserve ${mem(reserve)}`, bytes: reserve },
      { key: 'kv-used', label: `KV in use ${mem(used)}`, bytes: used },
      { key: 'kv-free', label: `KV free ${mem(kvCache - used)}`, bytes: kvCache - used },
    ],
    gpuLabel: details.gpu.label,
    tp: details.tp,
    kvCapacityTokens: details.kvCapacityTokens,
    peakKvTokens: peakTokens,
    maxBatch,
    requestTokens,
    requestsThatFit: fit,
    batchLimit: Math.min(fit, maxBatch),
    limitedBy: fit < maxBatch ? 'memory' : 'scheduler',
  };
}
