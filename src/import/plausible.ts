import type { ImportedRequest, ImportedRun, ParseResult } from './types';

/**
 * Values no measurement of an LLM endpoint can have. A benchmark file may
 * still hold them (a hand-edited CSV, a tool's bug, a hostile file); the lab
 * must neither draw them (a 1e308 ms latency broke the curve's axis) nor let
 * them move a statistic (TTFT > E2E gives a negative TPOT that "meets" any
 * target). Limits are generous: a week per request, 30 days per run, ten
 * million tokens.
 */
export const PLAUSIBLE = {
  /** Longest request, ms (7 days). */
  maxRequestMs: 7 * 24 * 3600 * 1000,
  /** Latest send time from the run's start, ms (30 days). */
  maxSendMs: 30 * 24 * 3600 * 1000,
  /** Shortest run with a duration, s (1 µs: no request to a model is faster; below it rates overflow). */
  minDurationS: 1e-6,
  /** Longest run, s (30 days). */
  maxDurationS: 30 * 24 * 3600,
  /** Most tokens in one prompt or one answer. */
  maxTokens: 10_000_000,
  /** Most requests in flight a run can declare. */
  maxConcurrency: 1_000_000,
  /** Highest finite request rate a run can declare, req/s. */
  maxRatePerSec: 1_000_000,
  /** Rounding slack between a request's chunk times and its TTFT/E2E, ms (other writers round). */
  toleranceMs: 1,
} as const;

const ms = (x: number): string => `${Number(x.toPrecision(6))} ms`;

/** Why a completed request's values are impossible, or null when they are plausible. */
export function implausibility(r: ImportedRequest): string | null {
  if (!Number.isFinite(r.ttftMs) || r.ttftMs < 0) return `TTFT ${ms(r.ttftMs)} is negative or not a number`;
  if (!Number.isFinite(r.e2eMs) || r.e2eMs < 0) return `E2E ${ms(r.e2eMs)} is negative or not a number`;
  if (r.e2eMs > PLAUSIBLE.maxRequestMs) return `E2E ${ms(r.e2eMs)} is longer than a week`;
  if (r.e2eMs < r.ttftMs - 1e-6) return `TTFT ${ms(r.ttftMs)} is after E2E ${ms(r.e2eMs)}`;
  if (!Number.isInteger(r.outputTokens) || r.outputTokens < 0 || r.outputTokens > PLAUSIBLE.maxTokens) return `output tokens ${r.outputTokens} is not a whole number from 0 to ${PLAUSIBLE.maxTokens.toLocaleString('en-US')}`;
  const c = r.chunkMs;
  if (c) {
    if (c.length === 0) return 'the list of chunk times is empty';
    if (Math.abs(c[0] - r.ttftMs) > PLAUSIBLE.toleranceMs) return `the first chunk (${ms(c[0])}) is not at TTFT (${ms(r.ttftMs)})`;
    for (let k = 1; k < c.length; k++) {
      if (!(c[k] >= c[k - 1])) return `chunk ${k + 1} (${ms(c[k])}) arrives before chunk ${k} (${ms(c[k - 1])}): a negative gap`;
    }
    if (c[c.length - 1] > r.e2eMs + PLAUSIBLE.toleranceMs) return `the last chunk (${ms(c[c.length - 1])}) is after E2E (${ms(r.e2eMs)})`;
  }
  return null;
}

/** Why a send time is impossible (checked for failed requests too), or null. */
function sendProblem(r: ImportedRequest): string | null {
  if (r.sendMs !== null && (!Number.isFinite(r.sendMs) || r.sendMs < 0 || r.sendMs > PLAUSIBLE.maxSendMs)) return `send time ${ms(r.sendMs)} is negative or more than 30 days into the run`;
  return null;
}

/** Why an input token count is impossible, or null. */
function inputProblem(r: ImportedRequest): string | null {
  if (r.inputTokens !== null && (!Number.isInteger(r.inputTokens) || r.inputTokens < 0 || r.inputTokens > PLAUSIBLE.maxTokens)) return `input tokens ${r.inputTokens} is not a whole number from 0 to ${PLAUSIBLE.maxTokens.toLocaleString('en-US')}`;
  return null;
}

/** The load with impossible values (a negative or fractional concurrency, a rate of 0) dropped. */
function plausibleLoad(load: ImportedRun['load']): ImportedRun['load'] {
  const c = load.concurrency;
  const r = load.ratePerSec;
  return {
    concurrency: c !== null && Number.isInteger(c) && c >= 1 && c <= PLAUSIBLE.maxConcurrency ? c : null,
    ratePerSec: r !== null && (r === Infinity || (Number.isFinite(r) && r > 0 && r <= PLAUSIBLE.maxRatePerSec)) ? r : null,
  };
}

