/**
 * A measured run as a request trace: each request of an imported vLLM,
 * GenAI-Perf, AIPerf, llmperf or lab run, at the time the tool sent it, with
 * its prompt and output lengths, so the same traffic can be replayed on any
 * server in the lab ("this run, on 2 × H100 with vLLM").
 */
import type { ImportedRun } from './types';
import type { TraceResult } from './trace';

/**
 * The trace of `run`'s requests, sorted by send time and rebased to 0.
 * Failed requests are left out (they produced no answer to size a replay
 * by), with a note; a request with no recorded prompt length takes
 * `fallbackPromptTokens`, with a note. A run whose tool records no send
 * times (llmperf) cannot be replayed at its own times, and says so.
 */
export function traceFromRun(run: ImportedRun, fallbackPromptTokens: number): TraceResult {
  const done = run.requests.filter((r) => r.error === null && r.outputTokens >= 1);
  const failed = run.requests.length - done.length;
  if (done.length === 0) return { ok: false, error: 'the run has no completed request to replay' };
  const untimed = done.filter((r) => r.sendMs === null || !Number.isFinite(r.sendMs)).length;
  if (untimed > 0) {
    return { ok: false, error: `${untimed === done.length ? 'the file records no send times' : `${untimed} of ${done.length} requests have no recorded send time`}, so the run cannot be replayed at its own times` };
  }
  const rows = done
    .map((r, i) => ({ t: (r.sendMs as number) / 1000, p: r.inputTokens !== null && Number.isInteger(r.inputTokens) && r.inputTokens >= 1 ? r.inputTokens : null, o: Math.round(r.outputTokens), i }))
    .sort((a, b) => a.t - b.t || a.i - b.i);
  const t0 = rows[0].t;
  const notes: string[] = [];
  if (failed > 0) notes.push(`${failed} failed request${failed === 1 ? '' : 's'} left out (no answer to replay).`);
  const guessed = rows.filter((r) => r.p === null).length;
  if (guessed > 0) notes.push(`${guessed} request${guessed === 1 ? ' has' : 's have'} no recorded prompt length; ${guessed === 1 ? 'it takes' : 'they take'} ${fallbackPromptTokens} tokens (--prompt).`);
  return {
    ok: true,
    trace: {
      format: 'imported-run',
      sendS: rows.map((r) => r.t - t0),
      promptTokens: rows.map((r) => r.p ?? fallbackPromptTokens),
      outputTokens: rows.map((r) => r.o),
      notes,
    },
  };
}
