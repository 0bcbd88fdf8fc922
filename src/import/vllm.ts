import { z } from 'zod';
import type { ImportedRequest, ImportOptions, ParseResult } from './types';
import { finite, formatZodError, numberArray } from './zodIssues';

/**
 * `vllm bench serve --save-result --save-detailed` result JSON (also the older
 * `benchmarks/benchmark_serving.py`). Fields read, as `vllm/benchmarks/serve.py`
 * writes them (seconds unless noted):
 * - `duration`: benchmark wall time, first dispatch to last completion (throughput denominator);
 * - per request, one entry each: `ttfts`, `itls` (list of inter-chunk gaps), `latencies` (E2E),
 *   `output_lens` (usage `completion_tokens`, or re-tokenised text), `input_lens`,
 *   `start_times` (perf_counter at send), `errors` ("" when it succeeded);
 * - optional: `max_concurrency`, `request_rate` (number or "inf"), `model_id`,
 *   and the tool's own `mean_ttft_ms`, `mean_tpot_ms`, `mean_itl_ms`, `mean_e2el_ms`,
 *   `output_throughput`, `request_throughput` for a cross-check.
 * Failed requests have `errors[i]` set, TTFT 0 and output length 0.
 */
const optionalNumber = finite.nullable().optional();
export const vllmSchema = z.object({
  duration: finite.refine((d) => d > 0, { error: 'expected a positive duration in seconds' }),
  completed: optionalNumber,
  failed: optionalNumber,
  ttfts: numberArray(),
  itls: z.array(numberArray('an array of inter-token gaps in seconds')),
  latencies: numberArray().optional(),
  output_lens: numberArray(),
  input_lens: numberArray().optional(),
  start_times: numberArray().optional(),
  errors: z.array(z.string().nullable()).optional(),
  max_concurrency: optionalNumber,
  request_rate: z.union([finite, z.string()]).nullable().optional(),
  model_id: z.string().nullable().optional(),
  mean_ttft_ms: optionalNumber,
  mean_tpot_ms: optionalNumber,
  mean_itl_ms: optionalNumber,
  mean_e2el_ms: optionalNumber,
  output_throughput: optionalNumber,
  request_throughput: optionalNumber,
});

/** True when `obj` has the per-request lists of a detailed vLLM result. */
export function looksLikeVllm(obj: Record<string, unknown>): boolean {
  return 'ttfts' in obj || 'itls' in obj;
}

/** True for a vLLM result saved without `--save-detailed` (summary only). */
export function looksLikeVllmSummary(obj: Record<string, unknown>): boolean {
  return ('mean_ttft_ms' in obj || 'median_ttft_ms' in obj) && 'duration' in obj;
}

/** Reads a parsed vLLM result object. */
export function parseVllm(obj: unknown, options: ImportOptions = {}): ParseResult {
  const parsed = vllmSchema.safeParse(obj);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const d = parsed.data;
  const n = d.ttfts.length;
  const lists: [string, { length: number } | undefined][] = [
    ['itls', d.itls], ['latencies', d.latencies], ['output_lens', d.output_lens],
    ['input_lens', d.input_lens], ['start_times', d.start_times], ['errors', d.errors],
  ];
  for (const [name, list] of lists) {
    if (list && list.length !== n) return { ok: false, error: `${name}: ${list.length} entries, expected ${n} (one per request, like ttfts)` };
  }
  let minStart = Infinity;
  if (d.start_times) for (const s of d.start_times) minStart = Math.min(minStart, s);
  const requests: ImportedRequest[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const ttftS = d.ttfts[i];
    const itl = d.itls[i];
    const reportedError = d.errors?.[i];
    const failed = reportedError ? reportedError : d.errors === undefined && d.output_lens[i] === 0 && ttftS === 0 ? 'failed (no output recorded)' : null;
    // Chunk arrivals: vLLM times the first chunk at st + ttft and each later one by its gap.
    const chunkMs: number[] = new Array(itl.length + 1);
    let t = ttftS * 1000;
    chunkMs[0] = t;
    for (let k = 0; k < itl.length; k++) {
      t += itl[k] * 1000;
      chunkMs[k + 1] = t;
    }
    requests[i] = {
      id: String(i),
      sendMs: d.start_times ? (d.start_times[i] - minStart) * 1000 : null,
      ttftMs: ttftS * 1000,
      // vLLM's latency is exactly ttft + Σ itl (time of the last token chunk); older files lack it.
      e2eMs: d.latencies ? d.latencies[i] * 1000 : t,
      outputTokens: d.output_lens[i],
      inputTokens: d.input_lens ? d.input_lens[i] : null,
      chunkMs: failed ? null : chunkMs,
      error: failed,
    };
  }
  const rate = typeof d.request_rate === 'string' ? (/^inf/i.test(d.request_rate) ? Infinity : Number(d.request_rate)) : d.request_rate ?? null;
  const notes = [
    'vLLM bench serve defines every metric exactly as the lab does (TTFT to the first chunk with choices, TPOT per request, ITL pooled per chunk, goodput inclusive).',
    'ITL gaps are per streamed chunk: when the server bundles tokens (multi-step scheduling, speculative decoding, stream interval) the gaps are fewer and larger than per-token gaps.',
  ];
  const warnings: string[] = [];
  if (!d.latencies) notes.push('This file has no `latencies`: E2E rebuilt as TTFT + Σ ITL, which is how vLLM measures it.');
  if (!d.start_times) warnings.push('No `start_times` in this file: send times are unknown, so the arrival pattern cannot be drawn.');
  if (d.completed != null) {
    const ok = requests.filter((r) => r.error === null).length;
    if (ok !== d.completed) warnings.push(`The file says ${d.completed} requests completed, but ${ok} have no error.`);
  }
  return {
    ok: true,
    run: {
      format: 'vllm',
      label: options.fileName ?? (d.model_id ? `vLLM bench serve: ${d.model_id}` : 'vLLM bench serve'),
      requests,
      ...(d.model_id ? { servedModel: d.model_id.slice(0, 200) } : {}),
      durationS: d.duration,
      durationNote: 'vLLM `duration`: wall clock from just before the first request is dispatched until every request has finished (includes ramp-up and tail).',
      outputTokensFrom: 'tool',
      load: { concurrency: d.max_concurrency ?? null, ratePerSec: rate === null || Number.isNaN(rate) ? null : rate },
      notes,
      warnings,
      reported: {
        ttftMeanMs: d.mean_ttft_ms ?? undefined,
        tpotMeanMs: d.mean_tpot_ms ?? undefined,
        itlMeanMs: d.mean_itl_ms ?? undefined,
        e2eMeanMs: d.mean_e2el_ms ?? undefined,
        outputTokPerSec: d.output_throughput ?? undefined,
        requestsPerSec: d.request_throughput ?? undefined,
      },
    },
  };
}