/** Longest id and error text kept (a hostile file may hold megabytes in one). */
const MAX_ID_CHARS = 200;
const MAX_ERROR_CHARS = 1000;

/** One line of text, trimmed and clipped: as the lab's CSV writes and reads ids and errors. */
export function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(/[\r\n]+/g, ' ').trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat;
}

/** The request with its id and error as the lab's files can hold them: one line each, an empty id replaced by the index. */
function canonicalText(r: ImportedRequest, index: number): ImportedRequest {
  const id = oneLine(r.id, MAX_ID_CHARS) || String(index);
  const error = r.error === null ? null : oneLine(r.error, MAX_ERROR_CHARS) || 'failed';
  return id === r.id && error === r.error ? r : { ...r, id, error };
}

/** How a request looks once it counts as failed: no times, output tokens or chunks, as every reader writes failed requests. */
function asFailed(r: ImportedRequest, error: string, sendOk: boolean, inputOk: boolean): ImportedRequest {
  return { id: r.id, sendMs: sendOk ? r.sendMs : null, ttftMs: 0, e2eMs: 0, outputTokens: 0, inputTokens: inputOk ? r.inputTokens : null, chunkMs: null, error };
}

/**
 * The run with every request whose values are impossible counted as failed,
 * with the reason (`impossible values: …`), and a warning naming the first
 * few; refused when its duration is impossible. Failed requests are made
 * canonical (no times, no tokens), so export → import is the identity.
 */
export function checkPlausible(run: ImportedRun): ParseResult {
  const d = run.durationS;
  // 0 means unknown (a run where nothing completed); anything else is a time a run can take.
  if (!Number.isFinite(d) || d < 0 || (d > 0 && d < PLAUSIBLE.minDurationS) || d > PLAUSIBLE.maxDurationS) {
    return { ok: false, error: `the run's duration, ${d} s, is not one a measurement can have (expected 1 µs to ${PLAUSIBLE.maxDurationS.toLocaleString('en-US')} s, 30 days)` };
  }
  const flagged: string[] = [];
  let changed = false;
  const requests = run.requests.map((raw, index) => {
    const r = canonicalText(raw, index);
    if (r !== raw) changed = true;
    const send = sendProblem(r);
    const input = inputProblem(r);
    if (r.error !== null) {
      // Failed requests carry no statistics; keep them canonical so they export and re-import unchanged.
      if (r.ttftMs === 0 && r.e2eMs === 0 && r.outputTokens === 0 && r.chunkMs === null && send === null && input === null) return r;
      changed = true;
      return asFailed(r, r.error, send === null, input === null);
    }
    const problem = send ?? input ?? implausibility(r);
    if (problem === null) return r;
    changed = true;
    flagged.push(`request ${r.id}: ${problem}`);
    return asFailed(r, `impossible values: ${problem}`, send === null, input === null);
  });
  const label = oneLine(run.label, 300) || 'imported run';
  if (label !== run.label) changed = true;
  const load = plausibleLoad(run.load);
  if (load.concurrency !== run.load.concurrency || load.ratePerSec !== run.load.ratePerSec) changed = true;
  const added: string[] = [];
  if (load.concurrency !== run.load.concurrency) added.push(`The file's concurrency (${run.load.concurrency}) is not a whole number from 1 to ${PLAUSIBLE.maxConcurrency.toLocaleString('en-US')}: ignored.`);
  if (load.ratePerSec !== run.load.ratePerSec) added.push(`The file's request rate (${run.load.ratePerSec}/s) is not a positive rate up to ${PLAUSIBLE.maxRatePerSec.toLocaleString('en-US')}/s or inf: ignored.`);
  let longestMs = 0;
  for (const r of requests) if (r.error === null && r.e2eMs > longestMs) longestMs = r.e2eMs;
  if (d > 0 && !run.durationEstimated && longestMs > d * 1000 * (1 + 1e-6) + PLAUSIBLE.toleranceMs) {
    added.push(`The run's duration (${Number(d.toPrecision(6))} s) is shorter than its longest request (${Number((longestMs / 1000).toPrecision(6))} s): no run can be, so throughput and goodput are overstated.`);
  }
  if (flagged.length > 0) {
    const more = flagged.length > 3 ? `; and ${flagged.length - 3} more` : '';
    added.push(`${flagged.length} of ${requests.length} requests have impossible values and count as failed: ${flagged.slice(0, 3).join('; ')}${more}.`);
  }
  const fresh = added.filter((w) => !run.warnings.includes(w));
  if (!changed && fresh.length === 0) return { ok: true, run };
  const warnings = [...run.warnings, ...fresh];
  return { ok: true, run: { ...run, label, load, requests, warnings } };
}
