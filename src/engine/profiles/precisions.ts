import type { GpuSpec, PeakFlops } from './gpus';

/** How the weights are stored and which tensor-core path the matmuls use. */
export type Precision = 'fp16' | 'bf16' | 'fp8' | 'int4' | 'fp4' | 'mxfp4';
/** How the KV cache is stored. */
export type KvPrecision = 'fp16' | 'bf16' | 'fp8';

/** What one weight precision costs in bytes and which peak it computes at. */
export interface PrecisionSpec {
  id: Precision;
  label: string;
  /**
   * Bytes per quantized weight, block scales included: int4 (AWQ/GPTQ style)
   * keeps one 16-bit scale per 128 weights, fp4 (NVFP4) one 8-bit scale per 16.
   */
  weightBytesPerParam: number;
  /** Peak the matmuls run at: int4 is weight-only, so it dequantizes and computes in 16-bit. */
  computePrecision: keyof PeakFlops;
  /**
   * The path taken on a GPU without `computePrecision` tensor cores, when the
   * format has one (MXFP4 dequantizes to BF16 on Hopper, Ada and Ampere);
   * absent means such a GPU cannot run the precision at all.
   */
  fallbackCompute?: keyof PeakFlops;
  /** Only a model whose checkpoint ships in this format may use it (`ModelConfig.checkpoint`). */
  checkpointOnly?: boolean;
  /** KV-cache precision used when none is asked for. */
  defaultKv: KvPrecision;
  description: string;
}

/** Every weight precision, in menu order. */
export const PRECISIONS: readonly PrecisionSpec[] = [
  { id: 'bf16', label: 'BF16', weightBytesPerParam: 2, computePrecision: 'bf16', defaultKv: 'bf16', description: '16-bit brain float weights and matmuls' },
  { id: 'fp16', label: 'FP16', weightBytesPerParam: 2, computePrecision: 'fp16', defaultKv: 'fp16', description: '16-bit float weights and matmuls' },
  {
    // TensorRT-LLM turns on an FP8 KV cache with --quantization FP8, so fp8 defaults to it.
    id: 'fp8', label: 'FP8', weightBytesPerParam: 1, computePrecision: 'fp8', defaultKv: 'fp8',
    description: '8-bit float weights and activations (W8A8), FP8 tensor cores',
  },
  {
    id: 'int4', label: 'INT4 (weight-only)', weightBytesPerParam: 0.5 + 2 / 128, computePrecision: 'fp16', defaultKv: 'fp16',
    description: '4-bit integer weights dequantized to 16-bit for the matmuls (W4A16)',
  },
  {
    id: 'fp4', label: 'FP4', weightBytesPerParam: 0.5 + 1 / 16, computePrecision: 'fp4', defaultKv: 'fp8',
    description: '4-bit float weights and activations (NVFP4), Blackwell FP4 tensor cores',
  },
  {
    // OCP Microscaling (MX) v1.0: blocks of 32 E2M1 values share one 8-bit E8M0 scale, (32 × 4 + 8) / 32 = 4.25 bits.
    id: 'mxfp4', label: 'MXFP4 (checkpoint)', weightBytesPerParam: 4.25 / 8, computePrecision: 'fp4', fallbackCompute: 'bf16', defaultKv: 'bf16',
    checkpointOnly: true,
    description: 'The 4-bit microscaling format gpt-oss ships its expert weights in: FP4 tensor cores on Blackwell, dequantized to BF16 elsewhere',
  },
];

/** KV-cache precisions and their bytes per element. */
export const KV_PRECISIONS: Readonly<Record<KvPrecision, { label: string; bytesPerElement: number }>> = {
  fp16: { label: 'FP16', bytesPerElement: 2 },
  bf16: { label: 'BF16', bytesPerElement: 2 },
  fp8: { label: 'FP8', bytesPerElement: 1 },
};

/**
 * Bytes per embedding and LM-head weight at every precision: quantized recipes
 * (TensorRT-LLM/ModelOpt FP8, AWQ, NVFP4) leave both in 16-bit and shrink only
 * the decoder layers.
 */
export const EMBEDDING_BYTES_PER_PARAM = 2;

/** Bytes per element of activations exchanged in all-reduces: 16-bit even when weights are quantized. */
export const ACTIVATION_BYTES = 2;

/** A precision by id, or undefined. */
export function precisionById(id: string): PrecisionSpec | undefined {
  return PRECISIONS.find((p) => p.id === id);
}

/** True for a valid KV-cache precision id. */
export function isKvPrecision(id: string): id is KvPrecision {
  return Object.prototype.hasOwnProperty.call(KV_PRECISIONS, id);
}

/** The tensor path `precision`'s matmuls take on `gpu` (its own, else its fallback), or undefined when there is none. */
export function computePathFor(gpu: GpuSpec, precision: PrecisionSpec): keyof PeakFlops | undefined {
  if (gpu.peakFlopsPerSec[precision.computePrecision] !== undefined) return precision.computePrecision;
  const f = precision.fallbackCompute;
  return f !== undefined && gpu.peakFlopsPerSec[f] !== undefined ? f : undefined;
}

/** Dense peak FLOP/s of `gpu` at `precision` (on its fallback path if it has one), or undefined when the GPU has no such tensor path. */
export function peakFlopsFor(gpu: GpuSpec, precision: PrecisionSpec): number | undefined {
  const path = computePathFor(gpu, precision);
  return path === undefined ? undefined : gpu.peakFlopsPerSec[path];
}

/** General-purpose precisions `gpu` can run, in menu order (checkpoint-only formats such as MXFP4 are listed with their models). */
export function precisionsFor(gpu: GpuSpec): Precision[] {
  return PRECISIONS.filter((p) => !p.checkpointOnly && peakFlopsFor(gpu, p) !== undefined).map((p) => p.id);
}
