/**
 * The hardware an imported run names, when the lab's catalog knows it: the
 * model from the file's own record (vLLM's `model_id`, e.g.
 * `meta-llama/Llama-3.1-8B-Instruct`) or its file name, and the GPU from the
 * file name (`…_h100_tp2.json`). Only a hint: no benchmark file records the
 * GPU, and a name can mislead, so the page offers it and says where it came from.
 */
import { GPUS } from '../engine/profiles/gpus';
import { MODELS } from '../engine/profiles/models';

/** What a run's names point to in the catalog. */
export interface HardwareHint {
  /** Catalog model id, or null when no name matches one. */
  model: string | null;
  /** Catalog GPU id, or null. */
  gpu: string | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A catalog id as a pattern in free text: its parts with any separator (or none) between them, not inside a longer word or number. */
function idPattern(id: string): RegExp {
  return new RegExp(`(?<![a-z0-9])${id.toLowerCase().split(/[-. ]+/).map(escape).join('[-._ ]?')}(?![0-9])`);
}

const MODEL_PATTERNS = MODELS.map((m) => ({ id: m.id, re: idPattern(m.id) }));
// A GPU by its id or its name ("h100-sxm", "H100 SXM"); a bare family ("h100", "a100") means its SXM part when there is one, else the first listed.
const GPU_PATTERNS = GPUS.flatMap((g) => [{ id: g.id, re: idPattern(g.id), len: g.id.length }, { id: g.id, re: idPattern(g.name), len: g.name.length }]);
const FAMILY = new Map<string, string>();
for (const g of GPUS) {
  const family = g.id.split('-')[0];
  if (!FAMILY.has(family) || (g.id.includes('sxm') && !FAMILY.get(family)!.includes('sxm'))) FAMILY.set(family, g.id);
}

/** The longest catalog entry whose pattern is found in one of `texts` (first text first). */
function longestMatch(texts: readonly string[], patterns: readonly { id: string; re: RegExp; len?: number }[]): string | null {
  for (const text of texts) {
    let best: { id: string; len: number } | null = null;
    for (const p of patterns) {
      const len = p.len ?? p.id.length;
      if (p.re.test(text) && (!best || len > best.len)) best = { id: p.id, len };
    }
    if (best) return best.id;
  }
  return null;
}

/** The catalog model and GPU a run's names point to (each null when none matches). */
export function hardwareHint(run: { servedModel?: string; label: string }): HardwareHint {
  // "meta-llama/Meta-Llama-3.1-8B-Instruct": the part after the organisation, without the "Meta-" of older repository names.
  const served = run.servedModel ? run.servedModel.toLowerCase().split('/').at(-1)!.replace(/^meta-/, '') : null;
  const label = run.label.toLowerCase();
  const model = longestMatch(served ? [served, label] : [label], MODEL_PATTERNS);
  let gpu = longestMatch([label], GPU_PATTERNS);
  if (!gpu) {
    for (const [family, id] of FAMILY) if (idPattern(family).test(label)) gpu = id;
  }
  return { model, gpu };
}
