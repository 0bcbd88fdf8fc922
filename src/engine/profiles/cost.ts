/**
 * The cost of one scheduler iteration on one GPU of a tensor-parallel group:
 * a roofline (the slower of compute and memory traffic, each at a fitted
 * efficiency, with a rounded corner) plus all-reduce communication and a
 * fixed launch overhead. All FLOPs and bytes here are per GPU; every GPU of
 * the group does the same share.
 */
import type { IterationWork } from '../types';
import type { ResolvedSpec } from './catalog';
import { expertParallelCost, allToAllBytesPerGpu, type ExpertParallelCost } from './expertParallel';
import { interconnectFor } from './gpus';
import type { MemoryPlan } from './memory';
import { modelParams } from './models';
import { ACTIVATION_BYTES, KV_PRECISIONS, computePathFor, peakFlopsFor } from './precisions';

/** Efficiency factors and overheads fitted to published measurements (see docs/calibration.md). */
export interface RooflineFactors {
  /** Share (0..1) of peak FLOP/s that prefill matmuls and attention reach (MFU). */
  mfuPrefill: number;
  /** Share (0..1) of peak FLOP/s that decode matmuls reach (small, skinny GEMMs). */
  mfuDecode: number;
  /**
   * Multiplier on the prefill MFU when the matmuls run in 8 or 4 bits:
   * low-precision kernels (scaling, (de)quantization, younger code) reach a
   * smaller share of their doubled peak than 16-bit ones do of theirs.
   */
  lowPrecisionMfuScale: number;
  /**
   * The same multiplier for decode matmuls, fitted apart: a decode step's
   * skinny GEMMs (one row per sequence) gain far less from an 8-bit path than
   * a prefill's long ones.
   */
  lowPrecisionDecodeMfuScale: number;
  /** Share (0..1) of peak memory bandwidth reached streaming weights and KV cache (MBU). */
  mbu: number;
  /**
   * Decode attention's arithmetic rate as FLOPs per byte of the GPU's peak
   * bandwidth: one query token per sequence against its whole KV cache runs
   * as a latency-bound loop per query head, not as a matmul, so its speed
   * follows the memory system (it scales across GPUs with bandwidth, not with
   * the tensor peak). Its FLOPs grow with query heads × context, so a
   * grouped-query model (few KV heads) or an 8-bit cache saves KV bytes but
   * not this arithmetic. Attention is one kernel that does its arithmetic as
   * it streams the cache, so the step's decode-attention time is the longer
   * of the two (with the roofline's rounded corner): a model with one query
   * head per KV head is bound by its bytes, one with many query heads per KV
   * head (or an 8-bit cache) can be bound by this rate instead.
   */
  attentionFlopsPerByte: number;
  /**
   * Multiplier on `mbu` for KV-cache traffic when the cache is 8-bit: each
   * element is converted back to 16 bits on the way in, so an FP8 cache
   * halves KV memory but saves less of the time than its halved bytes suggest.
   */
  lowPrecisionKvScale: number;
  /**
   * Sharpness p of the roofline corner: time = (compute^p + memory^p)^(1/p).
   * Infinity is the textbook max(compute, memory); a finite p charges for the
   * imperfect overlap of loads and math near the ridge (see `rooflineTime`).
   */
  rooflineSharpness: number;
  /** Fixed cost of every iteration: scheduling, sampling, launch, seconds. */
  iterationOverheadS: number;
  /** Launch cost per layer per iteration (kernels scale with depth), seconds. */
  layerOverheadS: number;
  /** Fixed latency of one all-reduce, seconds. */
  allReduceLatencyS: number;
  /** Share (0..1) of the interconnect's one-way bandwidth an all-reduce reaches. */
  interconnectEfficiency: number;
}

