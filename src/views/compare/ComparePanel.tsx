import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { IterationLog, RequestRecord, RunMetrics, Slo, InstanceRun, Levers } from '../../engine/types';
import { withAssumedConcurrency } from '../../import/llmperf';
import { withDuration, withSlo } from '../../import/metrics';
import { FORMAT_LABELS, type ImportedRun, type RunPoint } from '../../import/types';
import type { Settings } from '../../settings/schema';
import { formatMs } from '../common/format';
import { NumberField } from '../common/NumberField';
import { CdfChart } from './CdfChart';
import { compareRows, importedRunPoint, runVerdict } from './compareModel';
import { ExportActions, fileStem } from './ExportActions';
import { ImportDrop } from './ImportDrop';
import { LiveForm } from './LiveForm';
import { ReplayPanel, type ReplayedSide } from './ReplayPanel';
import type { ReplayServers } from './replayServer';
import { shownRun, useRunImport } from './useRunImport';

/** What the panel needs of the current simulation (null while none is ready). */
export interface SimulatedSummary {
  metrics: RunMetrics;
  /** Per completed request, ms. */
  ttftMs: number[];
  /** Per request with more than one output token, ms. */
  tpotMs: number[];
  /** The run's requests and iteration logs (and its levers, which shape token times), so it can be downloaded like a measured run (optional). */
  records?: { requests: RequestRecord[]; log: IterationLog; instances?: InstanceRun[]; scenario: { levers?: Omit<Levers, 'disaggregated'> } };
}

export interface ComparePanelProps {
  simulated: SimulatedSummary | null;
  slo: Slo;
  settings: Settings;
  /**
   * Called with the shown run as one point for the throughput curve whenever
   * it changes (null when none): how the page puts the run on the curve.
   */
  onRunChange?: (point: RunPoint | null) => void;
  /** Names and finds replay servers (from the page's entry, which holds the catalog); without it the panel offers no replay. */
  replayServers?: ReplayServers;
}

/**
 * Real runs next to the simulation: import a benchmark result (parsed in a
 * worker) or measure a live endpoint, then compare TTFT/TPOT/ITL/E2E
 * percentiles, throughput, goodput and the SLO verdict, with overlaid
 * distributions; export the scenario as vLLM/GenAI-Perf/AIPerf commands and
 * the run as CSV/JSON. Self-contained: it keeps its own state, and reports
 * the shown run through `onRunChange`. A file that cannot be read leaves the
 * run shown before it in place.
 */
