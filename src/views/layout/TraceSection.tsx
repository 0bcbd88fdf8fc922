import { lazy, Suspense, useId, useState } from 'react';
import { BUILT_IN_TRACE_IDS, BUILT_IN_TRACES } from '../../import/traceCatalog';
import type { Settings } from '../../settings/schema';
import { useLabStore } from '../../store';

// Its own chunk (the chart, the worker's client): nothing of a trace loads until one is chosen.
const TracePanel = lazy(() => import('../trace/TracePanel').then((m) => ({ default: m.TracePanel })));

/**
 * Real traffic: a built-in trace (the `trace` setting) or a trace file,
 * replayed on the current server beside Poisson arrivals at its mean rate.
 */
export function TraceSection() {
  const trace = useLabStore((s) => s.settings.trace);
  const update = useLabStore((s) => s.updateSettings);
  const [file, setFile] = useState<File | null>(null);
  const selectId = useId();
  const fileId = useId();
  return (
    <section id="trace" aria-labelledby="trace-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="trace-section">
      <h2 id="trace-h" className="text-lg font-semibold">
        Real traffic: replay a trace
      </h2>
      <p className="max-w-prose text-sm">
        Benchmarks send requests at a steady random pace; real users do not. Replay an hour of a real service on this server and compare it with the same requests sent at an even
        random (Poisson) pace.
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <label htmlFor={selectId} className="text-sm">
          <span className="block font-medium">Built-in trace</span>
          <select id={selectId} value={trace} onChange={(e) => update({ trace: e.target.value as Settings['trace'] })} className="mt-1 rounded border border-line bg-raised px-2 py-1" data-testid="trace-select">
            <option value="off">None</option>
            {BUILT_IN_TRACE_IDS.map((id) => (
              <option key={id} value={id}>
                {BUILT_IN_TRACES[id].short}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={fileId} className="cursor-pointer rounded border border-line bg-raised px-3 py-1 text-sm font-medium focus-within:outline-2">
          Replay a trace file…
          <input
            id={fileId}
            type="file"
            accept=".csv,.jsonl,.json,.txt,text/csv"
            className="sr-only"
            data-testid="trace-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) setFile(f);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      <p className="text-xs text-muted">
        A file is read in your browser, never uploaded: Azure&apos;s <code>TIMESTAMP,ContextTokens,GeneratedTokens</code> CSV, BurstGPT&apos;s CSV, or <code>send_s,prompt_tokens,output_tokens</code> as CSV or JSONL.
      </p>
      {(trace !== 'off' || file) && (
        <Suspense fallback={<p className="text-sm text-muted">Loading the trace tools…</p>}>
          <TracePanel file={file} onClearFile={() => setFile(null)} />
        </Suspense>
      )}
    </section>
  );
}
