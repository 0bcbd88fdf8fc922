import { z } from 'zod';
import { readOpenAiChunk, sseDataPayloads } from './openaiChunk';
import type { ImportedRequest, ImportOptions, ParseResult, TokenCountSource } from './types';
import { finite, formatZodError, numberArray } from './zodIssues';

/**
 * GenAI-Perf `profile_export.json` (written by Perf Analyzer). Fields read, as
 * `genai_perf/profile_data_parser/llm_profile_data_parser.py` reads them:
 * `service_kind`, `endpoint`, `experiments[].experiment.{mode,value}`, and per
 * request `timestamp` (ns), `response_timestamps` (ns, one per response) and
 * `response_outputs` (`{response: "data: …"}` for OpenAI, `{text_output}` for
 * Triton, `{output_ids}` for the TensorRT-LLM engine).
 * Like GenAI-Perf, responses without content (role-only, empty, `[DONE]`) are
 * dropped before timing, so TTFT is the first response that carries text.
 */
const output = z.looseObject({
  response: z.string().optional(),
  text_output: z.string().optional(),
  output_ids: z.union([numberArray(), finite]).nullable().optional(),
});
const request = z.object({
  timestamp: finite,
  response_timestamps: numberArray(),
  response_outputs: z.array(output),
});
export const genaiPerfSchema = z.object({
  service_kind: z.string().optional(),
  endpoint: z.string().optional(),
  experiments: z
    .array(
      z.object({
        experiment: z.object({ mode: z.string(), value: z.union([finite, z.string()]) }).optional(),
        requests: z.array(request),
      }),
    )
    .min(1, { error: 'expected at least one experiment' }),
});

type Output = z.infer<typeof output>;

/** One response reduced to what the metrics need. */
interface ResponseInfo {
  text: string;
  tokens: number | null;
  usageTokens: number | null;
  error: string | null;
  /** True when the response is a whole JSON body (a run without --streaming), not SSE `data:` events. */
  whole: boolean;
}

function readResponse(o: Output): ResponseInfo {
  if (o.output_ids !== undefined && o.output_ids !== null) {
    const n = Array.isArray(o.output_ids) ? o.output_ids.length : 1;
    return { text: n > 0 ? 'x' : '', tokens: n, usageTokens: null, error: null, whole: false };
  }
  if (typeof o.text_output === 'string') return { text: o.text_output, tokens: null, usageTokens: null, error: null, whole: false };
  const body = o.response ?? '';
  const trimmed = body.trimStart();
  if (trimmed.startsWith('{')) {
    // Without --streaming each response is the whole chat.completion (or completion) body.
    let payload: unknown;
    try {
      payload = JSON.parse(trimmed);
    } catch {
      return { text: '', tokens: null, usageTokens: null, error: 'the response body is not valid JSON', whole: true };
    }
    const c = readOpenAiChunk(payload);
    return { text: c.text, tokens: null, usageTokens: c.completionTokens, error: c.error, whole: true };
  }
  let text = '';
  let usageTokens: number | null = null;
  for (const payload of sseDataPayloads(body)) {
    const c = readOpenAiChunk(payload);
    if (c.error) return { text: '', tokens: null, usageTokens: null, error: c.error, whole: false };
    text += c.text;
    if (c.completionTokens !== null) usageTokens = c.completionTokens;
  }
  return { text, tokens: null, usageTokens, error: null, whole: false };
}

