import { meetsSlo } from '../engine/metrics';
import type { LoadSpec, RequestRecord, RunMetrics, Slo } from '../engine/types';
import type { LiveNumbers } from './types';

/**
 * The parts of a run the lesson reads. Both the engine's `RunResult` and the
 * worker's `MainResult` have this shape, so tests feed real engine runs and
 * the page feeds the worker's results through the same function.
 */
export interface RunLike {
  scenario: { slo: Slo; load: LoadSpec };
  metrics: RunMetrics;
  requests: readonly RequestRecord[];
  representativeId: number;
}

/** The live numbers of a run, or null when no request completed. */
export function liveNumbersOf(run: RunLike): LiveNumbers | null {
  const rep = run.representativeId >= 0 ? run.requests[run.representativeId] : undefined;
  if (!rep || !rep.completed) return null;
  const m = run.metrics;
  const { load, slo } = run.scenario;
  return {
    ttftMs: rep.ttftMs,
    tpotMs: rep.tpotMs,
    e2eMs: rep.e2eMs,
    outputTokens: rep.outputTokens,
    promptTokens: rep.promptTokens,
    metSlo: meetsSlo(rep, slo),
    ttftMeanMs: m.ttftMs.mean,
    ttftP50Ms: m.ttftMs.p50,
    ttftP95Ms: m.ttftMs.p95,
    ttftP99Ms: m.ttftMs.p99,
    tpotMeanMs: m.tpotMs.mean,
    tpotP50Ms: m.tpotMs.p50,
    tpotP95Ms: m.tpotMs.p95,
    tpotP99Ms: m.tpotMs.p99,
    systemTokPerSec: m.outputTokPerSec,
    userTokPerSec: m.userTokPerSec,
    requestsPerSec: m.requestsPerSec,
    goodputReqPerSec: m.goodputReqPerSec,
    sloMetShare: m.sloMetShare,
    completed: m.completed,
    users: load.kind === 'closed' ? load.users : null,
    rateReqPerSec: load.kind === 'open' ? load.ratePerSec : null,
    ttftSloMs: slo.ttftMs,
    tpotSloMs: slo.tpotMs,
  };
}
