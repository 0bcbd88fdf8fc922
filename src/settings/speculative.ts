/**
 * Speculative decoding from the settings: which draft a method runs (a
 * catalog model, an EAGLE head, prompt lookup or the three-number custom
 * form), what it takes of memory, what it costs a step and its acceptance,
 * with every combination that cannot run refused with the reason and the
 * CLI option to change.
 */
import { draftMemory, draftRefusal, draftStepSeconds, defaultDraftFor, eagleHeadModel, type EagleVariant } from '../engine/levers/draftModel';
import { DEFAULT_SPEC_ACCEPTANCE } from '../engine/levers/speculative';
import { eagleAcceptance, ngramAcceptance } from '../engine/levers/specMethods';
import { EAGLE_PUBLISHED_TREE_TOKENS, MAX_SPEC_TREE_TOKENS } from '../engine/levers/specMethodIds';
import { resolveSpec, type HardwareSpec, type ResolvedSpec } from '../engine/profiles/catalog';
import { hardwareProfile } from '../engine/profiles/roofline';
import type { HardwareOutcome } from './server';
import type { RooflineFactors } from '../engine/profiles/cost';
import type { DraftMemory, ServingOptions } from '../engine/profiles/memory';
import { modelById, type ModelConfig } from '../engine/profiles/models';
import type { SpeculativeOptions } from '../engine/types';
import type { Settings } from './schema';
import { registerSpecMethods } from './specRegistry';

/** A draft served beside a hardware server's model: what it is and what it takes. */
export interface DraftSetup {
  model: ModelConfig;
  /** The EAGLE variant when the draft is an EAGLE head, else null (a catalog model). */
  eagle: EagleVariant | null;
  memory: DraftMemory;
  /** The target's resolved spec (GPUs, precision, TP) the draft runs on. */
  resolved: ResolvedSpec;
}

type Refused = { ok: false; param: string; message: string };

/**
 * Engines that cannot run a method. llama.cpp's server speculates with a
 * draft model only (`--model-draft`, `--draft-max`; ggml-org/llama.cpp
 * tools/server/README.md); vLLM, SGLang and TensorRT-LLM run draft models,
 * EAGLE-2/3 and n-gram lookup (their speculative-decoding docs).
 */
const UNSUPPORTED: Readonly<Record<string, readonly string[]>> = { llamacpp: ['eagle', 'eagle3'] };

/** Speculative decoding is asked for (K > 0). */
export const specOn = (s: Pick<Settings, 'specTokens'>): boolean => s.specTokens > 0;

const methodLabel = (m: Settings['specMethod']): string => ({ custom: 'custom', draft: 'a draft model', eagle: 'EAGLE-2', eagle3: 'EAGLE-3', ngram: 'n-gram lookup' })[m];

/** The engine refuses the method, or null. */
export function specEngineRefusal(s: Pick<Settings, 'specTokens' | 'specMethod' | 'engine'>): Refused | null {
  if (!specOn(s) || s.engine === 'none' || !UNSUPPORTED[s.engine]?.includes(s.specMethod)) return null;
  return { ok: false, param: 'spec-method', message: `llama.cpp's server speculates with a draft model only (--model-draft), not with ${methodLabel(s.specMethod)}; use --spec-method draft or ngram off, or another engine` };
}

/**
 * The draft a hardware server carries for these settings (a draft model or an
 * EAGLE head), null when the method has none, or why it cannot draft for
 * `r`'s model.
 */
export function draftSetupOf(s: Pick<Settings, 'specTokens' | 'specMethod' | 'specDraft'>, r: ResolvedSpec): { ok: true; draft: DraftSetup | null } | Refused {
  if (!specOn(s) || (s.specMethod !== 'draft' && s.specMethod !== 'eagle' && s.specMethod !== 'eagle3')) return { ok: true, draft: null };
  if (s.specMethod !== 'draft') {
    const model = eagleHeadModel(r.model, s.specMethod);
    return { ok: true, draft: { model, eagle: s.specMethod, memory: draftMemory(model, r, s.specMethod), resolved: r } };
  }
  const model = s.specDraft === 'auto' ? defaultDraftFor(r.model) : modelById(s.specDraft);
  if (!model) return { ok: false, param: 'spec-draft', message: `the catalog has no smaller model of ${r.model.label}'s family to draft with; name one with --spec-draft, or use --spec-method eagle or ngram` };
  const refused = draftRefusal(r.model, model, r);
  if (refused) return { ok: false, param: 'spec-draft', message: refused };
  return { ok: true, draft: { model, eagle: null, memory: draftMemory(model, r, null), resolved: r } };
}

