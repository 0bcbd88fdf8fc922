import type { GpuSpec, PeakFlops } from './gpus';

/** How the weights are stored and which tensor-core path the matmuls use. */
export type Precision = 'fp16' | 'bf16' | 'fp8' | 'int4' | 'fp4';
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

/** Dense peak FLOP/s of `gpu` at `precision`, or undefined when the GPU has no such tensor path. */
export function peakFlopsFor(gpu: GpuSpec, precision: PrecisionSpec): number | undefined {
  return gpu.peakFlopsPerSec[precision.computePrecision];
}

/** Precisions `gpu` can run, in menu order. */
export function precisionsFor(gpu: GpuSpec): Precision[] {
  return PRECISIONS.filter((p) => peakFlopsFor(gpu, p) !== undefined).map((p) => p.id);
}
