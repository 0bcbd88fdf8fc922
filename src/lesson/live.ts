import { meetsSlo } from '../engine/metrics';
import type { LoadSpec, RequestRecord, RunMetrics, Slo } from '../engine/types';
import type { LiveNumbers, TtftParts } from './types';

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

/** One completed request's TTFT, part by part, ms (as the TTFT card shows the drawn one). */
export function ttftPartsOf(r: RequestRecord): TtftParts {
  return {
    networkMs: (r.serverArrivalS - r.sendS + r.networkOutS) * 1000,
    queueMs: r.queueMs,
    prefillMs: (r.firstTokenServerS - r.prefillStartS) * 1000,
  };
}

function meanParts(rs: readonly RequestRecord[]): TtftParts {
  const sum = { networkMs: 0, queueMs: 0, prefillMs: 0 };
  for (const r of rs) {
    const p = ttftPartsOf(r);
    sum.networkMs += p.networkMs;
    sum.queueMs += p.queueMs;
    sum.prefillMs += p.prefillMs;
  }
  const n = Math.max(1, rs.length);
  return { networkMs: sum.networkMs / n, queueMs: sum.queueMs / n, prefillMs: sum.prefillMs / n };
}

// Several panels read the same run (the try-it panel, the myths, the percentiles): compute once per run.
const cache = new WeakMap<RunLike, LiveNumbers | null>();

/** The live numbers of a run, or null when no request completed (memoised per run object). */
export function liveNumbersOf(run: RunLike): LiveNumbers | null {
  const hit = cache.get(run);
  if (hit !== undefined) return hit;
  const live = computeLiveNumbers(run);
  cache.set(run, live);
  return live;
}

function computeLiveNumbers(run: RunLike): LiveNumbers | null {
  const rep = run.representativeId >= 0 ? run.requests[run.representativeId] : undefined;
  if (!rep || !rep.completed) return null;
  const m = run.metrics;
  const { load, slo } = run.scenario;
  const done = run.requests.filter((r) => r.completed);
  // The slowest 1% by TTFT (at least one request): what the p99 is made of.
  const bySlowest = done.slice().sort((a, b) => b.ttftMs - a.ttftMs);
  const tail = bySlowest.slice(0, Math.max(1, Math.ceil(done.length * 0.01)));
  return {
    ttftMs: rep.ttftMs,
    tpotMs: rep.tpotMs,
    e2eMs: rep.e2eMs,
    outputTokens: rep.outputTokens,
    promptTokens: rep.promptTokens,
    parts: ttftPartsOf(rep),
    decodeMs: rep.e2eMs - rep.ttftMs,
    metSlo: meetsSlo(rep, slo),
    ttftMeanMs: m.ttftMs.mean,
    ttftP50Ms: m.ttftMs.p50,
    ttftP95Ms: m.ttftMs.p95,
    ttftP99Ms: m.ttftMs.p99,
    tpotMeanMs: m.tpotMs.mean,
    tpotP50Ms: m.tpotMs.p50,
    tpotP95Ms: m.tpotMs.p95,
    tpotP99Ms: m.tpotMs.p99,
    e2eP50Ms: m.e2eMs.p50,
    tailParts: meanParts(tail),
    allParts: meanParts(done),
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