/** Per-GPU constants of one hardware combination, computed once per profile. */
export interface CostModel {
  tp: number;
  layers: number;
  hiddenSize: number;
  /** Dense peak at the compute precision, FLOP/s. */
  peakFlopsPerSec: number;
  /** Matmuls run on an 8- or 4-bit tensor path (scales both MFUs by `lowPrecisionMfuScale`). */
  lowPrecisionCompute: boolean;
  /** The KV cache is stored in 8 bits (its traffic runs at `mbu` × `lowPrecisionKvScale`). */
  lowPrecisionKv: boolean;
  /** Peak device-memory bandwidth, bytes/s. */
  bandwidthBytesPerSec: number;
  /** One-way interconnect bandwidth, bytes/s. */
  interconnectBytesPerSec: number;
  /** Matmul FLOPs per token through the decoder layers (active experts only). */
  layerFlopsPerToken: number;
  /** LM-head FLOPs per sampled position (one per sequence that emits a token). */
  lmHeadFlopsPerSeq: number;
  /** Attention FLOPs per (query, key) pair: 4 · layers · heads · headDim / tp (latent attention: its prefill form, see `mlaAttentionFlops`). */
  attentionFlopsPerPair: number;
  /** Attention FLOPs per (query, key) pair when decoding or verifying; the same as `attentionFlopsPerPair` except for latent attention. */
  decodeAttentionFlopsPerPair: number;
  /**
   * Decode attention runs on tensor cores at the 16-bit peak × prefill MFU,
   * not at the per-head `attentionFlopsPerByte` rate: latent attention's heads
   * all read one shared latent, so FlashMLA batches them into a matmul.
   */
  decodeAttentionOnTensorCores: boolean;
  /** Dense 16-bit peak of the GPU, FLOP/s: what attention computes at. */
  attentionPeakFlopsPerSec: number;
  /** Weights read every iteration regardless of routing, bytes. */
  nonExpertBytes: number;
  /** One expert MLP of one layer, bytes. */
  expertBytes: number;
  experts: number;
  expertsPerToken: number;
  /** Experts every token passes through besides the routed ones (DeepSeek's shared expert): always read. */
  sharedExperts: number;
  /** Layers whose MLP is experts (the rest are dense and counted in `nonExpertBytes`). */
  moeLayers: number;
  /** KV cache one new token writes to this GPU across all layers, bytes. */
  kvBytesPerToken: number;
  /** Sliding-window layers' share of all layers (0 without a window) and their window, tokens. */
  window: { localShare: number; tokens: number } | null;
  /** Expert parallelism, when on: experts whole on each GPU, all-to-all in the MoE layers (absent: every expert TP-sharded). */
  expertParallel?: ExpertParallelCost;
  factors: RooflineFactors;
}

/**
 * Attention FLOPs per (query, key) pair per layer per head of latent
 * attention: a prefill runs it as ordinary attention over (nope + rope)-wide
 * keys and v-wide values, 2 · (nope + rope) + 2 · v; a decode step runs the
 * absorbed form (vLLM, SGLang, FlashMLA) over the cached latent and RoPE key
 * and back through the latent, 2 · (kvLoraRank + rope) + 2 · kvLoraRank.
 */
export function mlaAttentionFlops(a: NonNullable<ResolvedSpec['model']['attention']>): { prefill: number; decode: number } {
  return { prefill: 2 * (a.nopeHeadDim + a.ropeHeadDim) + 2 * a.vHeadDim, decode: 2 * (a.kvLoraRank + a.ropeHeadDim) + 2 * a.kvLoraRank };
}

/** Builds the per-GPU cost constants for a resolved spec and its memory plan. */
export function costModel(r: ResolvedSpec, plan: MemoryPlan, factors: RooflineFactors): CostModel {
  const { model: m, gpu, tp } = r;
  const p = modelParams(m);
  const lookupOnly = p.embedding + (m.tiedEmbeddings ? 0 : p.lmHead);
  const path = computePathFor(gpu, r.precision);
  const mla = m.attention ? mlaAttentionFlops(m.attention) : null;
  const attentionFlopsPerPair = mla ? (m.layers * m.heads * mla.prefill) / tp : (4 * m.layers * m.heads * m.headDim) / tp;
  return {
    tp,
    layers: m.layers,
    hiddenSize: m.hiddenSize,
    peakFlopsPerSec: peakFlopsFor(gpu, r.precision) ?? 0,
    lowPrecisionCompute: path === 'fp8' || path === 'fp4',
    lowPrecisionKv: KV_PRECISIONS[r.kvPrecision].bytesPerElement < 2,
    bandwidthBytesPerSec: gpu.bandwidthBytesPerSec,
    interconnectBytesPerSec: interconnectFor(gpu, tp).bytesPerSecPerDirection,
    layerFlopsPerToken: (2 * (p.active - lookupOnly)) / tp,
    lmHeadFlopsPerSeq: (2 * p.lmHead) / tp,
    attentionFlopsPerPair,
    decodeAttentionFlopsPerPair: mla ? (m.layers * m.heads * mla.decode) / tp : attentionFlopsPerPair,
    decodeAttentionOnTensorCores: mla !== null,
    attentionPeakFlopsPerSec: gpu.peakFlopsPerSec.bf16,
    nonExpertBytes: plan.nonExpertBytes / tp,
    expertBytes: plan.expertBytes / tp,
    experts: m.experts,
    expertsPerToken: m.expertsPerToken,
    sharedExperts: m.sharedExperts ?? 0,
    moeLayers: p.moeLayers,
    kvBytesPerToken: plan.kvBytesPerTokenAllLayersPerGpu,
    window: plan.kv.localLayers > 0 ? { localShare: plan.kv.localLayers / m.layers, tokens: plan.kv.windowTokens } : null,
    ...(r.expertParallel ? { expertParallel: expertParallelCost(m, tp, plan.expertBytes, 2 * p.moeLayers * m.expertsPerToken * p.expertPerLayer) } : {}),
    factors,
  };
}

