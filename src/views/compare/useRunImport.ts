import { useCallback, useEffect, useRef, useState } from 'react';
import { runToCsv, runToJson } from '../../export/runFiles';
import type { RunMetrics } from '../../engine/types';
import { importSources, type ImportReply, type ImportWorkerReply, type ImportWorkerRequest, type NamedSource } from '../../import/importSource';
import { applyLlmperfSummary } from '../../import/llmperf';
import { prepareRun, type PreparedRun } from '../../import/metrics';
import { checkPlausible } from '../../import/plausible';
import { traceFromRun } from '../../import/replay';
import type { TraceResult } from '../../import/trace';
import type { ImportedRun, ImportOptions } from '../../import/types';

/** A run that was read, with its statistics prepared. */
export interface LoadedRun {
  run: ImportedRun;
  prepared: PreparedRun;
}

/**
 * The run shown next to the simulation, and where it stands. While a newer
 * file is read, or after one fails, `last` keeps the run shown before it.
 */
export type RunState =
  | { status: 'empty' }
  | { status: 'reading'; fileName: string; last: LoadedRun | null }
  | ({ status: 'ready' } & LoadedRun)
  | { status: 'error'; error: string; fileName: string | null; last: LoadedRun | null };

/** The run to show in a state: the ready one, else the one kept from before. */
export function shownRun(state: RunState): LoadedRun | null {
  if (state.status === 'ready') return { run: state.run, prepared: state.prepared };
  if (state.status === 'empty') return null;
  return state.last;
}

