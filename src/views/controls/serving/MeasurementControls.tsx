import { SETTING_LIMITS } from '../../../settings/schema';
import { useLabStore } from '../../../store';
import { Choice } from '../../common/Choice';
import { NumberField } from '../../common/NumberField';

/** Which requests the numbers count: every request (vLLM) or the steady state (GenAI-Perf), and a warm-up. */
export function MeasurementControls() {
  const window = useLabStore((s) => s.settings.window);
  const warmup = useLabStore((s) => s.settings.warmup);
  const requests = useLabStore((s) => s.settings.requests);
  const update = useLabStore((s) => s.updateSettings);
  return (
    <div className="space-y-2" data-testid="measurement-controls">
      <Choice<'all' | 'steady'>
        legend="Measured over"
        options={[
          { value: 'all', label: 'All requests', hint: 'from the first send, like vLLM bench serve' },
          { value: 'steady', label: 'Steady state', hint: 'load filled, not draining, like GenAI-Perf' },
        ]}
        value={window}
        onChange={(w) => update({ window: w })}
      />
      <NumberField label="Warm-up requests left out" value={warmup} min={0} max={Math.min(requests - 1, SETTING_LIMITS.maxRequests - 1)} integer onCommit={(v) => update({ warmup: v })} />
      <p className="text-xs text-muted">
        A closed loop starts with every user sending at once, a burst no steady server sees; all requests keeps it in the numbers, steady state and a warm-up leave it out. The
        throughput curve is always measured in the steady state.
      </p>
    </div>
  );
}
