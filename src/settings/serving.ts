import { kvPrecisionByRule } from '../engine/engines/kvCache';
import { resolveServing, type ResolvedServing } from '../engine/engines/resolve';
import type { RooflineFactors } from '../engine/profiles/cost';
import { CUSTOM_CHUNK_BUDGET_TOKENS, CUSTOM_MAX_BATCH } from '../engine/profiles/custom';
import { FITTED_FACTORS } from '../engine/profiles/fitted';
import { gpuById } from '../engine/profiles/gpus';
import { LESSON_CHUNK_BUDGET_TOKENS, LESSON_MAX_BATCH } from '../engine/profiles/lesson';
import { DEFAULT_SERVING, type ServingOptions } from '../engine/profiles/memory';
import type { Settings } from './schema';

/** The serving settings the settings describe: explicit values, else the engine's, else the server's. */
export function servingOf(s: Pick<Settings, 'server' | 'gpu' | 'tp' | 'engine' | 'maxBatch' | 'tokenBudget' | 'chunkedPrefill' | 'admission' | 'gpuMemoryUtilization'>): ResolvedServing {
  const hardware = s.server === 'hardware';
  const defaults = hardware
    ? { maxBatch: DEFAULT_SERVING.maxBatch, chunkBudgetTokens: DEFAULT_SERVING.chunkBudgetTokens }
    : s.server === 'custom'
      ? { maxBatch: CUSTOM_MAX_BATCH, chunkBudgetTokens: CUSTOM_CHUNK_BUDGET_TOKENS }
      : { maxBatch: LESSON_MAX_BATCH, chunkBudgetTokens: LESSON_CHUNK_BUDGET_TOKENS };
  return resolveServing(
    {
      engine: s.engine === 'none' ? null : s.engine,
      maxBatch: s.maxBatch,
      tokenBudget: s.tokenBudget,
      chunkedPrefill: s.chunkedPrefill,
      admission: s.admission,
      gpuMemoryUtilization: s.gpuMemoryUtilization,
    },
    defaults,
    hardware ? (gpuById(s.gpu) ?? null) : null,
    s.tp,
  );
}

/** What a hardware profile needs from the serving settings: scheduler and memory options, and the step-cost factors. */
export function hardwareServing(r: ResolvedServing): { serving: Partial<ServingOptions>; factors: RooflineFactors } {
  return {
    serving: { maxBatch: r.maxBatch, chunkBudgetTokens: r.chunkBudgetTokens, ...(r.memory ?? {}) },
    factors: r.stepOverheadS > 0 ? { ...FITTED_FACTORS, iterationOverheadS: FITTED_FACTORS.iterationOverheadS + r.stepOverheadS } : FITTED_FACTORS,
  };
}

/**
 * The KV-cache precision a hardware server is built with: an explicit
 * `kvPrecision` wins; on auto an engine's rule decides (16-bit unless asked,
 * for every preset); with no engine, undefined (the weights' default).
 */
export function effectiveKvPrecision(s: Pick<Settings, 'kvPrecision' | 'precision'>, r: ResolvedServing): string | undefined {
  if (s.kvPrecision !== 'auto') return s.kvPrecision;
  return r.engine ? kvPrecisionByRule(r.engine.kvCache.value, s.precision) : undefined;
}
