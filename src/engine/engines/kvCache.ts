/** The KV cache's precision when a scenario leaves it on auto and an engine preset is chosen. */
import { KV_PRECISIONS, precisionById, type KvPrecision } from '../profiles/precisions';
import type { KvCacheRule } from './presets';

/**
 * The KV precision `rule` gives a model served at weight precision
 * `precisionId`: under `model-dtype` a 16-bit default stays as it is and a
 * quantized checkpoint (FP8, FP4) keeps its BF16 activations' type; `fp16` is
 * FP16 always. Undefined for an unknown precision (the catalog refuses it).
 */
export function kvPrecisionByRule(rule: KvCacheRule, precisionId: string): KvPrecision | undefined {
  if (rule === 'fp16') return 'fp16';
  const p = precisionById(precisionId);
  if (!p) return undefined;
  return KV_PRECISIONS[p.defaultKv].bytesPerElement === 2 ? p.defaultKv : 'bf16';
}