/** The tree an EAGLE run verifies, tokens per sequence per step, or why it cannot. */
function treeTokens(s: Settings): { ok: true; tokens: number } | Refused {
  const tokens = s.specTreeWidth ?? Math.max(EAGLE_PUBLISHED_TREE_TOKENS, s.specTokens + 1);
  if (tokens < s.specTokens + 1 || tokens > MAX_SPEC_TREE_TOKENS) {
    return { ok: false, param: 'spec-tree-width', message: `a tree of depth ${s.specTokens} verifies at least ${s.specTokens + 1} tokens (a chain) and the lab at most ${MAX_SPEC_TREE_TOKENS}; got ${tokens}` };
  }
  return { ok: true, tokens };
}

/**
 * The engine's speculative options for the settings, or undefined when off.
 * `draft` is the hardware server's draft (see `draftSetupOf`); `factors` its
 * step-cost factors.
 */
export function speculativeOf(s: Settings, draft: DraftSetup | null, factors: RooflineFactors | null): { ok: true; speculative: SpeculativeOptions | undefined } | Refused {
  if (!specOn(s)) return { ok: true, speculative: undefined };
  const engineRefused = specEngineRefusal(s);
  if (engineRefused) return engineRefused;
  if (s.specTreeWidth !== null && s.specMethod !== 'eagle' && s.specMethod !== 'eagle3') {
    return { ok: false, param: 'spec-tree-width', message: 'a draft tree is EAGLE\'s: use it with --spec-method eagle or eagle3 (other methods verify a chain of K + 1 tokens)' };
  }
  const k = s.specTokens;
  if (s.specMethod === 'custom') return { ok: true, speculative: { tokens: k, acceptance: s.specAcceptance ?? DEFAULT_SPEC_ACCEPTANCE, draftCost: s.specDraftCost } };
  if (s.specMethod === 'ngram') {
    return { ok: true, speculative: { tokens: k, acceptance: s.specAcceptance ?? ngramAcceptance(s.workload), draftCost: 0, method: 'ngram', draftLabel: 'prompt lookup' } };
  }
  if (!draft || !factors) {
    return { ok: false, param: 'spec-method', message: `${methodLabel(s.specMethod)} is costed by its own roofline, which needs a hardware server (--model, --gpu); on the ${s.server} server use --spec-method custom with --spec-draft-cost, or ngram` };
  }
  if (draft.eagle) {
    const tree = treeTokens(s);
    if (!tree.ok) return tree;
    // Each of the K drafting steps expands the tree's frontier: its share of the tree's drafted tokens.
    const frontier = Math.ceil((tree.tokens - 1) / k);
    return {
      ok: true,
      speculative: {
        tokens: k, acceptance: s.specAcceptance ?? eagleAcceptance(draft.eagle, k, tree.tokens), draftCost: 0, method: draft.eagle,
        verifyTokens: tree.tokens, draftStepSeconds: draftStepSeconds(draft.model, draft.resolved, factors, frontier), draftLabel: draft.model.label,
      },
    };
  }
  return {
    ok: true,
    speculative: {
      tokens: k, acceptance: s.specAcceptance ?? DEFAULT_SPEC_ACCEPTANCE, draftCost: 0, method: 'draft',
      draftStepSeconds: draftStepSeconds(draft.model, draft.resolved, factors, 1), draftLabel: draft.model.label,
    },
  };
}

/**
 * The hardware server of `spec` with the settings' draft beside the model
 * (its weights and KV out of the same memory), or a refusal naming the
 * draft; null when the method has no draft (prompt lookup, custom) or the
 * model does not resolve (the caller then refuses it as usual).
 */
export function hardwareWithDraft(s: Settings, spec: HardwareSpec, factors: RooflineFactors, options: Partial<ServingOptions>): HardwareOutcome | null {
  const resolved = resolveSpec(spec);
  if (!resolved.ok) return null;
  const setup = draftSetupOf(s, resolved.resolved);
  if (!setup.ok) return setup;
  const draft = setup.draft;
  if (!draft) return null;
  const result = hardwareProfile(spec, factors, { ...options, draft: draft.memory });
  if (result.ok) return { ...result, draft, factors };
  // It fits alone but not with its draft: say so.
  if (!hardwareProfile(spec, factors, options).ok) return null;
  const gb = (bytes: number): string => `${(bytes / 1e9).toFixed(bytes >= 1e10 ? 0 : 1)} GB`;
  const perGpu = resolved.resolved.tp > 1 ? ' per GPU' : '';
  return {
    ok: false, param: 'spec-draft',
    message: `the draft ${draft.model.label} does not fit beside the model: its ${gb(draft.memory.weightBytesPerGpu)} of weights${perGpu} and ${Math.round(draft.memory.kvBytesPerTokenPerGpu / 1024)} KiB of KV a token leave the KV cache under its minimum. ${result.suggestion}`,
  };
}

registerSpecMethods({ speculativeOf, hardwareWithDraft });
