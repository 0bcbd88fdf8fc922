/// <reference lib="webworker" />
/**
 * Parses benchmark files off the main thread: a 100,000-request file takes
 * hundreds of milliseconds to parse and summarise. The File is read here too,
 * so its text never crosses the thread boundary. A big run (many chunk
 * times) stays here: the page gets its prepared statistics and no requests
 * (copying them blocked the page), and asks here for its CSV/JSON download
 * and for its requests as a trace to replay.
 */
import { runToCsv, runToJson } from '../export/runFiles';
import type { RunMetrics } from '../engine/types';
import { chunkCount, importSources, pageCopy, type ImportWorkerReply, type ImportWorkerRequest } from '../import/importSource';
import { traceFromRun } from '../import/replay';
import type { ImportedRun } from '../import/types';

declare const self: DedicatedWorkerGlobalScope;

/** Runs with more requests plus chunk times than this stay here. */
const KEEP_HERE = 50_000;
/** The last runs imported, by import id (a failed import keeps the run shown before it, so keep a few). */
const kept = new Map<number, ImportedRun>();

self.onmessage = async (event: MessageEvent<ImportWorkerRequest>) => {
  const msg = event.data;
  if (msg.type === 'export') {
    const run = kept.get(msg.runId);
    const text = run ? (msg.kind === 'csv' ? runToCsv(run) : runToJson(run, msg.metrics as RunMetrics | undefined)) : null;
    self.postMessage({ type: 'export', id: msg.id, text } satisfies ImportWorkerReply);
    return;
  }
  if (msg.type === 'trace') {
    const run = kept.get(msg.runId);
    const result = run ? traceFromRun(run, msg.fallbackPromptTokens) : { ok: false as const, error: 'the run\'s requests are no longer in memory; import the file again' };
    self.postMessage({ type: 'trace', id: msg.id, result } satisfies ImportWorkerReply);
    return;
  }
  const reply = await importSources(msg.sources, msg.options);
  // llmperf runs stay whole on the page: it re-estimates their duration from the requests (and they have no chunk times).
  if (!reply.ok || reply.run.format === 'llmperf' || reply.run.requests.length + chunkCount(reply.run) <= KEEP_HERE) {
    self.postMessage({ type: 'import', id: msg.id, ...reply } satisfies ImportWorkerReply);
    return;
  }
  kept.set(msg.id, reply.run);
  while (kept.size > 3) kept.delete(kept.keys().next().value as number);
  self.postMessage({ type: 'import', id: msg.id, ...reply, run: pageCopy(reply.run, msg.id) } satisfies ImportWorkerReply);
};
