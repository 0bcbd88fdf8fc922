/**
 * Roofline efficiency factors fitted by `npm run calibrate` to
 * data/calibration/measurements.csv and measurements-load.csv. Generated file: rerun the script
 * instead of editing by hand. See docs/calibration.md for the fit and its errors.
 * Fit loss 0.1069 over 1504 cases of data/calibration/measurements.csv and data/calibration/measurements-load.csv.
 */
import type { RooflineFactors } from './cost';

/** Defaults of every hardware profile. */
export const FITTED_FACTORS: RooflineFactors = {
  /** Share of peak FLOP/s reached by prefill matmuls and attention. */
  mfuPrefill: 0.6311,
  /** Share of peak FLOP/s reached by decode matmuls. */
  mfuDecode: 0.4465,
  /** Multiplier on the prefill MFU for FP8/FP4 matmuls. */
  lowPrecisionMfuScale: 0.8085,
  /** Multiplier on the decode MFU for FP8/FP4 matmuls. */
  lowPrecisionDecodeMfuScale: 0.8954,
  /** Share of peak bandwidth reached streaming weights and KV cache. */
  mbu: 0.8419,
  /** Decode attention FLOPs per byte of peak bandwidth. */
  attentionFlopsPerByte: 19.4,
  /** Multiplier on the MBU for 8-bit KV-cache traffic. */
  lowPrecisionKvScale: 0.9726,
  /** P of the rounded roofline corner (Infinity = hard max). */
  rooflineSharpness: 1.553,
  /** Fixed cost of every iteration, seconds. */
  iterationOverheadS: 0.001634,
  /** Cost per layer per iteration, seconds. */
  layerOverheadS: 0.00005155,
  /** Latency of one all-reduce, seconds. */
  allReduceLatencyS: 0.00002368,
  /** Share of one-way interconnect bandwidth an all-reduce reaches. */
  interconnectEfficiency: 0.4213,
};

/** Placeholder until the next `npm run calibrate`. */
export const NIM_2024_FACTORS: Pick<RooflineFactors, 'attentionFlopsPerByte' | 'iterationOverheadS'> = {
  attentionFlopsPerByte: 2.075,
  iterationOverheadS: 0.0004975,
};
