import { z } from 'zod';
import type { ImportOptions, ParseResult } from './types';
import { finite, formatZodError, numberArray } from './zodIssues';

/** Marker of the lab's run JSON (written by src/export/runFiles.ts). */
export const LAB_JSON_FORMAT = 'latency-lab-run';
export const LAB_JSON_VERSION = 1;

const nullableNumber = finite.nullable();
/** The lab's run JSON: `{format, version, run: ImportedRun, metrics?}`; `metrics` is informative and ignored on import. */
export const labJsonSchema = z.object({
  format: z.literal(LAB_JSON_FORMAT),
  version: z.literal(LAB_JSON_VERSION, { error: `expected version ${LAB_JSON_VERSION}` }),
  run: z.object({
    format: z.enum(['vllm', 'genai-perf', 'aiperf', 'llmperf', 'lab-csv', 'lab-json', 'live']),
    label: z.string(),
    servedModel: z.string().optional(),
    requests: z.array(
      z.object({
        id: z.string(),
        sendMs: nullableNumber,
        ttftMs: finite,
        e2eMs: finite,
        outputTokens: finite,
        inputTokens: nullableNumber,
        chunkMs: numberArray().nullable(),
        error: z.string().nullable(),
      }),
    ),
    // JSON has no Infinity: an infinite rate is written as the string "inf".
    durationS: finite,
    durationNote: z.string(),
    durationEstimated: z.boolean().optional(),
    streamed: z.boolean().optional(),
    outputTokensFrom: z.enum(['usage', 'tool', 'chunks', 'mixed']),
    load: z.object({ concurrency: nullableNumber, ratePerSec: z.union([finite, z.literal('inf')]).nullable() }),
    notes: z.array(z.string()),
    warnings: z.array(z.string()),
  }),
});

/** True for an object that declares itself a lab run. */
export function looksLikeLabJson(obj: Record<string, unknown>): boolean {
  return obj.format === LAB_JSON_FORMAT;
}

/** Reads a parsed lab run JSON. */
export function parseLabJson(obj: unknown, options: ImportOptions = {}): ParseResult {
  const parsed = labJsonSchema.safeParse(obj);
  if (!parsed.success) return { ok: false, error: formatZodError(parsed.error) };
  const run = parsed.data.run;
  return {
    ok: true,
    run: {
      ...run,
      label: run.label || options.fileName || 'Latency Lab run',
      load: { concurrency: run.load.concurrency, ratePerSec: run.load.ratePerSec === 'inf' ? Infinity : run.load.ratePerSec },
      reported: null,
    },
  };
}
