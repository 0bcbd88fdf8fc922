import { useMemo, useRef, useState } from 'react';
import { useLabStore } from '../../store';
import { PlanFields } from './PlanFields';
import { planFormFrom, validatePlanForm, type PlanForm } from './planForm';
import { PlanResults } from './PlanResults';
import { usePlanRun, type PlanRunState } from './usePlanRun';

function Progress({ state }: { state: PlanRunState }) {
  if (state.status === 'idle' || state.status === 'error') return null;
  const { done, total, evaluated, ranges } = state.progress;
  const max = Math.max(1, total);
  const pct = Math.round((Math.min(done, max) / max) * 100);
  const checked = state.status === 'done' ? state.result.configs.filter((c) => c.ranges !== null).length : 0;
  const text =
    state.status === 'running'
      ? state.readingTrace
        ? 'Reading the trace’s slice in a worker…'
        : ranges
          ? `All ${total} shapes searched; checking the ranges of the cheapest ${ranges.total} (${ranges.done} done) on ${state.workers} ${state.workers === 1 ? 'worker' : 'workers'}`
          : `${done} of ${total || '…'} shapes searched, ${evaluated.toLocaleString('en-US')} simulations, on ${state.workers} ${state.workers === 1 ? 'worker' : 'workers'}`
      : state.status === 'done'
        ? `All ${total} shapes searched${checked > 0 ? `; the ranges of the cheapest ${checked} checked` : ''}.`
        : ranges
          ? `Stopped while checking the ranges, after all ${total} shapes: every worker ended.`
          : `Stopped after ${done} of ${total} shapes: every worker ended.`;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Plan progress"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(done, max)}
        aria-valuetext={text}
        className="h-3 w-full max-w-xl overflow-hidden rounded border border-line bg-raised"
        data-testid="plan-progress"
      >
        <div className={`h-full ${state.status === 'cancelled' ? 'bg-warn-line' : 'bg-accent'}`} style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {text}
      </p>
    </div>
  );
}

/**
 * The Plan section's working part, in its own chunk: the inputs (from the
 * lab's settings), Run and Cancel, the progress, and the plan found by the
 * page's workers.
 */
export function PlanPanel() {
  const settings = useLabStore((s) => s.settings);
  const [form, setForm] = useState<PlanForm>(() => planFormFrom(settings));
  const [tried, setTried] = useState(false);
  const checked = useMemo(() => validatePlanForm(form, settings.spread), [form, settings.spread]);
  const { state, live, run, cancel } = usePlanRun();
  const summaryRef = useRef<HTMLDivElement>(null);
  const running = state.status === 'running';
  const errors = checked.ok ? [] : checked.errors;
  const onRun = () => {
    setTried(true);
    if (checked.ok) run(checked.request, checked.traceRef);
    else summaryRef.current?.focus();
  };
  return (
    <div className="space-y-4" data-testid="plan-panel" data-state={state.status} data-workers={live}>
      <PlanFields form={form} set={(patch) => setForm((f) => ({ ...f, ...patch }))} errors={errors} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={onRun} disabled={running} className="rounded bg-accent px-4 py-1.5 text-sm font-semibold text-accent-ink disabled:opacity-60" data-testid="plan-run">
          {running ? 'Planning…' : 'Plan'}
        </button>
        <button type="button" onClick={cancel} disabled={!running} className="rounded border border-line bg-raised px-4 py-1.5 text-sm font-medium disabled:opacity-60" data-testid="plan-cancel">
          Cancel
        </button>
        <button type="button" onClick={() => setForm(planFormFrom(settings))} className="text-sm text-accent underline" data-testid="plan-refill">
          Refill from the lab
        </button>
      </div>
      {tried && !checked.ok && (
        <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded border-l-4 border-bad bg-bad-bg p-2 text-sm" data-testid="plan-invalid">
          <p className="font-medium">The plan cannot run yet:</p>
          <ul className="list-disc pl-5">
            {checked.errors.map((e) => (
              <li key={e.field}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      <Progress state={state} />
      {state.status === 'error' && (
        <p role="alert" className="rounded border-l-4 border-warn-line bg-warn-bg p-2 text-sm">
          {state.message}
        </p>
      )}
      {(state.status === 'done' || state.status === 'cancelled') && <PlanResults request={state.request} result={state.result} elapsedS={state.elapsedS} workers={state.workers} />}
    </div>
  );
}
