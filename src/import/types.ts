/**
 * The one shape every imported or measured run is normalised to. Units are in
 * the names: `Ms` milliseconds, `S` seconds, `Tokens` tokens. Pure data: it
 * crosses a Web Worker boundary by structured clone.
 */

/** Where a run came from. `live` is a measurement of an endpoint by the lab itself. */
export type ImportFormat = 'vllm' | 'genai-perf' | 'aiperf' | 'llmperf' | 'lab-csv' | 'lab-json' | 'live';

/** Human names of the formats, for messages and the UI. */
export const FORMAT_LABELS: Record<ImportFormat, string> = {
  vllm: 'vLLM bench serve (--save-result --save-detailed)',
  'genai-perf': 'GenAI-Perf profile_export.json',
  aiperf: 'AIPerf profile_export.jsonl',
  llmperf: 'llmperf individual responses',
  'lab-csv': 'Latency Lab per-request CSV',
  'lab-json': 'Latency Lab run JSON',
  live: 'live endpoint measurement',
};

/** One request of a run, as the client saw it. */
export interface ImportedRequest {
  /** Identifier from the file (index, request id), kept for messages and export. */
  id: string;
  /** Send time in ms from the run's first send, or null when the tool does not record it. */
  sendMs: number | null;
  /** Send to first content-bearing chunk, ms. */
  ttftMs: number;
  /** Send to last content-bearing chunk, ms. */
  e2eMs: number;
  /** Output tokens: the server's usage or the tool's tokenizer count (see `ImportedRun.outputTokensFrom`). */
  outputTokens: number;
  /** Prompt tokens, or null when unknown. */
  inputTokens: number | null;
  /**
   * Arrival of every content-bearing chunk in ms after send, ascending (the first is
   * the TTFT, the last the E2E); gaps between them are the per-chunk ITLs. Null when
   * the tool keeps no per-chunk times (llmperf).
   */
  chunkMs: number[] | null;
  /** Why the request failed, or null when it completed. Failed requests count in no latency statistic. */
  error: string | null;
}

/** How the output token counts were obtained. `chunks` is a fallback that undercounts when chunks carry several tokens. */
export type TokenCountSource = 'usage' | 'tool' | 'chunks' | 'mixed';

/** A whole run, normalised. */
export interface ImportedRun {
  format: ImportFormat;
  /** Short description: file name, model, or endpoint. */
  label: string;
  requests: ImportedRequest[];
  /** The model name the file records (vLLM's `model_id`), when it does: how the page offers to replay on the same hardware. */
  servedModel?: string;
  /**
   * Run duration in seconds used as the throughput denominator. Each tool defines it
   * differently; `durationNote` says which definition was used.
   */
  durationS: number;
  durationNote: string;
  /** True when the duration is an estimate (llmperf without its summary: Σ E2E ÷ concurrency). */
  durationEstimated?: boolean;
  outputTokensFrom: TokenCountSource;
  /**
   * False for a run whose responses were not streamed (each one whole body):
   * TTFT is then the request latency, and TPOT and ITL have no data. Absent means streamed.
   */
  streamed?: boolean;
  /** Load the tool applied, when the file says (closed-loop concurrency or open-loop rate, req/s; Infinity = all at once). */
  load: { concurrency: number | null; ratePerSec: number | null };
  /** Notes on how this file was read and where the tool's definitions differ from the lab's (vLLM's). */
  notes: string[];
  /** Warnings the user should see next to the numbers (e.g. token counts from chunks, estimated duration). */
  warnings: string[];
  /** Summary values the tool itself wrote into the file, to cross-check the lab's recomputation. */
  reported: ReportedSummary | null;
  /**
   * Set on the page's copy of a big imported run that stayed in the import
   * worker (the id of that import): the copy has no `requests` (copying
   * hundreds of thousands of them to the page blocked it), its statistics come
   * prepared, and its downloads are written in the worker.
   */
  keptInWorker?: number;
}

/** Aggregates a tool reported (vLLM writes these next to its per-request lists). */
export interface ReportedSummary {
  ttftMeanMs?: number;
  tpotMeanMs?: number;
  itlMeanMs?: number;
  e2eMeanMs?: number;
  outputTokPerSec?: number;
  requestsPerSec?: number;
}

/** A parse outcome. Parsers never throw into the UI: a failure is a message naming what and where. */
export type ParseResult = { ok: true; run: ImportedRun } | { ok: false; error: string };

/** Options of an import. */
export interface ImportOptions {
  /** File name, used for the label and as a detection hint (never required). */
  fileName?: string;
  /** GenAI-Perf: which experiment of `experiments[]` to read (default 0). */
  experimentIndex?: number;
  /**
   * Concurrency to assume when a file records neither send times nor duration
   * (llmperf individual responses): duration ≈ Σ E2E ÷ concurrency. Default 1.
   */
  assumedConcurrency?: number;
}

/** Where an imported or measured run sits on the throughput-versus-load curve. */
export interface RunPoint {
  label: string;
  outputTokPerSec: number;
  /** Configured concurrency (closed loop), when the file says. */
  concurrency: number | null;
  /** Configured request rate, req/s (Infinity = all at once), when the file says. */
  ratePerSec: number | null;
  /** Completed requests per second: usable on a rate axis when no rate is known. */
  requestsPerSec: number;
  /** Mean requests in flight, Σ E2E ÷ duration (Little's law): usable when neither load is known. */
  meanInFlight: number;
  ttftP50Ms: number;
  ttftP95Ms: number;
  tpotP50Ms: number;
  tpotP95Ms: number;
}
