/**
 * The Trace section's two runs: a replayed trace on the chosen server, and
 * the same requests (the same lengths, in the same order) sent as Poisson
 * arrivals at the trace's mean rate, so the only difference between the two
 * is when the requests arrive. Pure and DOM-free: runs in the trace worker.
 */
import { openLoopSendTimes } from '../engine/arrivals';
import { simulate } from '../engine/simulate';
import type { RunMetrics, Scenario } from '../engine/types';
import { replayTrace, traceRatePerSec, type RequestTrace } from '../import/trace';
import type { Settings } from '../settings/schema';
import { scenarioFromSettings } from '../settings/scenario';
// Speculative decoding's methods (draft models, EAGLE, prompt lookup) register themselves.
import '../settings/speculative';
import '../settings/pools';

/** What one arrival pattern did on the server. */
export interface TraceRunSide {
  /** Send times, seconds from the first request. */
  sendS: number[];
  p99TtftMs: number;
  p90TtftMs: number;
  goodputReqPerSec: number;
  /** Share (0..1) of completed requests within every target. */
  sloMetShare: number;
  completed: number;
}

/** Both runs, or why they cannot run (naming the setting). */
export type TraceRunOutcome =
  | { ok: true; requests: number; spanS: number; meanRatePerSec: number; notes: string[]; trace: TraceRunSide; poisson: TraceRunSide }
  | { ok: false; param: string; message: string };

const side = (sendS: number[], m: RunMetrics): TraceRunSide => ({
  sendS,
  p99TtftMs: m.ttftMs.p99,
  p90TtftMs: m.ttftMs.p90,
  goodputReqPerSec: m.goodputReqPerSec,
  sloMetShare: m.sloMetShare,
  completed: m.completed,
});

/**
 * Replays the slice and speed `settings` ask for of `full` on the server
 * `settings` choose, and the same requests as Poisson arrivals at the slice's
 * mean rate (seeded by `settings.seed`). The settings' own load and lengths
 * are replaced by the trace's.
 */
export function runTraceComparison(full: RequestTrace, settings: Settings): TraceRunOutcome {
  const w = settings.traceWindow;
  const sliced = replayTrace(full, { fromS: w.fromS, toS: w.toS ?? Infinity, speed: settings.traceSpeed });
  if (!sliced.ok) return { ok: false, param: 'traceWindow', message: sliced.error };
  const t = sliced.trace;
  const n = t.sendS.length;
  if (n < 2) return { ok: false, param: 'traceWindow', message: 'the slice holds a single request: a rate needs at least two; widen the window' };
  const built = scenarioFromSettings({ ...settings, requests: n, warmup: Math.min(settings.warmup, n - 1) });
  if (!built.ok) return built;
  const ratePerSec = traceRatePerSec(t);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const base: Scenario = {
    ...built.scenario,
    workload: { id: 'trace', label: 'trace', promptTokens: Math.max(1, Math.round(mean(t.promptTokens))), outputTokens: Math.max(1, Math.round(mean(t.outputTokens))), spread: 0 },
    requests: n,
  };
  const poissonS = openLoopSendTimes(n, ratePerSec, 1, settings.seed);
  const run = (sendS: number[]) => simulate({ ...base, load: { kind: 'trace', sendTimesS: sendS, promptTokens: t.promptTokens, outputTokens: t.outputTokens } }).metrics;
  try {
    return { ok: true, requests: n, spanS: t.sendS[n - 1], meanRatePerSec: ratePerSec, notes: t.notes, trace: side(t.sendS, run(t.sendS)), poisson: side(poissonS, run(poissonS)) };
  } catch (e) {
    return { ok: false, param: 'trace', message: e instanceof Error ? e.message : String(e) };
  }
}