/**
 * Tokens of KV (or attention pairs) as if every layer saw them all: `full`
 * for a model without a window; with one, the global layers' share of `full`
 * plus the local layers' share of at most `cap` (what their window lets them
 * see). Callers pass `cap` = sequences × window for cache reads (each
 * sequence's local layers read at most its window: exact when every sequence
 * is past the window or none is, an overestimate in between) and prompt
 * tokens × window for prefill attention pairs.
 */
export function windowedTokens(c: Pick<CostModel, 'window'>, full: number, cap: number): number {
  if (!c.window) return full;
  return (1 - c.window.localShare) * full + c.window.localShare * Math.min(full, cap);
}

/**
 * Expected distinct experts hit in one layer when `tokens` tokens each pick
 * `k` of `e` experts, routing taken as uniform: e · (1 − (1 − k/e)^tokens).
 * A decode step of a few sequences reads a few experts; a prefill reads them all.
 */
export function expectedExpertsTouched(e: number, k: number, tokens: number): number {
  if (tokens <= 0) return 0;
  if (k >= e) return e;
  return e * (1 - Math.pow(1 - k / e, tokens));
}

/** Where one iteration's time goes, per GPU. */
export interface IterationBreakdown {
  /** Prefill FLOPs: matmuls over prompt tokens, their LM head and attention pairs. */
  prefillFlops: number;
  /** Decode FLOPs: matmuls over each decode query token (one per sequence, K + 1 when verifying a draft) and its attention to the cache. */
  decodeFlops: number;
  /** Weight bytes streamed (only the experts touched, for MoE). */
  weightBytes: number;
  /** KV-cache bytes read and written. */
  kvBytes: number;
  /** Compute time at the fitted MFU, seconds. */
  computeS: number;
  /** Memory time: weights and KV at the fitted MBU, decode attention as the longer of its KV reads and its arithmetic, seconds. */
  memoryS: number;
  /** All-reduce time (0 at TP 1), seconds. */
  commS: number;
  /** Fixed and per-layer overhead, seconds. */
  overheadS: number;
  /** Wall time of the iteration: roofline time of compute and memory + communication + overhead, seconds. */
  totalS: number;
  /** Which side of the roofline set the time. */
  bound: 'compute' | 'memory';
}

/**
 * Combines compute and memory time: the p-norm of the two, which is the max
 * when p = ∞ and never less than it. Measured kernels near the ridge point
 * reach neither roof, so a hard max flatters them; the fit sets p
 * (docs/calibration.md compares it with the hard max).
 */
export function rooflineTime(computeS: number, memoryS: number, sharpness: number): number {
  const hi = Math.max(computeS, memoryS);
  if (hi <= 0 || !Number.isFinite(sharpness)) return hi;
  const lo = Math.min(computeS, memoryS);
  return hi * Math.pow(1 + Math.pow(lo / hi, sharpness), 1 / sharpness);
}

