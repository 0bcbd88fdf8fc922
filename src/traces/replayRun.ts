/**
 * A measured run replayed on the lab's server: the run's own requests (from
 * `traceFromRun`: each at its recorded send time, or for llmperf by a closed
 * loop of its users, with its recorded prompt and output lengths) sent to the
 * server the settings choose, every request counted as the measuring tool
 * counted it. Pure and DOM-free: runs in the
 * replay worker on the page and in tests.
 */
import { simulate } from '../engine/simulate';
import type { RunMetrics, Scenario } from '../engine/types';
import { replayLoad } from '../import/replay';
import type { RequestTrace } from '../import/trace';
import type { Settings } from '../settings/schema';
import { scenarioFromSettings } from '../settings/scenario';

/** The replayed run: its metrics and the per-request samples the distributions draw (completed requests). */
export interface ReplayedRun {
  metrics: RunMetrics;
  ttftMs: number[];
  /** Requests with more than one output token, as TPOT is counted. */
  tpotMs: number[];
  e2eMs: number[];
  /** Requests sent (the trace's length). */
  requests: number;
}

/** The replay, or why it cannot run (naming the setting that refuses it). */
export type ReplayOutcome = { ok: true; replayed: ReplayedRun } | { ok: false; param: string; message: string };

/**
 * The engine scenario of `trace` on the server of `settings`: the settings'
 * own load and lengths are replaced by the trace's requests; every request is
 * measured (no warm-up, the whole window), as vLLM, GenAI-Perf and AIPerf
 * count the run they wrote.
 */
export function replayScenario(trace: RequestTrace, settings: Settings): { ok: true; scenario: Scenario } | { ok: false; param: string; message: string } {
  const n = trace.sendS.length;
  if (n === 0) return { ok: false, param: 'file', message: 'the run has no request to replay' };
  const built = scenarioFromSettings({ ...settings, requests: n, warmup: 0, window: 'all' });
  if (!built.ok) return built;
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    ok: true,
    scenario: {
      ...built.scenario,
      workload: { id: 'trace', label: 'replayed run', promptTokens: Math.max(1, Math.round(mean(trace.promptTokens))), outputTokens: Math.max(1, Math.round(mean(trace.outputTokens))), spread: 0 },
      load: replayLoad(trace),
      requests: n,
    },
  };
}

/** Replays `trace` on the server of `settings`; never throws (an engine refusal becomes a message). */
export function replayOnServer(trace: RequestTrace, settings: Settings): ReplayOutcome {
  const built = replayScenario(trace, settings);
  if (!built.ok) return built;
  try {
    const result = simulate(built.scenario);
    const done = result.requests.filter((r) => r.completed);
    return {
      ok: true,
      replayed: {
        metrics: result.metrics,
        ttftMs: done.map((r) => r.ttftMs),
        tpotMs: done.filter((r) => r.outputTokens > 1).map((r) => r.tpotMs),
        e2eMs: done.map((r) => r.e2eMs),
        requests: trace.sendS.length,
      },
    };
  } catch (e) {
    return { ok: false, param: 'server', message: e instanceof Error ? e.message : String(e) };
  }
}
