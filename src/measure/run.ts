import type { ImportedRequest, ImportedRun, TokenCountSource } from '../import/types';
import { failureReasons } from '../import/failures';
import { validateMeasureOptions, type MeasureOptions } from './options';
import { measureRequest, type MeasureIo } from './request';

/** Progress of a live measurement. */
export interface MeasureProgress {
  phase: 'warmup' | 'measuring' | 'done';
  /** Measured requests finished (completed or failed). */
  finished: number;
  failed: number;
  total: number;
}

/** Outcome of a live measurement: a run shaped like an imported one, or why there is none. */
export type MeasureOutcome = { ok: true; run: ImportedRun } | { ok: false; error: string };

/** Hooks of `measureEndpoint`. */
export interface MeasureHooks {
  signal?: AbortSignal;
  onProgress?: (p: MeasureProgress) => void;
  /** Clock in ms (tests may pass a virtual one); default `performance.now`. */
  now?: () => number;
  /** Transport (tests may pass a fake); default the global `fetch`. */
  fetch?: MeasureIo['fetch'];
}

/**
 * Measures a live OpenAI-compatible streaming endpoint: one warm-up request
 * (discarded), then `requests` requests with `concurrency` in flight (closed
 * loop, no think time), each timed at the client. Returns an `ImportedRun`
 * (format `live`) so it displays and exports like an imported run.
 * Duration is vLLM's: wall clock from the first measured send to the last
 * completion. Stops early, with a clear message, when the endpoint is unusable
 * (connection refused, DNS, HTTP 401/403/404). Never throws.
 */
export async function measureEndpoint(options: MeasureOptions, hooks: MeasureHooks = {}): Promise<MeasureOutcome> {
  const valid = validateMeasureOptions(options);
  if (!valid.ok) return valid;
  const o = valid.options;
  const now = hooks.now ?? (() => performance.now());
  const io: MeasureIo = { now, fetch: hooks.fetch };
  const progress = (phase: MeasureProgress['phase'], finished: number, failed: number) => hooks.onProgress?.({ phase, finished, failed, total: o.requests });

  if (o.warmup) {
    progress('warmup', 0, 0);
    const w = await measureRequest(o, -1, hooks.signal, io);
    if (hooks.signal?.aborted) return { ok: false, error: 'stopped during the warm-up request' };
    if (w.fatal) return { ok: false, error: w.request.error ?? 'the warm-up request failed' };
    // A server that lets the warm-up time out would let every request time out: stop rather than wait requests × timeout.
    if (w.timedOut) return { ok: false, error: `the warm-up request ${w.request.error ?? 'timed out'}: the server accepted the request but did not finish answering, so nothing was measured (raise the timeout for a slow server)` };
  }

  const results: { m: Awaited<ReturnType<typeof measureRequest>>; sendMs: number }[] = new Array(o.requests);
  let next = 0;
  let finished = 0;
  let failed = 0;
  let fatal: string | null = null;
  const startMs = now();
  progress('measuring', 0, 0);
  const worker = async () => {
    while (next < o.requests && fatal === null && !hooks.signal?.aborted) {
      const i = next++;
      const sendMs = now() - startMs;
      const m = await measureRequest(o, i, hooks.signal, io);
      if (m.fatal) fatal = m.request.error;
      results[i] = { m, sendMs };
      finished++;
      if (m.request.error !== null) failed++;
      progress('measuring', finished, failed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, o.requests) }, worker));
  const durationS = (now() - startMs) / 1000;
  progress('done', finished, failed);

  const done = results.filter((r) => r !== undefined);
  if (fatal !== null && done.every((r) => r.m.request.error !== null)) return { ok: false, error: fatal };
  if (done.length === 0) return { ok: false, error: 'stopped before any request finished' };
  const requests: ImportedRequest[] = done.map((r) => ({ ...r.m.request, sendMs: r.sendMs }));
  const ok = done.filter((r) => r.m.request.error === null);
  // A run with nothing completed is no run to show: the reasons are the result.
  if (ok.length === 0) return { ok: false, error: `${done.length === 1 ? 'the request' : `all ${done.length} requests`} failed: ${failureReasons(requests).join('; ')}` };
  const withUsage = ok.filter((r) => r.m.usageReported).length;
  const tokensFrom: TokenCountSource = withUsage === ok.length ? 'usage' : withUsage === 0 ? 'chunks' : 'mixed';
  const warnings: string[] = [];
  const noUsage = ok.filter((r) => !r.m.usageReported && r.m.usageProblem === null).length;
  if (noUsage > 0) {
    warnings.push(`The server reported no usage for ${noUsage} of ${ok.length} requests: their output tokens are counted as chunks, which undercounts when a chunk carries several tokens (TPOT too high, throughput too low).`);
  }
  if (hooks.signal?.aborted) warnings.push(`Stopped after ${done.length} of ${o.requests} requests.`);
  if (fatal !== null) warnings.push(`Stopped early: ${fatal}`);
  const usageProblems = ok.map((r) => r.m.usageProblem).filter((p): p is string => p !== null);
  if (usageProblems.length > 0) {
    warnings.push(`The server's usage count of ${usageProblems.length} of ${ok.length} requests cannot be true (${[...new Set(usageProblems)].slice(0, 2).join('; ')}): their output tokens are counted as chunks with text instead.`);
  }
  if (failed > 0) warnings.push(`${failed} of ${done.length} requests failed; they count in no latency statistic. ${failureReasons(requests).join('; ')}.`);
  return {
    ok: true,
    run: {
      format: 'live',
      label: `${o.model} at ${new URL(o.baseUrl).host}`,
      requests,
      durationS,
      durationNote: 'Wall clock from the first measured send to the last completion (vLLM\'s definition); the warm-up request is excluded.',
      outputTokensFrom: tokensFrom,
      load: { concurrency: o.concurrency, ratePerSec: null },
      notes: [
        `Measured by the lab at the client (network included): ${o.endpoint === 'chat' ? '/v1/chat/completions' : '/v1/completions'}, prompt ≈ ${o.promptTokens} tokens (synthetic words), max_tokens ${o.outputTokens}${o.ignoreEos ? ', ignore_eos' : ''}, concurrency ${o.concurrency}.`,
        'TTFT is timed at the first chunk carrying generated text (not the first event, not a role-only chunk); ITL is every gap between content chunks.',
        ...(o.warmup ? ['One warm-up request was sent first and discarded.'] : []),
      ],
      warnings,
      reported: null,
    },
  };
}
