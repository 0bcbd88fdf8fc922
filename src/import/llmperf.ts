import { z } from 'zod';
import type { ImportedRequest, ImportedRun, ImportOptions, ParseResult } from './types';
import { finite, formatZodError } from './zodIssues';

/**
 * llmperf `*_individual_responses.json` (ray-project/llmperf `token_benchmark_ray.py`):
 * a list with one object per request. Fields read: `ttft_s`, `end_to_end_latency_s`,
 * `number_output_tokens` (tokenizer count of the generated text), `number_input_tokens`,
 * `inter_token_latency_s`, `error_code` (null when it succeeded), `error_msg`.
 * There are no send times and no per-chunk times in this file: the run's
 * duration is in the `*_summary.json` written beside it (read with
 * `applyLlmperfSummary`), else estimated as Σ E2E ÷ concurrency.
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

/**
 * llmperf `*_summary.json` (schema tag `version: "2023-08-31"`). Fields read:
 * `num_concurrent_requests`, `results_num_completed_requests`,
 * `results_num_completed_requests_per_min` (completed ÷ (end − start) × 60:
 * the test's wall time), `results_mean_output_throughput_token_per_s`
 * (output tokens of completed requests ÷ wall time), `results_ttft_s_mean`,
 * `results_end_to_end_latency_s_mean`, `name`, `model`.
 */
const numberish = z.union([finite, z.string().regex(/^\s*-?\d+(\.\d+)?\s*$/).transform(Number)]);
export const llmperfSummarySchema = z.looseObject({
  name: z.string().optional(),
  model: z.string().optional(),
  num_concurrent_requests: numberish,
  results_num_completed_requests: numberish,
  results_num_completed_requests_per_min: numberish,
  results_mean_output_throughput_token_per_s: numberish.optional(),
  results_ttft_s_mean: numberish.nullable().optional(),
  results_end_to_end_latency_s_mean: numberish.nullable().optional(),
});
export type LlmperfSummary = z.infer<typeof llmperfSummarySchema>;

/** True when the first item of a JSON array looks like an llmperf individual response. */
export function looksLikeLlmperf(arr: unknown[]): boolean {
  const first = arr[0];
  return typeof first === 'object' && first !== null && ('ttft_s' in first || 'end_to_end_latency_s' in first);
}

/** True for llmperf's `*_summary.json` (aggregates only). */
export function looksLikeLlmperfSummary(obj: Record<string, unknown>): boolean {
  return Object.keys(obj).some((k) => k.startsWith('results_')) || ('num_concurrent_requests' in obj && 'mean_input_tokens' in obj);
}

const NO_ITL = 'No per-chunk times in llmperf files: ITL cannot be computed (shown as no data).';

/** Σ E2E of completed requests, s. */
function sumE2eS(requests: readonly ImportedRequest[]): number {
  let s = 0;
  for (const r of requests) if (r.error === null) s += r.e2eMs / 1000;
  return s;
}

/**
 * The llmperf run with its duration estimated as Σ E2E ÷ `concurrency`, and
 * the warning saying so. `chosen` is true when a person (or `--concurrency`)
 * gave the concurrency, false for the default of 1.
 */
export function withAssumedConcurrency(run: ImportedRun, concurrency: number, chosen = true): ImportedRun {
  const c = concurrency >= 1 ? concurrency : 1;
  const warning = chosen
    ? `Duration is estimated as Σ E2E ÷ ${c} (the concurrency given): throughput and goodput are approximate. Import the run's *_summary.json with it for llmperf's own duration.`
    : 'Duration is estimated as Σ E2E ÷ 1 (one request at a time assumed): throughput and goodput are approximate. Set the run\'s concurrency, or import its *_summary.json with it for llmperf\'s own duration.';
  return {
    ...run,
    durationS: sumE2eS(run.requests) / c,
    durationEstimated: true,
    durationNote: `Estimated: llmperf's per-request file has no send times, so duration ≈ Σ E2E ÷ concurrency (${c}). llmperf itself divides by the test's wall time, which is in its summary file.`,
    load: { concurrency: chosen ? c : null, ratePerSec: null },
    warnings: [NO_ITL, warning],
  };
}

/** Reads a parsed llmperf individual-responses list (duration estimated until a summary is applied). */
export function parseLlmperf(arr: unknown, options: ImportOptions = {}): ParseResult {
  const parsed = llmperfSchema.safeParse(arr);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const requests: ImportedRequest[] = parsed.data.map((r, i) => {
    const failed = r.error_code !== null && r.error_code !== undefined;
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
  const run: ImportedRun = {
    format: 'llmperf',
    label: options.fileName ?? 'llmperf individual responses',
    requests,
    durationS: 0,
    durationNote: '',
    outputTokensFrom: 'tool',
    load: { concurrency: null, ratePerSec: null },
    notes: [
      'llmperf\'s inter_token_latency_s is Σ(all gaps including TTFT) ÷ output tokens ≈ E2E ÷ output tokens; the lab\'s TPOT excludes the first token: (E2E − TTFT) ÷ (output − 1).',
      'llmperf\'s E2E runs until the stream closes, slightly after the last content chunk that vLLM and the lab use.',
      'llmperf\'s request_output_throughput_token_per_s is output tokens ÷ E2E (TTFT included).',
    ],
    warnings: [],
    reported: null,
  };
  const c = options.assumedConcurrency;
  return { ok: true, run: withAssumedConcurrency(run, c ?? 1, c !== undefined) };
}

/**
 * The llmperf run with the figures of its `*_summary.json`: the test's wall
 * time as duration (completed ÷ completed-per-minute), its concurrency, and
 * the tool's own means for the cross-check. Refused when the two files do not
 * belong together (different completed counts).
 */
export function applyLlmperfSummary(run: ImportedRun, summaryValue: unknown, summaryName = 'the summary'): ParseResult {
  const parsed = llmperfSummarySchema.safeParse(summaryValue);
  if (!parsed.success) return { ok: false, error: `${summaryName}: ${formatZodError(parsed.error)}` };
  const s = parsed.data;
  const completed = run.requests.filter((r) => r.error === null).length;
  if (s.results_num_completed_requests !== completed) {
    return { ok: false, error: `${summaryName} says ${s.results_num_completed_requests} requests completed, but the responses file has ${completed} without error: are they from the same run?` };
  }
  const perMin = s.results_num_completed_requests_per_min;
  if (!(perMin > 0)) return { ok: false, error: `${summaryName}: results_num_completed_requests_per_min is ${perMin}, so the run's duration cannot be known` };
  const durationS = (completed / perMin) * 60;
  return {
    ok: true,
    run: {
      ...run,
      label: s.name ? (/^llmperf/i.test(s.name) ? s.name.replace(/_summary$/, '') : `llmperf ${s.name.replace(/_summary$/, '')}`) : run.label,
      durationS,
      durationEstimated: false,
      durationNote: 'llmperf\'s wall time of the test (from its summary: completed requests ÷ completed per minute), the denominator of its own throughput.',
      load: { concurrency: s.num_concurrent_requests, ratePerSec: null },
      notes: [...run.notes, `Duration and concurrency from ${summaryName}.`],
      warnings: [NO_ITL],
      reported: {
        ttftMeanMs: s.results_ttft_s_mean != null ? s.results_ttft_s_mean * 1000 : undefined,
        e2eMeanMs: s.results_end_to_end_latency_s_mean != null ? s.results_end_to_end_latency_s_mean * 1000 : undefined,
        outputTokPerSec: s.results_mean_output_throughput_token_per_s,
        requestsPerSec: perMin / 60,
      },
    },
  };
}
