import { looksLikeAiperfRecord } from './aiperf';
import { looksLikeLabCsv } from './labCsv';
import { looksLikeLabJson } from './labJson';
import { looksLikeLlmperf, looksLikeLlmperfSummary } from './llmperf';
import { separatorProblem } from './separators';
import type { ImportFormat } from './types';
import { looksLikeVllm, looksLikeVllmSummary } from './vllm';

/** What a text is: a format to parse (as JSON or as lines), or a known-wrong file with the reason. */
export type Detection =
  | { kind: 'json'; format: Exclude<ImportFormat, 'aiperf' | 'lab-csv' | 'live'> }
  | { kind: 'lines'; format: 'aiperf' | 'lab-csv' }
  | { kind: 'llmperf-summary' }
  | { kind: 'foreign'; message: string };

/** Why an llmperf summary alone cannot be imported, and what to do. */
export const LLMPERF_SUMMARY_ALONE = 'this looks like a llmperf summary file (*_summary.json), not per-request results: import the matching *_individual_responses.json instead, or both files together (the summary then gives the run\'s real duration and concurrency).';

/** Detects the format of an already-parsed JSON document. */
export function detectJson(value: unknown): Detection {
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'foreign', message: 'the file is an empty JSON list: no requests to import' };
    if (looksLikeLlmperf(value)) return { kind: 'json', format: 'llmperf' };
    if (Array.isArray(value[0])) return { kind: 'foreign', message: 'a JSON list of lists: not a known per-request format (llmperf individual responses are a list of objects with ttft_s, end_to_end_latency_s, number_output_tokens)' };
    return { kind: 'foreign', message: `a JSON list whose items have keys ${keysOf(value[0])}: not a known per-request format (llmperf individual responses have ttft_s, end_to_end_latency_s, number_output_tokens)` };
  }
  if (value === null || typeof value !== 'object') return { kind: 'foreign', message: describeScalar(value) };
  const obj = value as Record<string, unknown>;
  if (looksLikeLabJson(obj)) return { kind: 'json', format: 'lab-json' };
  if (Array.isArray(obj.experiments)) return { kind: 'json', format: 'genai-perf' };
  if (looksLikeVllm(obj)) return { kind: 'json', format: 'vllm' };
  if (looksLikeVllmSummary(obj)) {
    return { kind: 'foreign', message: 'this is a vLLM result saved without --save-detailed: it has only summary statistics (mean_ttft_ms, …), no per-request ttfts/itls. Rerun vllm bench serve with --save-result --save-detailed.' };
  }
  if (looksLikeLlmperfSummary(obj)) return { kind: 'llmperf-summary' };
  if (looksLikeAiperfRecord(obj)) return { kind: 'lines', format: 'aiperf' };
  if (isAggregateStats(obj)) {
    return { kind: 'foreign', message: 'this looks like an aggregate statistics export (AIPerf profile_export_aiperf.json or GenAI-Perf profile_export_genai_perf.json), not per-request data: import AIPerf\'s profile_export.jsonl or GenAI-Perf\'s profile_export.json instead.' };
  }
  return { kind: 'foreign', message: `unrecognised JSON with top-level keys ${keysOf(obj)}: expected a vLLM detailed result, a GenAI-Perf profile_export.json, AIPerf profile_export.jsonl, llmperf *_individual_responses.json, or a Latency Lab run` };
}

/** Detects a text format that is not a single JSON document. */
export function detectText(text: string, firstLine: string): Detection {
  if (looksLikeLabCsv(text)) return { kind: 'lines', format: 'lab-csv' };
  if (firstLine.startsWith('{')) {
    try {
      const first = JSON.parse(firstLine) as unknown;
      if (first && typeof first === 'object' && looksLikeAiperfRecord(first as Record<string, unknown>)) return { kind: 'lines', format: 'aiperf' };
    } catch {
      // not a JSON line: fall through
    }
  }
  if (/^\s*Metric\s*,\s*(avg|min|max|p\d+)/i.test(firstLine)) {
    return { kind: 'foreign', message: 'this is a summary CSV (one row per metric, e.g. profile_export_aiperf.csv or profile_export_genai_perf.csv), not per-request data.' };
  }
  const separator = separatorProblem(firstLine);
  if (separator) return { kind: 'foreign', message: separator };
  if (firstLine.includes(',')) {
    return { kind: 'foreign', message: `a CSV with header "${firstLine.slice(0, 80)}": not the lab's per-request CSV (header request_id,send_ms,ttft_ms,e2e_ms,output_tokens,input_tokens,chunk_ms,error; see docs/import-format.md)` };
  }
  return { kind: 'foreign', message: 'not JSON, JSONL or the lab\'s CSV: no known benchmark format' };
}

/** A message for a JSON document that is one bare value, not an object or a list. */
function describeScalar(value: unknown): string {
  if (value === null) return 'the file is the JSON value null: it holds no benchmark data';
  if (typeof value === 'string') {
    const inner = value.trimStart();
    if (inner.startsWith('{') || inner.startsWith('[')) return 'the file is one JSON string that itself holds JSON (encoded twice): decode it once (e.g. json.loads) and save the result';
    return `the file is one JSON string ("${value.slice(0, 40)}${value.length > 40 ? '…' : ''}"), not a benchmark result`;
  }
  return `the file is the single JSON ${typeof value} ${String(value).slice(0, 40)}, not a benchmark result`;
}

function isAggregateStats(obj: Record<string, unknown>): boolean {
  // AIPerf's pre-release summary nests its metrics under `records`.
  const records = typeof obj.records === 'object' && obj.records !== null && !Array.isArray(obj.records) ? (obj.records as Record<string, unknown>) : null;
  const ttft = obj.time_to_first_token ?? obj.ttft ?? records?.time_to_first_token ?? records?.ttft;
  return typeof ttft === 'object' && ttft !== null && ('avg' in ttft || 'p50' in ttft) && !('metadata' in obj);
}

function keysOf(v: unknown): string {
  if (v === null || typeof v !== 'object') return '(none)';
  const keys = Object.keys(v);
  return keys.length === 0 ? '(none)' : keys.slice(0, 6).join(', ') + (keys.length > 6 ? ', …' : '');
}