/** Creates the import worker, or null where workers are unavailable (tests, old browsers). */
function createWorker(): Worker | null {
  try {
    if (typeof Worker === 'undefined') return null;
    return new Worker(new URL('../../workers/import.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** Largest llmperf summary read on the page to complete the run already shown (they are a few KB). */
const MAX_SUMMARY_BYTES = 1 << 20;

/**
 * Holds the imported or measured run. Files are parsed in the import worker
 * (created on first use, terminated on unmount), falling back to the main
 * thread when no worker can be made. A newer import supersedes an older one
 * still running; a failed one leaves the run shown before it in place; a
 * running one can be cancelled. Several files at once are one run (an
 * llmperf responses file with its summary); an llmperf summary dropped after
 * its responses file completes the run shown.
 */
export function useRunImport() {
  const [state, setState] = useState<RunState>({ status: 'empty' });
  const stateRef = useRef(state);
  stateRef.current = state;
  // One worker per import: the one of the shown run stays (it may hold the run's chunk times), the one reading is
  // replaced by the next import or cancelled without touching it.
  const shownWorker = useRef<Port | null>(null);
  const readingWorker = useRef<Port | null>(null);
  const importSeq = useRef(0);

  useEffect(() => () => {
    shownWorker.current?.terminate();
    readingWorker.current?.terminate();
    shownWorker.current = null;
    readingWorker.current = null;
  }, []);

  /** Makes `p` the worker of the shown run (or none), ending the one before. */
  const keepShown = useCallback((p: Port | null) => {
    if (shownWorker.current && shownWorker.current !== p) shownWorker.current.terminate();
    shownWorker.current = p;
  }, []);

  /** Imports dropped or picked files (one run: a file, or an llmperf pair). */
  const importFiles = useCallback(
    async (files: readonly File[], options: ImportOptions = {}) => {
      if (files.length === 0) return;
      const ticket = ++importSeq.current;
      const names = files.map((f) => f.name).join(' + ');
      const before = shownRun(stateRef.current);
      // An llmperf summary on its own completes the llmperf run already shown (read here: it is tiny).
      if (files.length === 1 && before?.run.format === 'llmperf' && before.run.durationEstimated && files[0].size <= MAX_SUMMARY_BYTES && /summary/i.test(files[0].name)) {
        const completed = await completeWithSummary(before, files[0]);
        if (ticket !== importSeq.current) return;
        if (completed) {
          setState({ status: 'ready', ...completed });
          return;
        }
      }
      setState((old) => ({ status: 'reading', fileName: names, last: shownRun(old) }));
      readingWorker.current?.terminate();
      const port = openPort();
      readingWorker.current = port;
      const sources: NamedSource[] = files.map((f) => ({ name: f.name, source: f }));
      const reply: ImportReply = port ? ((await port.ask({ type: 'import', sources, options })) as ImportReply) : await importSources(sources, options);
      if (ticket !== importSeq.current) return; // a newer import (or a live run) replaced this one meanwhile
      if (readingWorker.current === port) readingWorker.current = null;
      if (reply.ok) keepShown(port);
      else port?.terminate();
      setState((old) => (reply.ok ? { status: 'ready', run: reply.run, prepared: reply.prepared } : { status: 'error', error: reply.error, fileName: names, last: shownRun(old) }));
    },
    [keepShown],
  );

  /** Stops the import being read (its worker is ended); the run shown before stays, downloads and all. */
  const cancel = useCallback(() => {
    const s = stateRef.current;
    if (s.status !== 'reading') return;
    importSeq.current++;
    readingWorker.current?.terminate();
    readingWorker.current = null;
    setState({ status: 'error', error: 'cancelled while reading', fileName: s.fileName, last: s.last });
  }, []);

  /**
   * The shown run as the lab's CSV or JSON: written in its import worker when
   * that worker kept its chunk times, else here.
   */
  const exportRun = useCallback(async (run: ImportedRun, kind: 'csv' | 'json', metrics: RunMetrics | null): Promise<string> => {
    if (run.keptInWorker !== undefined) {
      const reply = shownWorker.current ? await shownWorker.current.ask({ type: 'export', runId: run.keptInWorker, kind, metrics: metrics ?? undefined }) : null;
      if (reply?.type === 'export' && reply.text !== null) return reply.text;
      throw new Error('the run\'s requests are no longer in memory; import the file again');
    }
    return kind === 'csv' ? runToCsv(run) : runToJson(run, metrics ?? undefined);
  }, []);

  /**
   * The shown run's own requests as a trace to replay: read here when the page
   * holds them, else in the import worker that kept them.
   */
  const runTrace = useCallback(async (run: ImportedRun, fallbackPromptTokens: number): Promise<TraceResult> => {
    if (run.keptInWorker === undefined) return traceFromRun(run, fallbackPromptTokens);
    const reply = shownWorker.current ? await shownWorker.current.ask({ type: 'trace', runId: run.keptInWorker, fallbackPromptTokens }) : null;
    return reply?.type === 'trace' ? reply.result : { ok: false, error: 'the run\'s requests are no longer in memory; import the file again' };
  }, []);

  /** Shows a run measured live (small: prepared on the main thread). */
  const showRun = useCallback((r: ImportedRun) => {
    importSeq.current++;
    keepShown(null);
    setState({ status: 'ready', run: r, prepared: prepareRun(r) });
  }, [keepShown]);
  const showError = useCallback((error: string) => {
    importSeq.current++;
    setState((old) => ({ status: 'error', error, fileName: null, last: shownRun(old) }));
  }, []);
  const clear = useCallback(() => {
    importSeq.current++;
    keepShown(null);
    setState({ status: 'empty' });
  }, [keepShown]);

  return { state, importFiles, cancel, exportRun, runTrace, showRun, showError, clear };
}

/** An import worker with request/reply by id. */
interface Port {
  ask(msg: DistributiveOmit<ImportWorkerRequest, 'id'>): Promise<ImportWorkerReply>;
  terminate(): void;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A new import worker, or null where none can be made (then the page imports itself). */
function openPort(): Port | null {
  const w = createWorker();
  if (!w) return null;
  const pending = new Map<number, (r: ImportWorkerReply) => void>();
  let nextId = 0;
  w.addEventListener('message', (e: MessageEvent<ImportWorkerReply>) => {
    pending.get(e.data.id)?.(e.data);
    pending.delete(e.data.id);
  });
  w.addEventListener('error', (e: ErrorEvent) => {
    for (const [id, resolve] of pending) resolve({ type: 'import', id, ok: false, error: `the import worker failed (${e.message || 'unknown error'})`, files: [] });
    pending.clear();
  });
  return {
    ask: (msg) =>
      new Promise<ImportWorkerReply>((resolve) => {
        const id = ++nextId;
        pending.set(id, resolve);
        w.postMessage({ ...msg, id } as ImportWorkerRequest);
      }),
    terminate: () => {
      w.terminate();
      for (const [id, resolve] of pending) resolve({ type: 'import', id, ok: false, error: 'cancelled', files: [] });
      pending.clear();
    },
  };
}

/** The llmperf run shown, completed by its summary file, or null when the file is not its summary. */
async function completeWithSummary(loaded: LoadedRun, file: File): Promise<LoadedRun | null> {
  try {
    const value = JSON.parse(await file.text()) as unknown;
    const applied = applyLlmperfSummary(loaded.run, value, file.name);
    if (!applied.ok) return null;
    const checked = checkPlausible(applied.run);
    if (!checked.ok) return null;
    return { run: checked.run, prepared: prepareRun(checked.run) };
  } catch {
    return null;
  }
}
