import { z } from 'zod';
import { findDuplicateKey } from './jsonKeys';
import { describeDuplicate, describeLineSyntaxError } from './jsonText';
import type { ImportedRequest, ImportOptions, ParseResult } from './types';
import { finite, formatZodError, numberArray } from './zodIssues';

/**
 * AIPerf `profile_export.jsonl`: one record per line, as documented in
 * `docs/tutorials/working-with-profile-exports.md` (AIPerf 0.8 and later). Fields read:
 * `metadata.request_start_ns`, `metadata.request_end_ns`, `metadata.benchmark_phase`
 * (only `profiling` records count; warm-up lines are skipped),
 * `metrics.time_to_first_token`, `metrics.request_latency`,
 * `metrics.inter_chunk_latency` (list), `metrics.output_sequence_length`
 * (or `output_token_count`), `metrics.input_sequence_length`, each `{value, unit}`,
 * and `error` (`{code, type, message}` or null).
 *
 * Also the pre-release layout written by AIPerf development builds of October
 * 2025 (pyproject version 0.1.1, before `request_start_ns` existed):
 * `metadata.timestamp_ns` (request start), `metadata.credit_phase`,
 * `metrics.ttft`, `metrics.max_response_timestamp` (ns), and otherwise the same
 * metric names.
 */
const metric = z.object({ value: finite, unit: z.string().optional() });
const listMetric = z.object({ value: numberArray(), unit: z.string().optional() });
export const aiperfRecordSchema = z.object({
  metadata: z.looseObject({
    request_start_ns: finite.optional(),
    timestamp_ns: finite.optional(),
    credit_phase: z.string().optional(),
    request_end_ns: finite.nullable().optional(),
    benchmark_phase: z.string().optional(),
    x_request_id: z.string().nullable().optional(),
    session_num: finite.nullable().optional(),
  }),
  metrics: z
    .looseObject({
      time_to_first_token: metric.optional(),
      ttft: metric.optional(),
      max_response_timestamp: metric.optional(),
      request_latency: metric.optional(),
      inter_chunk_latency: listMetric.optional(),
      output_sequence_length: metric.optional(),
      output_token_count: metric.optional(),
      input_sequence_length: metric.optional(),
    })
    .nullable()
    .optional(),
  error: z.looseObject({ code: z.union([finite, z.string()]).nullable().optional(), type: z.string().nullable().optional(), message: z.string().nullable().optional() }).nullable().optional(),
});

/** True when a parsed object has the shape of one AIPerf record (0.8 layout, or the pre-release one). */
export function looksLikeAiperfRecord(obj: Record<string, unknown>): boolean {
  const m = obj.metadata;
  return typeof m === 'object' && m !== null && ('request_start_ns' in m || ('timestamp_ns' in m && ('credit_phase' in m || 'x_request_id' in m)));
}

/** The two record layouts AIPerf has written. */
const LAYOUT_NOTES = {
  current: null,
  prerelease: 'Read in the pre-release AIPerf record layout (metadata.timestamp_ns, credit_phase, metrics.ttft), written by AIPerf development builds of October 2025 (version 0.1.1); AIPerf 0.8 and later write request_start_ns, benchmark_phase and time_to_first_token, which the lab reads too.',
} as const;

/** Milliseconds of a value in `unit` (AIPerf exports display units, normally ms). */
function toMs(value: number, unit: string | undefined): number | null {
  switch ((unit ?? 'ms').toLowerCase()) {
    case 'ms': return value;
    case 'ns': return value / 1e6;
    case 'us': case 'µs': return value / 1e3;
    case 's': case 'sec': return value * 1000;
    default: return null;
  }
}

