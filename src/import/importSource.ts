import { prepareRun, type PreparedRun } from './metrics';
import { parseRunText } from './parse';
import type { ImportedRun, ImportOptions } from './types';

/** What is imported: file contents as text, or a Blob/File read where the import runs. */
export type ImportSource = string | Blob;

/** A finished import: the run and its SLO-independent metrics, or why there is none. */
export type ImportReply = { ok: true; run: ImportedRun; prepared: PreparedRun } | { ok: false; error: string };

/** Worker protocol: one request, one reply with the same id. */
export interface ImportWorkerRequest {
  id: number;
  source: ImportSource;
  options: ImportOptions;
}
export type ImportWorkerReply = ImportReply & { id: number };

/**
 * Reads, parses and prepares one benchmark file. Runs in the import worker
 * (src/workers/import.worker.ts), or on the main thread where workers are
 * missing. Never throws.
 */
export async function importSource(source: ImportSource, options: ImportOptions = {}): Promise<ImportReply> {
  try {
    const text = typeof source === 'string' ? source : await source.text();
    const parsed = parseRunText(text, options);
    if (!parsed.ok) return parsed;
    return { ok: true, run: parsed.run, prepared: prepareRun(parsed.run) };
  } catch (e) {
    return { ok: false, error: `could not read the file (${e instanceof Error ? e.message : String(e)})` };
  }
}
