/**
 * Roofline efficiency factors fitted by `npm run calibrate` to
 * ../shared/calibration/measurements.csv. Generated file: rerun the script
 * instead of editing by hand. See docs/calibration.md for the fit's errors.
 */
import type { RooflineFactors } from './cost';

/** Defaults of every hardware profile. */
export const FITTED_FACTORS: RooflineFactors = {
  mfuPrefill: 0.6,
  mfuDecode: 0.5,
  lowPrecisionMfuScale: 0.8,
  mbu: 0.75,
  mbuKv: 0.6,
  rooflineSharpness: 4,
  iterationOverheadS: 0.001,
  layerOverheadS: 0.00002,
  allReduceLatencyS: 0.00001,
  interconnectEfficiency: 0.7,
};
