/**
 * Roofline efficiency factors fitted by `npm run calibrate` to
 * data/calibration/measurements.csv. Generated file: rerun the script
 * instead of editing by hand. See docs/calibration.md for the fit and its errors.
 * Fit loss 0.1021 over 439 rows of data/calibration/measurements.csv.
 */
import type { RooflineFactors } from './cost';

/** Defaults of every hardware profile. */
export const FITTED_FACTORS: RooflineFactors = {
  /** Share of peak FLOP/s reached by prefill matmuls and attention. */
  mfuPrefill: 0.655,
  /** Share of peak FLOP/s reached by decode matmuls. */
  mfuDecode: 0.5035,
  /** Multiplier on both MFUs for FP8/FP4 matmuls. */
  lowPrecisionMfuScale: 0.7908,
  /** Share of peak bandwidth reached streaming weights and KV cache. */
  mbu: 0.8105,
  /** P of the rounded roofline corner (Infinity = hard max). */
  rooflineSharpness: 1.358,
  /** Fixed cost of every iteration, seconds. */
  iterationOverheadS: 0.002354,
  /** Cost per layer per iteration, seconds. */
  layerOverheadS: 0.00001543,
  /** Latency of one all-reduce, seconds. */
  allReduceLatencyS: 0.00003286,
  /** Share of one-way interconnect bandwidth an all-reduce reaches. */
  interconnectEfficiency: 0.4307,
};
