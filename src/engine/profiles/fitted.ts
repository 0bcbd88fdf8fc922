/**
 * Roofline efficiency factors fitted by `npm run calibrate` to
 * data/calibration/measurements.csv and measurements-load.csv. Generated file: rerun the script
 * instead of editing by hand. See docs/calibration.md for the fit and its errors.
 * Fit loss 0.1098 over 1528 cases of data/calibration/measurements.csv and data/calibration/measurements-load.csv.
 */
import type { RooflineFactors } from './cost';

/** Defaults of every hardware profile. */
export const FITTED_FACTORS: RooflineFactors = {
  /** Share of peak FLOP/s reached by prefill matmuls and attention. */
  mfuPrefill: 0.6464,
  /** Share of peak FLOP/s reached by decode matmuls. */
  mfuDecode: 0.4249,
  /** Multiplier on the prefill MFU for FP8/FP4 matmuls. */
  lowPrecisionMfuScale: 0.7887,
  /** Multiplier on the decode MFU for FP8/FP4 matmuls. */
  lowPrecisionDecodeMfuScale: 0.9453,
  /** Share of peak bandwidth reached streaming weights and KV cache. */
  mbu: 0.8282,
  /** Decode attention FLOPs per byte of peak bandwidth. */
  attentionFlopsPerByte: 35.79,
  /** Multiplier on the MBU for 8-bit KV-cache traffic. */
  lowPrecisionKvScale: 0.9255,
  /** P of the rounded roofline corner (Infinity = hard max). */
  rooflineSharpness: 1.487,
  /** Fixed cost of every iteration, seconds. */
  iterationOverheadS: 0.002325,
  /** Cost per layer per iteration, seconds. */
  layerOverheadS: 0.00002796,
  /** Latency of one all-reduce, seconds. */
  allReduceLatencyS: 0.00002533,
  /** Share of one-way interconnect bandwidth an all-reduce reaches. */
  interconnectEfficiency: 0.4295,
};

/**
 * NIM's TensorRT-LLM build of 2024, the engine behind measurements-load.csv: its own
 * values of the factors where its decode kernels differ from the later engines of
 * measurements.csv, fitted together with the rest. Used only to reproduce those runs
 * (src/engine/calibration/load.ts); docs/calibration.md gives the evidence.
 */
export const NIM_2024_FACTORS: Pick<RooflineFactors, 'attentionFlopsPerByte' | 'iterationOverheadS'> = {
  /** Decode attention FLOPs per byte of peak bandwidth. */
  attentionFlopsPerByte: 2.08,
  /** Fixed cost of every iteration, seconds. */
  iterationOverheadS: 0.001161,
};
