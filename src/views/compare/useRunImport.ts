import { useCallback, useEffect, useRef, useState } from 'react';
import { importSource, type ImportReply, type ImportSource, type ImportWorkerReply, type ImportWorkerRequest } from '../../import/importSource';
import { prepareRun, type PreparedRun } from '../../import/metrics';
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

/**
 * Holds the imported or measured run. Files are parsed in the import worker
 * (created on first use, terminated on unmount), falling back to the main
 * thread when no worker can be made. A newer import supersedes an older one
 * still running; a failed one leaves the run shown before it in place.
 */
export function useRunImport() {
  const [state, setState] = useState<RunState>({ status: 'empty' });
  const worker = useRef<Worker | null | undefined>(undefined);
  const pending = useRef(new Map<number, (r: ImportReply) => void>());
  const nextId = useRef(0);
  const importSeq = useRef(0);

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      worker.current?.terminate();
      worker.current = undefined;
      waiting.clear();
    };
  }, []);

  const run = useCallback((source: ImportSource, options: ImportOptions): Promise<ImportReply> => {
    if (worker.current === undefined) {
      worker.current = createWorker();
      worker.current?.addEventListener('message', (e: MessageEvent<ImportWorkerReply>) => {
        const { id, ...reply } = e.data;
        pending.current.get(id)?.(reply as ImportReply);
        pending.current.delete(id);
      });
      worker.current?.addEventListener('error', (e: ErrorEvent) => {
        for (const resolve of pending.current.values()) resolve({ ok: false, error: `the import worker failed (${e.message || 'unknown error'})` });
        pending.current.clear();
      });
    }
    const w = worker.current;
    if (!w) return importSource(source, options);
    const id = ++nextId.current;
    return new Promise<ImportReply>((resolve) => {
      pending.current.set(id, resolve);
      w.postMessage({ id, source, options } satisfies ImportWorkerRequest);
    });
  }, []);

  /** Imports a dropped or picked file. */
  const importFile = useCallback(
    async (file: File, options: ImportOptions = {}) => {
      const ticket = ++importSeq.current;
      setState((old) => ({ status: 'reading', fileName: file.name, last: shownRun(old) }));
      const reply = await run(file, { ...options, fileName: file.name });
      if (ticket !== importSeq.current) return; // a newer import (or a live run) replaced this one meanwhile
      setState((old) => (reply.ok ? { status: 'ready', run: reply.run, prepared: reply.prepared } : { status: 'error', error: reply.error, fileName: file.name, last: shownRun(old) }));
    },
    [run],
  );

  /** Shows a run measured live (small: prepared on the main thread). */
  const showRun = useCallback((r: ImportedRun) => {
    importSeq.current++;
    setState({ status: 'ready', run: r, prepared: prepareRun(r) });
  }, []);
  const showError = useCallback((error: string) => {
    importSeq.current++;
    setState((old) => ({ status: 'error', error, fileName: null, last: shownRun(old) }));
  }, []);
  const clear = useCallback(() => {
    importSeq.current++;
    setState({ status: 'empty' });
  }, []);

  return { state, importFile, showRun, showError, clear };
}
