import { useId, type ReactNode } from 'react';
import { ENGINE_IDS, enginePreset, type EngineId } from '../../engine/engines/presets';
import { GPUS, MODELS } from '../../engine/profiles/catalog';
import { workloadById } from '../../engine/workloads';
import { BUILT_IN_TRACE_IDS, BUILT_IN_TRACES } from '../../import/traceCatalog';
import { PLAN_SPLITS } from '../../plan/types';
import { TraceAttribution } from '../trace/TraceAttribution';
import type { FieldError, PlanForm, PlanTraffic } from './planForm';

/** A typed value with its label, unit and, when it is wrong, the reason (linked for screen readers). */
export function TextField({ label, value, onChange, error, unit, name, className = 'w-24' }: { label: ReactNode; value: string; onChange: (v: string) => void; error?: string; unit?: string; name: string; className?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-1">
        <input
          id={id}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          className={`tabular rounded border bg-raised px-2 py-1 text-sm text-ink ${error ? 'border-bad' : 'border-line'} ${className}`}
        />
        {unit && <span className="text-sm text-muted">{unit}</span>}
      </div>
      {error && (
        <p id={`${id}-err`} className="max-w-56 text-xs text-bad" data-testid={`plan-error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's fields; `errors` are shown beside the fields they name. */
export function PlanFields({ form, set, errors }: { form: PlanForm; set: (patch: Partial<PlanForm>) => void; errors: FieldError[] }) {
  const err = (field: string) => errors.find((e) => e.field === field)?.message;
  const modelId = useId();
  const trafficId = useId();
  const traced = form.traffic !== 'rate';
  const preset = form.workload !== 'custom' ? workloadById(form.workload) : undefined;
  const toggle = <T extends string>(list: T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-start gap-4">
        <legend className="mb-1 text-sm font-semibold">What to serve</legend>
        <div className="flex flex-col">
          <label htmlFor={modelId} className="text-sm font-medium">
            Model to serve
          </label>
          <select id={modelId} value={form.model} onChange={(e) => set({ model: e.target.value })} className="rounded border border-line bg-raised px-2 py-1 text-sm" data-testid="plan-model">
            {MODELS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </select>
          <details className="mt-1 text-sm" data-testid="plan-also-models">
            <summary className="cursor-pointer text-accent">
              Plan other models too{form.alsoModels.length > 0 ? ` (${form.alsoModels.length})` : ''}
            </summary>
            <div className="grid max-h-48 grid-cols-1 gap-x-3 overflow-y-auto pt-1 sm:grid-cols-2">
              {MODELS.filter((m) => m.id !== form.model).map((m) => (
                <label key={m.id} className="flex items-center gap-1">
                  <input type="checkbox" checked={form.alsoModels.includes(m.id)} onChange={(e) => set({ alsoModels: toggle(form.alsoModels, m.id, e.target.checked) })} value={m.id} />
                  {m.label}
                </label>
              ))}
            </div>
          </details>
        </div>
        <div className="flex flex-col">
          <label htmlFor={trafficId} className="text-sm font-medium">
            Traffic
          </label>
          <select id={trafficId} value={form.traffic} onChange={(e) => set({ traffic: e.target.value as PlanTraffic })} className="rounded border border-line bg-raised px-2 py-1 text-sm" data-testid="plan-traffic">
            <option value="rate">A peak rate (Poisson arrivals)</option>
            {BUILT_IN_TRACE_IDS.map((id) => (
              <option key={id} value={id}>
                Trace: {BUILT_IN_TRACES[id].short}
              </option>
            ))}
          </select>
        </div>
        {traced ? (
          <>
            <TextField name="trace-window" label="Trace window, FROM:TO" unit="s" value={form.traceWindow} onChange={(v) => set({ traceWindow: v })} error={err('traceWindow')} className="w-28" />
            <p className="basis-full max-w-prose text-xs text-muted" data-testid="plan-trace-note">
              The trace&apos;s own arrivals and lengths, replayed in the planner&apos;s workers (empty window: the whole trace). The plan serves its mean rate: each candidate is judged
              on the trace sped up or slowed down to the rate under test, with the slice&apos;s mean lengths, as <code>lab plan --trace {form.traffic}</code> does. A row&apos;s link opens the
              lab on that deployment with this trace, slice and speed in its Trace section; the lab&apos;s own run stays Poisson at the mean rate and lengths.
            </p>
            <div className="basis-full">
              <TraceAttribution />
            </div>
          </>
        ) : (
          <>
            <TextField name="prompt" label="Prompt (mean)" unit="tokens" value={form.promptTokens} onChange={(v) => set({ promptTokens: v, workload: 'custom' })} error={err('promptTokens')} />
            <TextField name="output" label="Output (mean)" unit="tokens" value={form.outputTokens} onChange={(v) => set({ outputTokens: v, workload: 'custom' })} error={err('outputTokens')} />
            <TextField name="rate" label="Peak traffic" unit="req/s" value={form.ratePerSec} onChange={(v) => set({ ratePerSec: v })} error={err('ratePerSec')} />
            <p className="basis-full text-xs text-muted">{preset ? `Lengths of the lab's workload, ${preset.label}.` : 'Custom lengths.'} Arrivals are Poisson at the peak rate.</p>
          </>
        )}
      </fieldset>
      <fieldset className="flex flex-wrap items-start gap-4">
        <legend className="mb-1 text-sm font-semibold">The targets</legend>
        <TextField name="ttft" label="p90 TTFT at most" unit="ms" value={form.ttftSloMs} onChange={(v) => set({ ttftSloMs: v })} error={err('ttftSloMs')} />
        <TextField name="tpot" label="p90 TPOT at most" unit="ms" value={form.tpotSloMs} onChange={(v) => set({ tpotSloMs: v })} error={err('tpotSloMs')} />
        <TextField name="in-time" label="Requests in time, at least" unit="%" value={form.inTimePct} onChange={(v) => set({ inTimePct: v })} error={err('inTimePct')} className="w-16" />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold">Candidate GPUs, with a price per GPU-hour if you have one (typed in, nothing is fetched)</legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 lg:grid-cols-3" data-testid="plan-gpus">
          {GPUS.map((g) => {
            const on = form.gpus.includes(g.id);
            return (
              <div key={g.id} className="flex min-h-8 flex-wrap items-center gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={on} onChange={(e) => set({ gpus: toggle(form.gpus, g.id, e.target.checked) })} value={g.id} />
                  {g.label}
                </label>
                {on && <PriceField gpu={g.id} label={g.label} value={form.prices[g.id] ?? ''} onChange={(v) => set({ prices: { ...form.prices, [g.id]: v } })} error={err(`price.${g.id}`)} />}
              </div>
            );
          })}
        </div>
        {err('gpus') && <p className="text-xs text-bad">{err('gpus')}</p>}
      </fieldset>
      <div className="flex flex-wrap items-start gap-6">
        <TextField name="max-gpus" label="Most GPUs in one deployment" value={form.maxGpus} onChange={(v) => set({ maxGpus: v })} error={err('maxGpus')} className="w-16" />
        <fieldset>
          <legend className="text-sm font-medium">Engines</legend>
          <div className="flex flex-wrap gap-3 pt-1">
            {ENGINE_IDS.map((id: EngineId) => (
              <label key={id} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={form.engines.includes(id)} onChange={(e) => set({ engines: toggle(form.engines, id, e.target.checked) })} value={id} />
                {enginePreset(id)?.label ?? id}
              </label>
            ))}
          </div>
          {err('engines') && <p className="text-xs text-bad">{err('engines')}</p>}
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium">Instances</legend>
          <div className="flex flex-wrap gap-3 pt-1">
            {PLAN_SPLITS.map((id) => (
              <label key={id} className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={form.splits.includes(id)} onChange={(e) => set({ splits: toggle(form.splits, id, e.target.checked) })} value={id} />
                {id === 'colocated' ? 'Colocated' : 'Disaggregated prefill/decode'}
              </label>
            ))}
          </div>
          {err('splits') && <p className="text-xs text-bad">{err('splits')}</p>}
        </fieldset>
        {form.levers !== '' && (
          <fieldset>
            <legend className="text-sm font-medium">Levers</legend>
            <label className="flex items-start gap-1 pt-1 text-sm">
              <input type="checkbox" checked={form.useLevers} onChange={(e) => set({ useLevers: e.target.checked })} className="mt-1" data-testid="plan-use-levers" />
              <span>
                Every candidate runs with the lab&apos;s levers: <code className="[overflow-wrap:anywhere]">{decodeURIComponent(form.levers.replace(/&/g, ', '))}</code>
              </span>
            </label>
          </fieldset>
        )}
      </div>
    </div>
  );
}

function PriceField({ gpu, label, value, onChange, error }: { gpu: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <span className="flex flex-wrap items-center gap-1 text-sm">
      <span aria-hidden="true">$</span>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="price"
        aria-label={`Price of one ${label} per hour, USD (optional)`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        className={`w-16 rounded border bg-raised px-1 py-0.5 text-sm ${error ? 'border-bad' : 'border-line'}`}
        data-testid={`plan-price-${gpu}`}
      />
      <span className="text-xs text-muted">/h</span>
      {error && (
        <span id={`${id}-err`} className="basis-full text-xs text-bad">
          {error}
        </span>
      )}
    </span>
  );
}
