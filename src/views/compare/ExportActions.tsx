import { useId, useState } from 'react';
import type { RunMetrics } from '../../engine/types';
import { benchCommands, type BenchCommand } from '../../export/commands';
import { downloadBlob } from '../../export/chart-image';
import { runToCsv, runToJson, simulatedRun } from '../../export/runFiles';
import { tokenTimesS } from '../../engine/tokens';
import type { RunResult } from '../../engine/types';
import type { SimulatedSummary } from './ComparePanel';
import type { ImportedRun } from '../../import/types';
import type { Settings } from '../../settings/schema';

const TOOL_NAMES: Record<BenchCommand['tool'], string> = { vllm: 'vLLM bench serve', 'genai-perf': 'GenAI-Perf', aiperf: 'AIPerf' };

/** A file-name-safe stem from a run label. */
export function fileStem(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'run';
}

/**
 * The scenario as command lines of vLLM, GenAI-Perf and AIPerf (to measure
 * what the lab predicts), with copy buttons; and the shown run as CSV or JSON.
 */
export function ExportActions({ settings, run, metrics, simulated = null, exportRun }: { settings: Settings; run: ImportedRun | null; metrics: RunMetrics | null; simulated?: SimulatedSummary | null; exportRun?: (run: ImportedRun, kind: 'csv' | 'json', metrics: RunMetrics | null) => Promise<string> }) {
  const id = useId();
  const [tool, setTool] = useState<BenchCommand['tool']>('vllm');
  const [status, setStatus] = useState<string | null>(null);
  const commands = benchCommands(settings);
  const shown = commands.find((c) => c.tool === tool) ?? commands[0];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.text);
      setStatus(`Copied the ${TOOL_NAMES[shown.tool]} command.`);
    } catch {
      setStatus('Copying is blocked here: select the command and copy it by hand.');
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-line p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        Measure this scenario with a real tool
      </h3>
      <div role="group" aria-label="Benchmark tool" className="mt-2 flex flex-wrap gap-2">
        {commands.map((c) => (
          <button
            key={c.tool}
            type="button"
            aria-pressed={c.tool === tool}
            aria-controls={`${id}-cmd`}
            onClick={() => setTool(c.tool)}
            className={`rounded border px-2 py-0.5 text-sm ${c.tool === tool ? 'border-accent font-semibold' : 'border-line'}`}
          >
            {TOOL_NAMES[c.tool]}
          </button>
        ))}
      </div>
      <div id={`${id}-cmd`}>
        <pre tabIndex={0} aria-label={`${TOOL_NAMES[shown.tool]} command`} className="mt-2 overflow-x-auto rounded bg-raised p-2 text-xs">
          <code>{shown.text}</code>
        </pre>
        <ul className="mt-1 list-disc pl-5 text-xs text-muted">
          {shown.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => void copy()} className="rounded border border-line px-2 py-0.5 text-sm">
          Copy {TOOL_NAMES[shown.tool]} command
        </button>
        {(['csv', 'json'] as const).map((kind) => (
          <button
            key={`run-${kind}`}
            type="button"
            disabled={!run}
            onClick={() => {
              if (!run) return;
              if (!exportRun) saveRun(run, kind, metrics);
              else void exportRun(run, kind, metrics).then((text) => saveText(text, kind, fileStem(run.label)), (e: unknown) => setStatus(`Could not write the file: ${e instanceof Error ? e.message : String(e)}`));
            }}
            className="rounded border border-line px-2 py-0.5 text-sm disabled:opacity-50"
          >
            Download run as {kind.toUpperCase()}
          </button>
        ))}
        {(['csv', 'json'] as const).map((kind) => (
          <button key={`sim-${kind}`} type="button" disabled={!simulated?.records} onClick={() => saveSimulated(simulated, kind)} className="rounded border border-line px-2 py-0.5 text-sm disabled:opacity-50">
            Download the simulation as {kind.toUpperCase()}
          </button>
        ))}
        <span role="status" className="text-sm text-muted">
          {status ?? ''}
        </span>
      </div>
    </section>
  );
}

/** Downloads a run in the lab's own run format, CSV or JSON (with its metrics when known). */
function saveRun(run: ImportedRun, kind: 'csv' | 'json', metrics: RunMetrics | null, stem = fileStem(run.label)): void {
  saveText(kind === 'csv' ? runToCsv(run) : runToJson(run, metrics ?? undefined), kind, stem);
}

function saveText(text: string, kind: 'csv' | 'json', stem: string): void {
  downloadBlob(new Blob([text], { type: kind === 'csv' ? 'text/csv' : 'application/json' }), `${stem}.${kind}`);
}

/**
 * Downloads the simulated run in the lab's own run format (one chunk per
 * token, at its simulated arrival), which the importer reads back.
 */
function saveSimulated(simulated: SimulatedSummary | null, kind: 'csv' | 'json'): void {
  const records = simulated?.records;
  if (!simulated || !records) return;
  // tokenTimesS reads only the requests and the iteration log of a run.
  const asRun = records as unknown as RunResult;
  const run = simulatedRun(records.requests, { label: 'Latency Lab simulation', tokenTimesS: (id) => tokenTimesS(asRun, id), durationS: simulated.metrics.durationS });
  saveRun(run, kind, simulated.metrics, 'latency-lab-simulation');
}
