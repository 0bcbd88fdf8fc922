import { WORKLOADS } from '../../engine/workloads';
import { LOAD_PRESETS, type WorkloadId } from '../../settings/schema';
import { useLabStore } from '../../store';
import { Choice, type ChoiceOption } from '../common/Choice';
import { useCompact } from '../common/compact';
import { usePhone } from '../common/useMediaQuery';
import { formatCount } from '../common/format';

/** Short names for a small frame or a phone. */
const SHORT: Record<WorkloadId, string> = { autocomplete: 'Autocomplete', chat: 'Chat reply', summarize: 'Summarize', report: 'Long report', custom: 'Custom' };

const WORKLOAD_OPTIONS: ChoiceOption<WorkloadId>[] = [
  ...WORKLOADS.map((w) => ({ value: w.id as WorkloadId, label: w.label, hint: `${formatCount(w.promptTokens)} in / ${formatCount(w.outputTokens)} out` })),
  { value: 'custom', label: 'Custom', hint: 'your own lengths' },
];

type Preset = 'idle' | 'busy';

/**
 * The lesson's two controls, first on the page: pick a workload, flip the
 * server between idle and busy. Everything else is in the settings below.
 */
export function LessonControls() {
  const workload = useLabStore((s) => s.settings.workload);
  const users = useLabStore((s) => s.settings.users);
  const rate = useLabStore((s) => s.settings.rate);
  const update = useLabStore((s) => s.updateSettings);
  const embedded = useCompact();
  // A phone keeps the two pickers to three short rows, so the lab fits below them in the first screen.
  const phone = usePhone();
  const compact = embedded || phone;
  const preset: Preset | null = rate !== null ? null : users === LOAD_PRESETS.idle ? 'idle' : users === LOAD_PRESETS.busy ? 'busy' : null;
  const pick = (id: WorkloadId) => {
    const w = WORKLOADS.find((x) => x.id === id);
    update(w ? { workload: id, prompt: w.promptTokens, output: w.outputTokens } : { workload: id });
  };
  return (
    <section aria-labelledby="pick-h" className={compact ? 'space-y-1.5' : 'space-y-3'} data-testid="lesson-controls">
      <h2 id="pick-h" className={compact ? 'sr-only' : 'text-base font-semibold'}>
        Workload and load
      </h2>
      <Choice
        legend="Workload"
        legendHidden
        options={compact ? WORKLOAD_OPTIONS.map(({ value }) => ({ value, label: SHORT[value] })) : WORKLOAD_OPTIONS}
        columns={compact ? 'grid-cols-3 sm:grid-cols-2' : 'grid-cols-2'}
        dense={compact}
        value={workload}
        onChange={pick}
      />
      <Choice<Preset>
        legend="Server load"
        legendHidden
        options={[
          { value: 'idle', label: 'Idle', hint: embedded ? undefined : '1 user' },
          { value: 'busy', label: 'Busy', hint: embedded ? undefined : phone ? '16 users' : '16 users at once' },
        ]}
        value={preset}
        dense={compact}
        hintInline={phone}
        onChange={(p) => update({ users: LOAD_PRESETS[p], rate: null })}
      />
    </section>
  );
}
