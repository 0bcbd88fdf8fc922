import { useEffect, useId, useMemo, useState } from 'react';
import type { RunMetrics } from '../../engine/types';
import { closedLoopText, traceFromRun } from '../../import/replay';
import type { RequestTrace, TraceResult } from '../../import/trace';
import type { ImportedRun } from '../../import/types';
import type { Settings } from '../../settings/schema';
import { largestGap, replayCards } from './replayModel';
import type { ReplayServers } from './replayServer';
import { ReplayCards } from './ReplayCards';
import { useReplay } from './useReplay';

export interface ReplayPanelProps {
  run: ImportedRun;
  /** The measured run's metrics against the current SLO. */
  measured: RunMetrics;
  settings: Settings;
  /** The run's requests as a trace (read in the import worker when it kept them). */
  runTrace: (run: ImportedRun, fallbackPromptTokens: number) => Promise<TraceResult>;
  /** How servers are named and the file's own hardware found (handed down from the page's entry, which holds the catalog). */
  servers: ReplayServers;
  /** Told the replayed run whenever it changes (null while none is in), so the compare table and distributions draw it beside the measured run. */
  onReplayed?: (replayed: ReplayedSide | null) => void;
}

/** The replayed run as the compare views draw it: on which server, its metrics and its per-request samples. */
export interface ReplayedSide {
  /** "Replayed (Llama-3.1-8B on L4 24GB, vLLM)". */
  label: string;
  /** The server alone: "Llama-3.1-8B on L4 24GB, vLLM". */
  server: string;
  metrics: RunMetrics;
  ttftMs: number[];
  tpotMs: number[];
}

type Target = 'same' | 'lab';

/**
 * "Replay this run on the lab's server": the imported run's own requests,
 * each at its recorded send time with its recorded lengths, run on the
 * server the lab is set to (or the hardware the file names) in the replay
 * worker, then measured against replayed in cards; the compare panel draws
 * the replay in its table and distributions too (`onReplayed`).
 * Reruns when the server changes once a replay has started.
 */
export function ReplayPanel({ run, measured, settings, runTrace, servers, onReplayed }: ReplayPanelProps) {
  const { serverText } = servers;
  const id = useId();
  const same = useMemo(() => servers.sameHardwareSettings(run, settings), [servers, run, settings]);
  const [choice, setChoice] = useState<Target | null>(null);
  const target: Target = choice ?? (same ? 'same' : 'lab');
  // Whether the run can be replayed is known before any click when the page holds its requests (a run kept in the import worker is asked on click).
  const precheck = useMemo<TraceResult | null>(() => (run.keptInWorker === undefined ? traceFromRun(run, settings.prompt) : null), [run, settings.prompt]);
  const [asked, setAsked] = useState<{ run: ImportedRun; result: TraceResult } | null>(null);
  const started = asked && asked.run === run ? asked.result : null;
  const traced = started ?? (precheck && !precheck.ok ? precheck : null);
  const [pending, setPending] = useState(false);
  const sameSettings = same?.settings ?? null;
  const replaySettings = target === 'same' && sameSettings ? sameSettings : settings;
  const trace: RequestTrace | null = started?.ok ? started.trace : null;
  const { reply, busy } = useReplay(trace, replaySettings);

  const start = async () => {
    setPending(true);
    const result = precheck ?? (await runTrace(run, settings.prompt));
    setPending(false);
    setAsked({ run, result });
  };
  const cards = reply?.ok ? replayCards(measured, reply.replayed.metrics) : null;
  const gap = cards ? largestGap(cards) : null;
  const replayedServer = serverText(replaySettings);
  const replayedLabel = `Replayed (${replayedServer})`;
  const replayed = reply?.ok ? reply.replayed : null;
  useEffect(() => {
    onReplayed?.(replayed ? { label: replayedLabel, server: replayedServer, metrics: replayed.metrics, ttftMs: replayed.ttftMs, tpotMs: replayed.tpotMs } : null);
  }, [replayed, replayedLabel, replayedServer, onReplayed]);
  // This run is gone (removed, or another imported): so is its replay.
  useEffect(() => () => onReplayed?.(null), [onReplayed]);

  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-3 rounded-lg border border-line p-4" data-testid="replay-panel">
      <h3 id={`${id}-h`} className="font-semibold">
        Replay this run on the lab&apos;s server
      </h3>
      <p className="max-w-prose text-sm">
        The replay keeps what the file recorded of each request: when it was sent, and how long its prompt and its answer were. It cannot know how the real server was set up (its
        batch limits, scheduler, KV cache size, cache hits, network), so the gap between the two runs is the lab&apos;s server against the real one, not noise. Once it has run, the
        replay is also a column of the table and a line in each distribution below, beside the measured run.
      </p>
      <p className="max-w-prose text-xs text-muted" data-testid="replay-link-note">
        A link to this page keeps the server the replay runs on (its settings are in the link), not the file: whoever opens it imports the same file and presses Replay to see this
        comparison again. Nothing of the file leaves this tab.
      </p>
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="font-medium">Replay on</legend>
        {sameSettings && (
          <label className="flex items-start gap-2">
            <input type="radio" name={`${id}-target`} checked={target === 'same'} onChange={() => setChoice('same')} className="mt-1" />
            <span>
              The same hardware: {serverText(sameSettings)}{' '}
              <span className="text-muted">
                (model {run.servedModel ? `named in the file: ${run.servedModel}` : 'from the file name'}; {same?.hint.gpu ? 'GPU from the file name' : 'the file names no GPU'})
              </span>
            </span>
          </label>
        )}
        <label className="flex items-start gap-2">
          <input type="radio" name={`${id}-target`} checked={target === 'lab'} onChange={() => setChoice('lab')} className="mt-1" />
          <span>The lab&apos;s server as set: {serverText(settings)}</span>
        </label>
      </fieldset>
      {!traced && (
        <div>
          <button type="button" onClick={() => void start()} disabled={pending} className="rounded border border-accent bg-raised px-3 py-1 text-sm font-medium" data-testid="replay-start">
            {pending ? 'Reading the run’s requests…' : 'Replay this run on the lab’s server'}
          </button>
        </div>
      )}
      {traced && !traced.ok && (
        <p role="alert" className="rounded border-l-4 border-warn-line bg-warn-bg p-2 text-sm" data-testid="replay-refused">
          This run cannot be replayed: {traced.error}.
        </p>
      )}
      {trace && (
        <p className="text-sm text-muted" aria-live="polite">
          {busy
            ? `Replaying ${trace.sendS.length.toLocaleString('en-US')} requests…`
            : `${trace.sendS.length.toLocaleString('en-US')} requests replayed, ${closedLoopText(trace) ?? `each at its own send time over ${trace.sendS[trace.sendS.length - 1].toFixed(1)} s`}.`}
          {trace.notes.map((n) => ` ${n}`).join('')}
        </p>
      )}
      {reply && !reply.ok && (
        <p role="alert" className="rounded border-l-4 border-warn-line bg-warn-bg p-2 text-sm" data-testid="replay-error">
          The replay cannot run on this server: {reply.param}: {reply.message}.
        </p>
      )}
      {cards && (
        <>
          {gap && (
            <p className="text-sm font-medium" data-testid="replay-gap">
              {gap.text}
            </p>
          )}
          <ReplayCards cards={cards} gapKey={gap?.key ?? null} />
        </>
      )}
    </section>
  );
}
