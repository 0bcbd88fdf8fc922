/**
 * What the fit moves: the roofline factors every hardware profile uses, plus
 * the few that the runs under load get on their own. Those runs served
 * Llama-3-8B with NVIDIA NIM's TensorRT-LLM build of 2024, an older engine
 * version than the TensorRT-LLM 0.14 and 1.0 runs of measurements.csv, and
 * its decode kernels measurably differ (docs/calibration.md gives the
 * evidence for each). Every other factor is shared by all rows.
 */
import type { RooflineFactors } from '../profiles/cost';
import { FITTED_FACTORS, NIM_2024_FACTORS } from '../profiles/fitted';

/** The factors NIM's 2024 engine gets apart from the shared ones. */
export const NIM_FACTOR_KEYS = ['attentionFlopsPerByte', 'iterationOverheadS'] as const satisfies readonly (keyof RooflineFactors)[];

/** One of `NIM_FACTOR_KEYS`. */
export type NimFactorKey = (typeof NIM_FACTOR_KEYS)[number];

/** NIM's own values of `NIM_FACTOR_KEYS`. */
export type NimFactors = Pick<RooflineFactors, NimFactorKey>;

/** The shared factors and NIM's own: everything one fit moves. */
export interface CalibrationFactors extends RooflineFactors {
  nim: NimFactors;
}

/** Calibration factors whose NIM values are the shared ones (nothing set apart). */
export function sharedOnly(f: RooflineFactors): CalibrationFactors {
  const nim = {} as NimFactors;
  for (const k of NIM_FACTOR_KEYS) nim[k] = f[k];
  return { ...f, nim };
}

const nimCache = new WeakMap<CalibrationFactors, RooflineFactors>();

/**
 * The roofline factors a NIM run is simulated with: the shared ones with
 * NIM's own values in place. The same object for the same input, so results
 * cached by factor set stay cached.
 */
export function nimRoofline(f: RooflineFactors | CalibrationFactors): RooflineFactors {
  if (!('nim' in f)) return f;
  let out = nimCache.get(f);
  if (!out) {
    const { nim, ...shared } = f;
    out = { ...shared, ...nim };
    nimCache.set(f, out);
  }
  return out;
}

const sharedCache = new WeakMap<CalibrationFactors, RooflineFactors>();

/** The shared factors alone (NIM's own dropped), the same object for the same input. */
export function sharedRoofline(f: RooflineFactors | CalibrationFactors): RooflineFactors {
  if (!('nim' in f)) return f;
  let out = sharedCache.get(f);
  if (!out) {
    const { nim, ...shared } = f;
    void nim;
    out = shared;
    sharedCache.set(f, out);
  }
  return out;
}

/** The factors committed in src/engine/profiles/fitted.ts, as one calibration set. */
export const COMMITTED_FACTORS: CalibrationFactors = { ...FITTED_FACTORS, nim: { ...NIM_2024_FACTORS } };
