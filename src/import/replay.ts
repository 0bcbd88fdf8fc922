/**
 * A measured run as a request trace: each request of an imported vLLM,
 * GenAI-Perf, AIPerf, llmperf or lab run, at the time the tool sent it, with
 * its prompt and output lengths, so the same traffic can be replayed on any
 * server in the lab ("this run, on 2 × H100 with vLLM").
 */
import type { LoadSpec } from '../engine/types';
import type { ImportedRun } from './types';
import type { RequestTrace, TraceResult } from './trace';

/**
 * The trace of `run`'s requests, sorted by send time and rebased to 0.
 * Failed requests are left out (they produced no answer to size a replay
 * by), with a note; a request with no recorded prompt length takes
 * `fallbackPromptTokens`, with a note. An llmperf run records no send times
 * but is a closed loop (`--num-concurrent-requests` clients, each sending its
 * next request when its last answer arrives): with its concurrency known
 * (from its summary, or given) it becomes a closed-loop replay of that many
 * users sending its requests in file order (`closedUsers`); with it unknown,
 * or any other run with no send times, it is refused with the reason.
 */
export function traceFromRun(run: ImportedRun, fallbackPromptTokens: number): TraceResult {
  const done = run.requests.filter((r) => r.error === null && r.outputTokens >= 1);
  const failed = run.requests.length - done.length;
  if (done.length === 0) return { ok: false, error: 'the run has no completed request to replay' };
  const untimed = done.filter((r) => r.sendMs === null || !Number.isFinite(r.sendMs)).length;
  if (untimed === done.length && run.format === 'llmperf') return closedLoopTrace(run, done, failed, fallbackPromptTokens);
  if (untimed > 0) {
    return { ok: false, error: `${untimed === done.length ? 'the file records no send times' : `${untimed} of ${done.length} requests have no recorded send time`}, so the run cannot be replayed at its own times` };
  }
  const rows = done
    .map((r, i) => ({ t: (r.sendMs as number) / 1000, p: r.inputTokens !== null && Number.isInteger(r.inputTokens) && r.inputTokens >= 1 ? r.inputTokens : null, o: Math.round(r.outputTokens), i }))
    .sort((a, b) => a.t - b.t || a.i - b.i);
  const t0 = rows[0].t;
  const notes = replayNotes(failed, rows.filter((r) => r.p === null).length, fallbackPromptTokens);
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

function replayNotes(failed: number, guessed: number, fallbackPromptTokens: number): string[] {
  const notes: string[] = [];
  if (failed > 0) notes.push(`${failed} failed request${failed === 1 ? '' : 's'} left out (no answer to replay).`);
  if (guessed > 0) notes.push(`${guessed} request${guessed === 1 ? ' has' : 's have'} no recorded prompt length; ${guessed === 1 ? 'it takes' : 'they take'} ${fallbackPromptTokens} tokens (--prompt).`);
  return notes;
}

/** An llmperf run as the closed loop it was sent by: its concurrency's users, its completed requests in file order. */
function closedLoopTrace(run: ImportedRun, done: ImportedRun['requests'], failed: number, fallbackPromptTokens: number): TraceResult {
  const users = run.load.concurrency;
  if (users === null || !Number.isInteger(users) || users < 1) {
    return { ok: false, error: 'the file records no send times, and llmperf sends as a closed loop of its concurrency\'s users: give the run\'s concurrency (its *_summary.json with it, the concurrency field, or the CLI\'s --concurrency N) to replay it as that loop' };
  }
  const prompts = done.map((r) => (r.inputTokens !== null && Number.isInteger(r.inputTokens) && r.inputTokens >= 1 ? r.inputTokens : null));
  return {
    ok: true,
    trace: {
      format: 'imported-run',
      sendS: done.map(() => 0),
      promptTokens: prompts.map((p) => p ?? fallbackPromptTokens),
      outputTokens: done.map((r) => Math.round(r.outputTokens)),
      notes: replayNotes(failed, prompts.filter((p) => p === null).length, fallbackPromptTokens),
      closedUsers: users,
    },
  };
}

/** How a trace was replayed, after "replayed": "as a closed loop of 2 users, the way llmperf sends requests", or null for send times. */
export function closedLoopText(trace: RequestTrace): string | null {
  if (trace.closedUsers === undefined) return null;
  return `as a closed loop of ${trace.closedUsers} user${trace.closedUsers === 1 ? '' : 's'}, the way llmperf sends requests (each user sends its next request when its last answer arrives; the file records no send times)`;
}

/**
 * The load that replays `trace`: its send times, or (an llmperf run, `closedUsers`)
 * a closed loop of that many users with no think time, as llmperf sends; each with the recorded lengths.
 */
export function replayLoad(trace: RequestTrace): LoadSpec {
  const lengths = { promptTokens: trace.promptTokens, outputTokens: trace.outputTokens };
  return trace.closedUsers !== undefined ? { kind: 'closed', users: trace.closedUsers, thinkMs: 0, ...lengths } : { kind: 'trace', sendTimesS: trace.sendS, ...lengths };
}
