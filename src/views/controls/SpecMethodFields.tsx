/**
 * The fields of a speculative-decoding method other than `custom`: the
 * acceptance (the method's published default until set), the draft model or
 * the EAGLE tree, and what a step then does. A chunk of its own, loaded when
 * a method is chosen, with the methods' module (`settings/speculative.ts`).
 */
import { defaultDraftFor, draftRefusal } from '../../engine/levers/draftModel';
import { DEFAULT_SPEC_ACCEPTANCE, expectedTokensPerStep } from '../../engine/levers/speculative';
import { EAGLE_PUBLISHED_TREE_TOKENS, MAX_SPEC_TREE_TOKENS, eagleAcceptance, ngramAcceptance } from '../../engine/levers/specMethods';
import { modelById, MODELS } from '../../engine/profiles/models';
import { precisionById } from '../../engine/profiles/precisions';
import type { Settings } from '../../settings/schema';
import '../../settings/speculative';
import { useLabStore } from '../../store';
import { NumberField } from '../common/NumberField';
import type { MenuOption } from './server/hardwareOptions';
import { Select } from './server/Select';

type Method = Exclude<Settings['specMethod'], 'custom'>;

/** The acceptance a method starts from for these settings (what `auto` means). */
function publishedAcceptance(s: Settings, tree: number): number {
  if (s.specMethod === 'eagle' || s.specMethod === 'eagle3') return eagleAcceptance(s.specMethod, s.specTokens, tree);
  if (s.specMethod === 'ngram') return ngramAcceptance(s.workload);
  return DEFAULT_SPEC_ACCEPTANCE;
}

/** The draft menu: auto, then the dense catalog models, the ones that cannot draft for the target disabled with the reason. */
function draftOptions(s: Settings): MenuOption[] {
  const target = modelById(s.model);
  const precision = precisionById(s.precision);
  const auto = target ? defaultDraftFor(target) : null;
  const options: MenuOption[] = [{ value: 'auto', label: `Auto (${auto?.label ?? 'none in the family'})`, unavailable: null }];
  for (const m of MODELS.filter((x) => x.experts === 1)) {
    const why = target && precision ? draftRefusal(target, m, { precision }) : null;
    options.push({ value: m.id, label: m.label, unavailable: why ? (why.includes('tokenizer') ? 'another tokenizer' : 'not smaller') : null });
  }
  return options;
}

const WHAT: Record<Method, string> = {
  draft: 'A small model of the same family drafts; its own roofline on these GPUs prices each draft step, and its weights and KV come out of the KV cache.',
  eagle: 'An EAGLE-2 head (one layer on the model\'s hidden states) drafts a tree; every tree token is checked in the pass.',
  eagle3: 'An EAGLE-3 head drafts a tree; it is accepted more often than EAGLE-2\'s (published acceptance lengths 6.13 against 4.05).',
  ngram: 'Prompt lookup: the drafts are copied from the prompt where the last tokens appear in it, so they cost nothing; they are accepted as often as the answer repeats the prompt.',
};

/** The method's fields (a chunk of its own). */
export default function SpecMethodFields() {
  const s = useLabStore((x) => x.settings);
  const update = useLabStore((x) => x.updateSettings);
  const method = s.specMethod as Method;
  const eagle = method === 'eagle' || method === 'eagle3';
  const tree = s.specTreeWidth ?? Math.max(EAGLE_PUBLISHED_TREE_TOKENS, s.specTokens + 1);
  const published = publishedAcceptance(s, tree);
  const acceptance = s.specAcceptance ?? published;
  const perStep = expectedTokensPerStep(s.specTokens, acceptance);
  const needsHardware = (method === 'draft' || eagle) && s.server !== 'hardware';
  return (
    <div className="space-y-1.5" data-testid="spec-method-fields">
      <p className="text-xs text-muted">{WHAT[method]}</p>
      <div className="flex flex-wrap items-end gap-2">
        <NumberField label="Acceptance" value={Math.round(acceptance * 1000) / 1000} min={0} max={1} onCommit={(v) => update({ specAcceptance: v })} className="w-24" />
        {s.specAcceptance !== null && (
          <button type="button" className="rounded-md border border-line px-2 py-1 text-xs hover:border-accent" onClick={() => update({ specAcceptance: null })}>
            Published ({published.toFixed(2)})
          </button>
        )}
        {eagle && <NumberField label="Tree tokens" value={tree} min={s.specTokens + 1} max={MAX_SPEC_TREE_TOKENS} integer onCommit={(v) => update({ specTreeWidth: v })} className="w-28" />}
      </div>
      {method === 'draft' && s.server === 'hardware' && <Select label="Draft model" value={s.specDraft} options={draftOptions(s)} onChange={(v) => update({ specDraft: v })} />}
      <p className="text-xs text-muted" data-testid="spec-method-step">
        {needsHardware
          ? 'This method is priced by its own roofline: pick a hardware server (model and GPU) to run it.'
          : s.specTokens === 0
            ? 'Off (K = 0).'
            : `Each step emits about ${perStep.toFixed(2)} tokens per request and checks ${eagle ? tree : s.specTokens + 1} tokens for each.`}
      </p>
    </div>
  );
}