export function ComparePanel({ simulated, slo, settings, onRunChange, replayServers }: ComparePanelProps) {
  const id = useId();
  const { state, importFiles, cancel, exportRun, runTrace, showRun, showError, clear } = useRunImport();
  // An llmperf file without its summary has no duration: it is Σ E2E ÷ concurrency, which the reader may know (null: not given).
  // Kept with the run it was given for: another file starts again from "not given".
  const [given, setGiven] = useState<{ run: ImportedRun; concurrency: number } | null>(null);
  const loaded = shownRun(state);
  const llmperfConcurrency = given && loaded && given.run === loaded.run ? given.concurrency : null;
  const shown = useMemo(() => {
    if (!loaded || loaded.run.format !== 'llmperf' || !loaded.run.durationEstimated || llmperfConcurrency === null) return loaded;
    const run = withAssumedConcurrency(loaded.run, llmperfConcurrency);
    return { run, prepared: withDuration(loaded.prepared, run.durationS) };
    // `loaded` is a new object each render; its parts are what change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.run, loaded?.prepared, llmperfConcurrency]);
  const run = shown?.run ?? null;
  const point = useMemo(() => (shown ? importedRunPoint(shown.run, shown.prepared.base, shown.prepared.samples.e2eMs) : null), [shown]);
  useEffect(() => onRunChange?.(point), [point, onRunChange]);
  const metrics = useMemo(() => (shown ? withSlo(shown.prepared, slo) : null), [shown, slo]);
  // The shown run replayed on the lab's server (its ReplayPanel says when): a third side of the table and the distributions.
  const [replay, setReplay] = useState<{ run: ImportedRun; side: ReplayedSide } | null>(null);
  const replayed = replay && replay.run === run ? replay.side : null;
  const onReplayed = useCallback((side: ReplayedSide | null) => setReplay(side && run ? { run, side } : null), [run]);
  const rows = compareRows(simulated?.metrics ?? null, metrics, replayed?.metrics ?? null);
  const verdict = metrics ? runVerdict(metrics, slo) : null;
  const realLabel = run ? (run.format === 'live' ? 'Measured' : 'Imported') : 'Real run';
  const series = (pick: 'ttftMs' | 'tpotMs') => [
    ...(simulated ? [{ key: 'sim', label: 'Simulated', role: 'throughput' as const, valuesMs: simulated[pick] }] : []),
    ...(shown ? [{ key: 'real', label: realLabel, role: 'queue' as const, valuesMs: shown.prepared.samples[pick], dashed: true }] : []),
    ...(replayed ? [{ key: 'replayed', label: replayed.label, role: 'prefill' as const, valuesMs: replayed[pick] }] : []),
  ];

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Compare with a real run
      </h2>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
        <ImportDrop onFiles={(files) => void importFiles(files)} busy={state.status === 'reading'} />
        <LiveForm
          defaults={{ promptTokens: settings.prompt, outputTokens: settings.output, concurrency: settings.rate === null ? settings.users : 1 }}
          onResult={showRun}
          onError={showError}
        />
      </div>

      {state.status === 'error' && (
        <p role="alert" className="rounded border-2 border-bad bg-bad-bg p-3 text-sm">
          {state.fileName ? `Could not import ${state.fileName}: ` : 'No new run to show: '}
          {/[.!?]$/.test(state.error) ? state.error : `${state.error}.`}
          {run ? ` The run shown is still ${run.label}.` : ''}
        </p>
      )}
      {state.status === 'reading' && (
        <p role="status" className="flex flex-wrap items-center gap-3">
          <span>Reading {state.fileName}… (in the background: the page stays usable)</span>
          <button type="button" onClick={cancel} className="rounded border border-line px-2 py-0.5 text-sm">
            Cancel reading
          </button>
        </p>
      )}

      {run && metrics && (
        <div className="rounded-lg border border-line p-4" aria-live="polite">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="font-semibold [overflow-wrap:anywhere]">{run.label}</p>
            <button type="button" onClick={clear} className="rounded border border-line px-2 py-0.5 text-sm">
              Remove this run
            </button>
          </div>
          <p className="text-sm text-muted">
            {FORMAT_LABELS[run.format]}: {metrics.completed} completed, {metrics.rejected} failed, over {formatMs(metrics.durationS * 1000)}. {run.durationNote}
          </p>
          {run.format === 'llmperf' && run.durationEstimated && (
            <NumberField label="Concurrency of this llmperf run (for the duration estimate)" value={llmperfConcurrency ?? 1} min={1} max={4096} integer onCommit={(c) => loaded && setGiven({ run: loaded.run, concurrency: c })} className="mt-2" />
          )}
          {verdict && (
            <p className={`mt-2 font-bold ${verdict.met ? 'text-good' : 'text-bad'}`}>
              {verdict.headline} <span className="block text-sm font-normal text-ink">{verdict.detail}</span>
            </p>
          )}
          {run.warnings.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm text-bad" aria-label="Warnings">
              {run.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer">How this file was read, and where the tool&apos;s definitions differ</summary>
            <ul className="list-disc pl-5">
              {[...run.notes, ...(shown?.prepared.crossChecks ?? [])].map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </details>
        </div>
      )}

      {run && metrics && shown && replayServers && (
        <ReplayPanel run={run} measured={metrics} settings={settings} runTrace={runTrace} servers={replayServers} onReplayed={onReplayed} />
      )}

      <table className="w-full max-w-2xl text-sm tabular" data-testid="compare-table">
        <caption className="text-left font-semibold">
          Simulated versus {realLabel.toLowerCase()}
          {replayed && <span data-testid="compare-replayed-caption">, and the same requests replayed on {replayed.server}</span>}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="text-left">Metric</th>
            <th scope="col" className="pl-3 text-right">Simulated</th>
            <th scope="col" className="pl-3 text-right">{realLabel}</th>
            {replayed && (
              <th scope="col" className="pl-3 text-right" data-testid="compare-replayed-head">
                Replayed
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-line">
              <th scope="row" className="text-left font-normal">{r.label}</th>
              <td className="pl-3 text-right">{r.simulated}</td>
              <td className="pl-3 text-right">{r.real}</td>
              {replayed && (
                <td className="pl-3 text-right" data-side="replayed">
                  {r.replayed}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>

      {(simulated || run) && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <CdfChart title="TTFT distribution" metricLabel="Time to first token" series={series('ttftMs')} sloMs={slo.ttftMs} fileStem={`${fileStem(run?.label ?? 'simulation')}-ttft`} />
          <CdfChart title="TPOT distribution" metricLabel="Time per output token" series={series('tpotMs')} sloMs={slo.tpotMs} fileStem={`${fileStem(run?.label ?? 'simulation')}-tpot`} />
        </div>
      )}

      <ExportActions settings={settings} run={run} metrics={metrics} simulated={simulated} exportRun={exportRun} />
    </section>
  );
}