/** Reads AIPerf JSONL text. */
export function parseAiperf(text: string, options: ImportOptions = {}): ParseResult {
  const lines = text.split('\n');
  const requests: ImportedRequest[] = [];
  const starts: number[] = [];
  let skippedPhase = 0;
  let prerelease = 0;
  let minStart = Infinity;
  let maxEnd = -Infinity;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li].trim();
    if (line === '') continue;
    const where = `line ${li + 1}: `;
    let obj: unknown;
    try {
      obj = JSON.parse(line);
    } catch (e) {
      const last = lines.slice(li + 1).every((l) => l.trim() === '');
      return { ok: false, error: last ? `${where}the last record is cut off: the file looks truncated` : describeLineSyntaxError(line, e, li + 1) };
    }
    const dup = findDuplicateKey(line);
    if (dup) return { ok: false, error: describeDuplicate(line, dup, li + 1) };
    const parsed = aiperfRecordSchema.safeParse(obj);
    if (!parsed.success) return { ok: false, error: formatZodError(parsed.error, '', where) };
    const { metadata, metrics, error } = parsed.data;
    const startNs = metadata.request_start_ns ?? metadata.timestamp_ns;
    if (startNs === undefined) return { ok: false, error: `${where}metadata: expected request_start_ns (AIPerf 0.8 and later) or timestamp_ns (pre-release builds), it is missing` };
    if (metadata.request_start_ns === undefined) prerelease++;
    const phase = metadata.benchmark_phase ?? metadata.credit_phase;
    if (phase && phase !== 'profiling') {
      skippedPhase++;
      continue;
    }
    const id = metadata.x_request_id ?? String(metadata.session_num ?? requests.length);
    minStart = Math.min(minStart, startNs);
    starts.push(startNs);
    if (error) {
      const message = [error.code, error.type].filter((x) => x !== null && x !== undefined).join(' ');
      requests.push({ id, sendMs: 0, ttftMs: 0, e2eMs: 0, outputTokens: 0, inputTokens: null, chunkMs: null, error: `${message}${message ? ': ' : ''}${error.message ?? 'failed'}` });
      continue;
    }
    const ttft = metrics?.time_to_first_token ?? metrics?.ttft;
    const latency = metrics?.request_latency;
    const osl = metrics?.output_sequence_length ?? metrics?.output_token_count;
    if (!ttft || !latency || !osl) {
      const missing = [!ttft && 'time_to_first_token', !latency && 'request_latency', !osl && 'output_sequence_length'].filter(Boolean).join(', ');
      return { ok: false, error: `${where}metrics: missing ${missing} (was the run made with --streaming?)` };
    }
    const ttftMs = toMs(ttft.value, ttft.unit);
    const e2eMs = toMs(latency.value, latency.unit);
    if (ttftMs === null || e2eMs === null) return { ok: false, error: `${where}metrics: unknown time unit "${ttftMs === null ? ttft.unit : latency.unit}"` };
    // AIPerf omits inter_chunk_latency when fewer than two chunks arrived: one chunk at TTFT = E2E.
    let chunkMs: number[] | null = ttftMs === e2eMs ? [ttftMs] : null;
    const icl = metrics?.inter_chunk_latency;
    if (icl) {
      const scale = toMs(1, icl.unit) ?? 1;
      chunkMs = new Array(icl.value.length + 1);
      let t = ttftMs;
      chunkMs[0] = t;
      for (let k = 0; k < icl.value.length; k++) {
        t += icl.value[k] * scale;
        chunkMs[k + 1] = t;
      }
    }
    // The pre-release layout records the last response's time; otherwise it is start + latency.
    maxEnd = Math.max(maxEnd, metrics?.max_response_timestamp?.unit === 'ns' ? metrics.max_response_timestamp.value : startNs + e2eMs * 1e6);
    const isl = metrics?.input_sequence_length;
    requests.push({ id, sendMs: 0, ttftMs, e2eMs, outputTokens: osl.value, inputTokens: isl ? isl.value : null, chunkMs, error: null });
  }
  if (requests.length === 0) return { ok: false, error: skippedPhase > 0 ? `no profiling records (all ${skippedPhase} are warm-up)` : 'the file has no records' };
  for (let i = 0; i < requests.length; i++) requests[i].sendMs = (starts[i] - minStart) / 1e6;
  const notes = [
    'AIPerf\'s "inter token latency" is per request, (request latency − TTFT) / (output tokens − 1): the lab\'s TPOT. Its "inter chunk latency" list is what the lab pools as ITL.',
    'AIPerf\'s "output token throughput per user" is 1 ÷ its ITL (TTFT excluded), the same as the lab\'s per-user pace from TPOT.',
  ];
  if (skippedPhase > 0) notes.push(`${skippedPhase} warm-up record(s) skipped.`);
  if (prerelease > 0) notes.unshift(LAYOUT_NOTES.prerelease);
  const warnings = requests.some((r) => r.error === null && r.chunkMs === null) ? ['Some records have no inter_chunk_latency list: ITL is computed from the others only.'] : [];
  return {
    ok: true,
    run: {
      format: 'aiperf',
      label: options.fileName ?? 'AIPerf profile export',
      requests,
      durationS: maxEnd > minStart ? (maxEnd - minStart) / 1e9 : 0,
      durationNote: 'AIPerf benchmark duration: max(request start + request latency) − first request start, over the profiling records.',
      outputTokensFrom: 'tool',
      load: { concurrency: null, ratePerSec: null },
      notes,
      warnings,
      reported: null,
    },
  };
}
