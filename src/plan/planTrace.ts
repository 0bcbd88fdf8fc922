/**
 * A built-in request trace as a plan's traffic: the slice a window asks for,
 * at speed 1, with its mean lengths (rounded as `lab predict --trace` rounds
 * them), so the page's planner workers build from the trace's text the same
 * `PlanTrace` that `lab plan --trace ID --trace-window FROM:TO` reads. Pure:
 * whoever calls it loads the text (a worker's lazy chunk, the CLI's file).
 */
import { parseTrace, replayTrace, traceRatePerSec, type RequestTrace } from '../import/trace';
import { BUILT_IN_TRACE_IDS, type BuiltInTraceId } from '../import/traceCatalog';
import { traceWindowField, type TraceWindow } from '../settings/traceFields';
import type { PlanTrace } from './types';

/** A built-in trace and the slice of it a plan replays (`toS` null: to the end). */
export interface PlanTraceRef {
  id: BuiltInTraceId;
  window: TraceWindow;
}

/** The whole trace: what `lab plan --trace ID` replays without `--trace-window`. */
export const WHOLE_TRACE: Readonly<TraceWindow> = { fromS: 0, toS: null };

/** A sliced trace as a plan's traffic, with the lengths the plan's workload takes (the slice's means, whole tokens ≥ 1). */
export type PlanTraceOutcome = { ok: true; trace: PlanTrace; promptTokens: number; outputTokens: number } | { ok: false; error: string };

/** Why a slice of one request cannot be planned. */
export const SINGLE_REQUEST_SLICE = 'the slice holds a single request: a rate needs at least two; widen the window';

const isWhole = (w: TraceWindow) => w.fromS === 0 && w.toS === null;

/** `predict`'s options for a built-in slice: `--trace ID`, and `--trace-window FROM:TO` unless it is the whole trace. */
export function tracePredictArgs(ref: PlanTraceRef): string[] {
  return ['--trace', ref.id, ...(isWhole(ref.window) ? [] : ['--trace-window', traceWindowField.serialize(ref.window)])];
}

/**
 * The slice `window` of `full` (from `source`: an id or a file's name) as a plan's trace; `predict` names how `lab
 * predict` reads the same slice, `builtIn` the built-in it came from (the
 * page's links carry it). Refused (with the reason) when the slice is empty
 * or holds one request, which has no rate.
 */
export function planTraceFrom(full: RequestTrace, source: string, window: TraceWindow, predict: string[], builtIn?: PlanTraceRef): PlanTraceOutcome {
  const sliced = replayTrace(full, { speed: 1, fromS: window.fromS, toS: window.toS ?? Infinity });
  if (!sliced.ok) return sliced;
  const t = sliced.trace;
  const n = t.sendS.length;
  if (n < 2) return { ok: false, error: SINGLE_REQUEST_SLICE };
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    ok: true,
    trace: { sendS: t.sendS, promptTokens: t.promptTokens, outputTokens: t.outputTokens, meanRatePerSec: traceRatePerSec(t), predict, source, window: { fromS: window.fromS, toS: window.toS }, ...(builtIn ? { builtIn } : {}) },
    promptTokens: Math.max(1, Math.round(mean(t.promptTokens))),
    outputTokens: Math.max(1, Math.round(mean(t.outputTokens))),
  };
}

/** A built-in trace's text, parsed and sliced as `ref` asks: what a page planner worker plans with. */
export function planTraceFromText(text: string, ref: PlanTraceRef): PlanTraceOutcome {
  if (!(BUILT_IN_TRACE_IDS as readonly string[]).includes(ref.id)) return { ok: false, error: `"${String(ref.id)}" is not a built-in trace (one of ${BUILT_IN_TRACE_IDS.join(', ')})` };
  const parsed = parseTrace(text);
  if (!parsed.ok) return parsed;
  return planTraceFrom(parsed.trace, ref.id, ref.window, tracePredictArgs(ref), ref);
}
