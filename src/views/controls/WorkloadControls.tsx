import { SETTING_LIMITS } from '../../settings/schema';
import { getLabStore, useLabStore } from '../../store';
import { formatCount } from '../common/format';
import { LogSlider } from '../common/LogSlider';
import { NumberField } from '../common/NumberField';

/** Prompt and output lengths (moving one makes the workload custom). */
export function WorkloadControls() {
  const prompt = useLabStore((s) => s.settings.prompt);
  const output = useLabStore((s) => s.settings.output);
  const update = useLabStore((s) => s.updateSettings);

  // Moving a length away from a named workload keeps the targets it was judged by (they become explicit, so a link keeps them).
  const custom = (patch: { prompt: number } | { output: number }) => {
    const s = getLabStore().getState().settings;
    const keep = s.targetsFollowWorkload && s.workload !== 'custom' ? { ttftSlo: s.ttftSlo, tpotSlo: s.tpotSlo, targetsFollowWorkload: false } : {};
    update({ ...patch, workload: 'custom', ...keep });
  };
  const setPrompt = (v: number) => custom({ prompt: v });
  const setOutput = (v: number) => custom({ output: v });

  return (
    <section aria-labelledby="workload-h" className="space-y-3">
      <h2 id="workload-h" className="text-base font-semibold">
        Lengths
      </h2>
      <div className="flex items-end gap-2">
        <LogSlider label="Prompt length (input tokens)" value={prompt} min={1} max={SETTING_LIMITS.maxPrompt} integer onChange={setPrompt} valueText={(v) => `${formatCount(v)} tokens`} />
        <NumberField label="Prompt tokens" labelHidden value={prompt} min={1} max={SETTING_LIMITS.maxPrompt} integer onCommit={setPrompt} />
      </div>
      <div className="flex items-end gap-2">
        <LogSlider label="Answer length (output tokens)" value={output} min={1} max={SETTING_LIMITS.maxOutput} integer onChange={setOutput} valueText={(v) => `${formatCount(v)} tokens`} />
        <NumberField label="Output tokens" labelHidden value={output} min={1} max={SETTING_LIMITS.maxOutput} integer onCommit={setOutput} />
      </div>
    </section>
  );
}
