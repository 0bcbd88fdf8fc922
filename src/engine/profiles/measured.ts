/**
 * Which catalog models the calibration has published measurements of
 * (data/calibration/measurements*.csv, mapped by the calibration's own
 * `modelIdFromLabel`; test/engine/measured.test.ts fails when this list drifts
 * from the data). The roofline's efficiency factors are hardware factors,
 * fitted on these models' runs; for any other model they are applied without
 * a measurement of that model to check them against, and the why panel says so.
 */
import type { ModelConfig } from './models';

/** Models with rows in the calibration data. */
export const MEASURED_MODEL_IDS: readonly string[] = [
  'llama-3.1-8b', 'llama-3.1-70b', 'llama-3.3-70b', 'llama-2-7b', 'llama-2-13b', 'llama-2-70b', 'mistral-7b', 'mixtral-8x7b',
];

/** Models with no rows of their own whose config is identical to a measured one, and which. */
// Llama-3.3-70B was here (Llama-3.1-70B's config) until data/calibration got runs of its own.
export const SAME_ARCHITECTURE_AS: Readonly<Record<string, string>> = {};

/**
 * Whether the model's predictions rest on measurements of it (or of an
 * identical architecture), and if not, a sentence saying what that means.
 */
export function modelFit(m: Pick<ModelConfig, 'id' | 'label'>): { fitted: boolean; note: string | null } {
  if (MEASURED_MODEL_IDS.includes(m.id) || SAME_ARCHITECTURE_AS[m.id] !== undefined) return { fitted: true, note: null };
  return {
    fitted: false,
    note:
      `No published measurements of ${m.label} are in data/calibration: its figures apply the efficiency factors fitted on other ` +
      'models to its own config (parameters, KV bytes, FLOPs), with no run of its own to check them against.',
  };
}
