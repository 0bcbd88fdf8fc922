/**
 * Roofline efficiency factors fitted by `npm run calibrate` to
 * data/calibration/measurements.csv and measurements-load.csv. Generated file: rerun the script
 * instead of editing by hand. See docs/calibration.md for the fit and its errors.
 * Fit loss 0.1666 over 1504 cases of data/calibration/measurements.csv and data/calibration/measurements-load.csv.
 */
import type { RooflineFactors } from './cost';

/** Defaults of every hardware profile. */
export const FITTED_FACTORS: RooflineFactors = {
  /** Share of peak FLOP/s reached by prefill matmuls and attention. */
  mfuPrefill: 0.7018,
  /** Share of peak FLOP/s reached by decode matmuls. */
  mfuDecode: 0.4608,
  /** Multiplier on the prefill MFU for FP8/FP4 matmuls. */
  lowPrecisionMfuScale: 0.7997,
  /** Multiplier on the decode MFU for FP8/FP4 matmuls. */
  lowPrecisionDecodeMfuScale: 0.9689,
  /** Share of peak bandwidth reached streaming weights and KV cache. */
  mbu: 0.8248,
  /** Decode attention FLOPs per byte of peak bandwidth. */
  attentionFlopsPerByte: 17.61,
  /** Multiplier on the MBU for 8-bit KV-cache traffic. */
  lowPrecisionKvScale: 0.9853,
  /** P of the rounded roofline corner (Infinity = hard max). */
  rooflineSharpness: 1.188,
  /** Fixed cost of every iteration, seconds. */
  iterationOverheadS: 0.001745,
  /** Cost per layer per iteration, seconds. */
  layerOverheadS: 0.00003247,
  /** Latency of one all-reduce, seconds. */
  allReduceLatencyS: 0.0000271,
  /** Share of one-way interconnect bandwidth an all-reduce reaches. */
  interconnectEfficiency: 0.4615,
};
