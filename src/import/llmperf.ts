import { z } from 'zod';
import type { ImportedRequest, ImportOptions, ParseResult } from './types';
import { finite, formatZodError } from './zodIssues';

/**
 * llmperf `*_individual_responses.json` (ray-project/llmperf `token_benchmark_ray.py`):
 * a list with one object per request. Fields read: `ttft_s`, `end_to_end_latency_s`,
 * `number_output_tokens` (tokenizer count of the generated text), `number_input_tokens`,
 * `inter_token_latency_s`, `error_code` (null when it succeeded), `error_msg`.
 * There are no send times and no per-chunk times in this file.
 */
export const llmperfSchema = z
  .array(
    z.looseObject({
      error_code: z.union([finite, z.string()]).nullable().optional(),
      error_msg: z.string().nullable().optional(),
      ttft_s: finite,
      end_to_end_latency_s: finite,
      inter_token_latency_s: finite.optional(),
      number_output_tokens: finite,
      number_input_tokens: finite.nullable().optional(),
    }),
  )
  .min(1, { error: 'expected at least one request' });

/** True when the first item of a JSON array looks like an llmperf individual response. */
export function looksLikeLlmperf(arr: unknown[]): boolean {
  const first = arr[0];
  return typeof first === 'object' && first !== null && ('ttft_s' in first || 'end_to_end_latency_s' in first);
}

/** True for llmperf's `*_summary.json` (aggregates only). */
export function looksLikeLlmperfSummary(obj: Record<string, unknown>): boolean {
  return Object.keys(obj).some((k) => k.startsWith('results_')) || ('num_concurrent_requests' in obj && 'mean_input_tokens' in obj);
}

/** Reads a parsed llmperf individual-responses list. */
export function parseLlmperf(arr: unknown, options: ImportOptions = {}): ParseResult {
  const parsed = llmperfSchema.safeParse(arr);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const concurrency = options.assumedConcurrency && options.assumedConcurrency >= 1 ? options.assumedConcurrency : 1;
  let sumE2eS = 0;
  const requests: ImportedRequest[] = parsed.data.map((r, i) => {
    const failed = r.error_code !== null && r.error_code !== undefined;
    if (!failed) sumE2eS += r.end_to_end_latency_s;
    return {
      id: String(i),
      sendMs: null,
      ttftMs: r.ttft_s * 1000,
      e2eMs: r.end_to_end_latency_s * 1000,
      outputTokens: r.number_output_tokens,
      inputTokens: r.number_input_tokens ?? null,
      chunkMs: null,
      error: failed ? `${r.error_code}${r.error_msg ? `: ${r.error_msg}` : ''}` : null,
    };
  });
  return {
    ok: true,
    run: {
      format: 'llmperf',
      label: options.fileName ?? 'llmperf individual responses',
      requests,
      durationS: sumE2eS / concurrency,
      durationNote: `Estimated: llmperf's per-request file has no send times, so duration ≈ Σ E2E ÷ concurrency (${concurrency}). llmperf itself divides by the test's wall time, which is only in its summary file.`,
      outputTokensFrom: 'tool',
      load: { concurrency: options.assumedConcurrency ?? null, ratePerSec: null },
      notes: [
        'llmperf\'s inter_token_latency_s is Σ(all gaps including TTFT) ÷ output tokens ≈ E2E ÷ output tokens; the lab\'s TPOT excludes the first token: (E2E − TTFT) ÷ (output − 1).',
        'llmperf\'s E2E runs until the stream closes, slightly after the last content chunk that vLLM and the lab use.',
        'llmperf\'s request_output_throughput_token_per_s is output tokens ÷ E2E (TTFT included).',
      ],
      warnings: [
        'No per-chunk times in llmperf files: ITL cannot be computed (shown as no data).',
        `Duration is estimated (Σ E2E ÷ ${concurrency}): throughput and goodput are approximate. Set the run's concurrency for a better estimate.`,
      ],
      reported: null,
    },
  };
}