/** Costs one iteration. An empty iteration costs nothing. */
export function iterationBreakdown(c: CostModel, w: IterationWork): IterationBreakdown {
  const f = c.factors;
  // Query tokens of the decoders: one each, or K + 1 each when a speculative pass verifies K drafted tokens.
  const decodeQueries = w.decodeQueryTokens ?? w.decodeSeqs;
  const queriesPerSeq = w.decodeSeqs > 0 ? decodeQueries / w.decodeSeqs : 1;
  const tokens = w.prefillTokens + decodeQueries;
  if (tokens <= 0) {
    return { prefillFlops: 0, decodeFlops: 0, weightBytes: 0, kvBytes: 0, computeS: 0, memoryS: 0, commS: 0, overheadS: 0, totalS: 0, bound: 'memory' };
  }
  const win = c.window?.tokens ?? Infinity;
  const prefillPairs = windowedTokens(c, w.prefillAttentionPairs, w.prefillTokens * win);
  const decodePairs = windowedTokens(c, w.decodeKvTokens, w.decodeSeqs * win);
  const prefillFlops =
    c.layerFlopsPerToken * w.prefillTokens + c.lmHeadFlopsPerSeq * w.prefillSeqs + c.attentionFlopsPerPair * prefillPairs;
  // Every query token goes through the layers and the LM head: one per decoding sequence, K + 1 when verifying a draft.
  const decodeMatmulFlops = (c.layerFlopsPerToken + c.lmHeadFlopsPerSeq) * decodeQueries;
  const decodeAttentionFlops = c.decodeAttentionFlopsPerPair * decodePairs;
  // A verification's K extra queries per sequence attend to its cache as a small prefill chunk would: a matmul, compute-bound.
  const verifyAttentionFlops = c.decodeAttentionFlopsPerPair * decodePairs * (queriesPerSeq - 1);
  const decodeFlops = decodeMatmulFlops + decodeAttentionFlops + verifyAttentionFlops;
  const ep = c.expertParallel;
  const epAt = ep ? ep.atTokens(tokens) : null;
  // A shared expert is read every step; the routed ones only as far as the batch's tokens reach them. With
  // EP a GPU reads its own touched experts whole, and the step waits for the GPU with the most.
  const weightBytes = ep && epAt
    ? c.nonExpertBytes + c.moeLayers * (ep.expertBytesWhole * epAt.maxLocalExperts + c.expertBytes * c.sharedExperts)
    : c.nonExpertBytes + c.moeLayers * c.expertBytes * (expectedExpertsTouched(c.experts, c.expertsPerToken, tokens) + c.sharedExperts);
  const decodeKvTokens = decodePairs;
  const prefillKvTokens = windowedTokens(c, w.prefillContextTokens, w.prefillSeqs * win);
  const kvBytes = (decodeKvTokens + prefillKvTokens + tokens) * c.kvBytesPerToken;
  const peak = c.peakFlopsPerSec * (c.lowPrecisionCompute ? f.lowPrecisionMfuScale : 1);
  const decodePeak = c.peakFlopsPerSec * (c.lowPrecisionCompute ? f.lowPrecisionDecodeMfuScale : 1);
  let computeS = prefillFlops / (peak * f.mfuPrefill) + decodeMatmulFlops / (decodePeak * f.mfuDecode) + verifyAttentionFlops / (peak * f.mfuPrefill);
  if (ep && epAt) {
    // The busiest GPU's routed-expert matmuls beyond the mean (the mean is in the FLOPs above).
    const extra = ep.routedFlopsPerTokenPerGpu * (epAt.computeImbalance - 1);
    computeS += (extra * w.prefillTokens) / (peak * f.mfuPrefill) + (extra * decodeQueries) / (decodePeak * f.mfuDecode);
  }
  const attentionS = c.decodeAttentionOnTensorCores
    ? decodeAttentionFlops / (c.attentionPeakFlopsPerSec * f.mfuPrefill)
    : decodeAttentionFlops / (c.bandwidthBytesPerSec * f.attentionFlopsPerByte);
  const kvMbu = f.mbu * (c.lowPrecisionKv ? f.lowPrecisionKvScale : 1);
  // Decode attention is one kernel that streams each sequence's cache and does its arithmetic on the
  // way: it takes the longer of the two, with the same rounded corner as the whole step.
  const decodeKvS = (decodeKvTokens * c.kvBytesPerToken) / (c.bandwidthBytesPerSec * kvMbu);
  const otherKvS = ((prefillKvTokens + tokens) * c.kvBytesPerToken) / (c.bandwidthBytesPerSec * kvMbu);
  const memoryS = weightBytes / (c.bandwidthBytesPerSec * f.mbu) + otherKvS + rooflineTime(attentionS, decodeKvS, f.rooflineSharpness);
  let commS = 0;
  if (c.tp > 1) {
    // Ring all-reduce: each GPU sends and receives 2(tp − 1)/tp of the activation tensor.
    const bytes = ((2 * (c.tp - 1)) / c.tp) * tokens * c.hiddenSize * ACTIVATION_BYTES;
    const allReduceS = f.allReduceLatencyS + bytes / (c.interconnectBytesPerSec * f.interconnectEfficiency);
    if (ep) {
      // Attention and dense MLPs keep their all-reduce; each MoE layer dispatches and combines instead
      // (each all-to-all at the fitted all-reduce latency and link efficiency: not fitted to all-to-all runs).
      const a2a = allToAllBytesPerGpu(tokens, c.expertsPerToken, c.hiddenSize, ACTIVATION_BYTES, ep.gpus);
      commS = (2 * c.layers - c.moeLayers) * allReduceS + 2 * c.moeLayers * (f.allReduceLatencyS + a2a / (c.interconnectBytesPerSec * f.interconnectEfficiency));
    } else commS = 2 * c.layers * allReduceS;
  }
  const overheadS = f.iterationOverheadS + f.layerOverheadS * c.layers;
  const bound = computeS >= memoryS ? 'compute' : 'memory';
  const totalS = rooflineTime(computeS, memoryS, f.rooflineSharpness) + commS + overheadS;
  return { prefillFlops, decodeFlops, weightBytes, kvBytes, computeS, memoryS, commS, overheadS, totalS, bound };
}
