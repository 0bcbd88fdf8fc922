/**
 * The cost of one scheduler iteration on one GPU of a tensor-parallel group:
 * a roofline (the slower of compute and memory traffic, each at a fitted
 * efficiency, with a rounded corner) plus all-reduce communication and a
 * fixed launch overhead. All FLOPs and bytes here are per GPU; every GPU of
 * the group does the same share.
 */
import type { IterationWork } from '../types';
import type { ResolvedSpec } from './catalog';
import { interconnectFor } from './gpus';
import type { MemoryPlan } from './memory';
import { modelParams } from './models';
import { ACTIVATION_BYTES, KV_PRECISIONS, peakFlopsFor } from './precisions';

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
  /** Attention FLOPs per (query, key) pair: 4 · layers · heads · headDim / tp. */
  attentionFlopsPerPair: number;
  /** Weights read every iteration regardless of routing, bytes. */
  nonExpertBytes: number;
  /** One expert MLP of one layer, bytes. */
  expertBytes: number;
  experts: number;
  expertsPerToken: number;
  /** KV cache per token held by this GPU, bytes. */
  kvBytesPerToken: number;
  factors: RooflineFactors;
}

/** Builds the per-GPU cost constants for a resolved spec and its memory plan. */
export function costModel(r: ResolvedSpec, plan: MemoryPlan, factors: RooflineFactors): CostModel {
  const { model: m, gpu, tp } = r;
  const p = modelParams(m);
  const lookupOnly = p.embedding + (m.tiedEmbeddings ? 0 : p.lmHead);
  return {
    tp,
    layers: m.layers,
    hiddenSize: m.hiddenSize,
    peakFlopsPerSec: peakFlopsFor(gpu, r.precision) ?? 0,
    lowPrecisionCompute: r.precision.computePrecision === 'fp8' || r.precision.computePrecision === 'fp4',
    lowPrecisionKv: KV_PRECISIONS[r.kvPrecision].bytesPerElement < 2,
    bandwidthBytesPerSec: gpu.bandwidthBytesPerSec,
    interconnectBytesPerSec: interconnectFor(gpu, tp).bytesPerSecPerDirection,
    layerFlopsPerToken: (2 * (p.active - lookupOnly)) / tp,
    lmHeadFlopsPerSeq: (2 * p.lmHead) / tp,
    attentionFlopsPerPair: (4 * m.layers * m.heads * m.headDim) / tp,
    nonExpertBytes: plan.nonExpertBytes / tp,
    expertBytes: plan.expertBytes / tp,
    experts: m.experts,
    expertsPerToken: m.expertsPerToken,
    kvBytesPerToken: plan.kvBytesPerTokenPerGpu,
    factors,
  };
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
  const prefillFlops =
    c.layerFlopsPerToken * w.prefillTokens + c.lmHeadFlopsPerSeq * w.prefillSeqs + c.attentionFlopsPerPair * w.prefillAttentionPairs;
  // Every query token goes through the layers and the LM head: one per decoding sequence, K + 1 when verifying a draft.
  const decodeMatmulFlops = (c.layerFlopsPerToken + c.lmHeadFlopsPerSeq) * decodeQueries;
  const decodeAttentionFlops = c.attentionFlopsPerPair * w.decodeKvTokens;
  // A verification's K extra queries per sequence attend to its cache as a small prefill chunk would: a matmul, compute-bound.
  const verifyAttentionFlops = c.attentionFlopsPerPair * w.decodeKvTokens * (queriesPerSeq - 1);
  const decodeFlops = decodeMatmulFlops + decodeAttentionFlops + verifyAttentionFlops;
  const weightBytes = c.nonExpertBytes + c.layers * c.expertBytes * expectedExpertsTouched(c.experts, c.expertsPerToken, tokens);
  const kvBytes = (w.decodeKvTokens + w.prefillContextTokens + tokens) * c.kvBytesPerToken;
  const peak = c.peakFlopsPerSec * (c.lowPrecisionCompute ? f.lowPrecisionMfuScale : 1);
  const decodePeak = c.peakFlopsPerSec * (c.lowPrecisionCompute ? f.lowPrecisionDecodeMfuScale : 1);
  const computeS = prefillFlops / (peak * f.mfuPrefill) + decodeMatmulFlops / (decodePeak * f.mfuDecode) + verifyAttentionFlops / (peak * f.mfuPrefill);
  const attentionS = decodeAttentionFlops / (c.bandwidthBytesPerSec * f.attentionFlopsPerByte);
  const kvMbu = f.mbu * (c.lowPrecisionKv ? f.lowPrecisionKvScale : 1);
  // Decode attention is one kernel that streams each sequence's cache and does its arithmetic on the
  // way: it takes the longer of the two, with the same rounded corner as the whole step.
  const decodeKvS = (w.decodeKvTokens * c.kvBytesPerToken) / (c.bandwidthBytesPerSec * kvMbu);
  const otherKvS = ((w.prefillContextTokens + tokens) * c.kvBytesPerToken) / (c.bandwidthBytesPerSec * kvMbu);
  const memoryS = weightBytes / (c.bandwidthBytesPerSec * f.mbu) + otherKvS + rooflineTime(attentionS, decodeKvS, f.rooflineSharpness);
  let commS = 0;
  if (c.tp > 1) {
    // Ring all-reduce: each GPU sends and receives 2(tp − 1)/tp of the activation tensor.
    const bytes = ((2 * (c.tp - 1)) / c.tp) * tokens * c.hiddenSize * ACTIVATION_BYTES;
    commS = 2 * c.layers * (f.allReduceLatencyS + bytes / (c.interconnectBytesPerSec * f.interconnectEfficiency));
  }
  const overheadS = f.iterationOverheadS + f.layerOverheadS * c.layers;
  const bound = computeS >= memoryS ? 'compute' : 'memory';
  const totalS = rooflineTime(computeS, memoryS, f.rooflineSharpness) + commS + overheadS;
  return { prefillFlops, decodeFlops, weightBytes, kvBytes, computeS, memoryS, commS, overheadS, totalS, bound };
}
