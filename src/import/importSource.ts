import { prepareRun, type PreparedRun } from './metrics';
import { parseRunFiles } from './parse';
import { readSourceText } from './textRules';
import type { TraceResult } from './trace';
import type { ImportedRun, ImportOptions } from './types';

/** What is imported: file contents as text, or a Blob/File read where the import runs. */
export type ImportSource = string | Blob;

/** One file to import, with its name (detection hint, label, llmperf pairing). */
export interface NamedSource {
  name: string;
  source: ImportSource;
}

/** A finished import: the run and its SLO-independent metrics, or why there is none. */
export type ImportReply = { ok: true; run: ImportedRun; prepared: PreparedRun; files: string[] } | { ok: false; error: string; files: string[] };

/** Worker protocol: one request, one reply with the same id. */
export type ImportWorkerRequest =
  | { type: 'import'; id: number; sources: NamedSource[]; options: ImportOptions }
  /** The run of import `runId` as the lab's CSV or JSON text (the worker keeps its chunk times). */
  | { type: 'export'; id: number; runId: number; kind: 'csv' | 'json'; metrics?: unknown }
  /** The run of import `runId` as a trace of its own requests (`traceFromRun`), to replay on the lab's server. */
  | { type: 'trace'; id: number; runId: number; fallbackPromptTokens: number };
export type ImportWorkerReply =
  | (ImportReply & { type: 'import'; id: number })
  | { type: 'export'; id: number; text: string | null }
  | { type: 'trace'; id: number; result: TraceResult };

/**
 * Reads, parses and prepares benchmark files: one run (a file, or an llmperf
 * responses file with its summary). Several runs at once are refused, naming
 * them. Runs in the import worker (src/workers/import.worker.ts), or on the
 * main thread where workers are missing. Never throws.
 */
export async function importSources(sources: readonly NamedSource[], options: ImportOptions = {}): Promise<ImportReply> {
  const files = sources.map((s) => s.name);
  try {
    const read = await Promise.all(sources.map(async (s) => ({ name: s.name, read: await readSourceText(s.source, 'file') })));
    const refused = read.find((r) => !r.read.ok);
    if (refused && !refused.read.ok) return { ok: false, error: refused.read.error, files };
    const texts = read.map((r) => ({ name: r.name, text: r.read.ok ? r.read.text : '' }));
    const groups = parseRunFiles(texts, options);
    if (groups.length === 0) return { ok: false, error: 'no file was given', files };
    if (groups.length > 1) {
      return { ok: false, error: `these ${files.length} files are ${groups.length} separate runs (${groups.map((g) => g.files.join(' + ')).join('; ')}): import one at a time (an llmperf responses file may come with its *_summary.json)`, files };
    }
    const [g] = groups;
    if (!g.result.ok) return { ok: false, error: g.result.error, files: g.files };
    return { ok: true, run: g.result.run, prepared: prepareRun(g.result.run), files: g.files };
  } catch (e) {
    return { ok: false, error: `could not read the file (${e instanceof Error ? e.message : String(e)})`, files };
  }
}

/** One file: `importSources` with a single source. */
export function importSource(source: ImportSource, options: ImportOptions = {}): Promise<ImportReply> {
  return importSources([{ name: options.fileName ?? (typeof source !== 'string' && 'name' in source ? String((source as File).name) : 'file'), source }], options);
}

/** Chunk times in a run, summed: how heavy it is to copy between threads. */
export function chunkCount(run: ImportedRun): number {
  let n = 0;
  for (const r of run.requests) if (r.chunkMs) n += r.chunkMs.length;
  return n;
}

/**
 * The page's copy of a big run kept in the import worker (`keptInWorker`):
 * no requests. The page needs them only for the statistics (prepared in the
 * worker) and the downloads (written in the worker); copying a 100,000-request
 * run with its chunk times to the page blocked it for over a second.
 */
export function pageCopy(run: ImportedRun, keptInWorker: number): ImportedRun {
  return { ...run, requests: [], keptInWorker };
}