/** Reads a parsed GenAI-Perf profile export. */
export function parseGenaiPerf(obj: unknown, options: ImportOptions = {}): ParseResult {
  const parsed = genaiPerfSchema.safeParse(obj);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const d = parsed.data;
  const index = options.experimentIndex ?? 0;
  const exp = d.experiments[index];
  if (!exp) return { ok: false, error: `experiments[${index}]: this file has only ${d.experiments.length} experiment(s)` };
  const minSendNs = exp.requests.reduce((m, r) => Math.min(m, r.timestamp), Infinity);
  let maxEndNs = -Infinity;
  let minNonEmptySendNs = Infinity;
  let fromUsage = 0;
  let fromChunks = 0;
  let fromIds = 0;
  let wholeResponses = 0;
  const requests: ImportedRequest[] = [];
  for (let i = 0; i < exp.requests.length; i++) {
    const r = exp.requests[i];
    if (r.response_outputs.length !== r.response_timestamps.length) {
      return { ok: false, error: `experiments[${index}].requests[${i}]: ${r.response_outputs.length} response_outputs but ${r.response_timestamps.length} response_timestamps (expected one each)` };
    }
    const chunkNs: number[] = [];
    let usage: number | null = null;
    let ids = 0;
    let error: string | null = null;
    for (let k = 0; k < r.response_outputs.length; k++) {
      const info = readResponse(r.response_outputs[k]);
      if (info.whole) wholeResponses++;
      if (info.error) error = info.error;
      if (info.usageTokens !== null) usage = info.usageTokens;
      if (info.tokens !== null) ids += info.tokens;
      if (info.text.length > 0) chunkNs.push(r.response_timestamps[k]);
    }
    const sendMs = (r.timestamp - minSendNs) / 1e6;
    if (error !== null || chunkNs.length === 0) {
      requests.push({ id: String(i), sendMs, ttftMs: 0, e2eMs: 0, outputTokens: 0, inputTokens: null, chunkMs: null, error: error ?? 'no response carried any content' });
      continue;
    }
    const chunkMs = chunkNs.map((t) => (t - r.timestamp) / 1e6);
    const outputTokens = usage ?? (ids > 0 ? ids : chunkMs.length);
    if (usage !== null) fromUsage++;
    else if (ids > 0) fromIds++;
    else fromChunks++;
    maxEndNs = Math.max(maxEndNs, chunkNs[chunkNs.length - 1]);
    minNonEmptySendNs = Math.min(minNonEmptySendNs, r.timestamp);
    requests.push({ id: String(i), sendMs, ttftMs: chunkMs[0], e2eMs: chunkMs[chunkMs.length - 1], outputTokens, inputTokens: null, chunkMs, error: null });
  }
  const counted = fromUsage + fromChunks + fromIds;
  const outputTokensFrom: TokenCountSource = counted === 0 ? 'tool' : fromChunks === counted ? 'chunks' : fromUsage === counted ? 'usage' : fromIds === counted ? 'tool' : 'mixed';
  const warnings: string[] = [];
  if (fromChunks > 0) {
    warnings.push(`Output tokens of ${fromChunks} of ${counted} requests are counted as content chunks (the file has no usage and the lab has no tokenizer). GenAI-Perf tokenizes the text instead; if the server sent several tokens per chunk, TPOT here is too high and throughput too low.`);
  }
  // A run made without --streaming: every response is one whole body, so TTFT is the request latency and there is no token pace.
  const streamed = !(wholeResponses > 0 && exp.requests.every((r) => r.response_outputs.length <= 1));
  if (!streamed) {
    warnings.push('This run was not streamed (made without --streaming: each response is one whole body): TTFT is the whole request latency, as GenAI-Perf reports it, and TPOT and ITL cannot be measured (no data); goodput judges the TTFT and E2E targets only.');
  }
  const mode = exp.experiment?.mode;
  const value = exp.experiment ? Number(exp.experiment.value) : NaN;
  const notes = [
    'GenAI-Perf\'s "inter token latency" is per request, (request latency − TTFT) / (output tokens − 1): that is the lab\'s (and vLLM\'s) TPOT. The lab\'s ITL here is every gap between content chunks, pooled.',
    'GenAI-Perf\'s "output token throughput per user" is output tokens ÷ request latency (TTFT included); the lab\'s per-user pace is 1000 ÷ median TPOT (TTFT excluded), as AIPerf defines it.',
    'Input tokens are not in this file (GenAI-Perf tokenizes the prompt payload), so they are left unknown.',
  ];
  if (d.experiments.length > 1) {
    notes.push(`This file holds ${d.experiments.length} experiments (${d.experiments.map((e, i) => `${i}: ${e.experiment ? `${e.experiment.mode} ${e.experiment.value}` : '?'}`).join(', ')}); experiment ${index} was read.`);
  }
  const durationS = maxEndNs > minNonEmptySendNs ? (maxEndNs - minNonEmptySendNs) / 1e9 : 0;
  return {
    ok: true,
    run: {
      format: 'genai-perf',
      label: options.fileName ?? `GenAI-Perf ${d.endpoint ?? ''}`.trim(),
      requests,
      durationS,
      durationNote: 'GenAI-Perf benchmark duration: last response timestamp − first request timestamp (not the client\'s total wall time, as vLLM uses).',
      outputTokensFrom,
      ...(streamed ? {} : { streamed: false }),
      load: {
        concurrency: mode === 'concurrency' && Number.isFinite(value) ? value : null,
        ratePerSec: mode === 'request_rate' && Number.isFinite(value) ? value : null,
      },
      notes,
      warnings,
      reported: null,
    },
  };
}
