import { requestBreakdown } from '../engine/breakdown';
import type { ResolvedServing } from '../engine/engines/resolve';
import { schedulerConfig } from '../engine/scheduler/config';
import type { SweepPoint } from '../engine/sweep';
import type { RunMetrics, RunResult, Scenario, Stats, WindowReport } from '../engine/types';
import { instancesJson, leversJson } from './levers';
import type { MemoryJson } from './memoryJson';

/** JSON has no Infinity: an infinite rate or user count is written as "inf". */
export const finiteOrInf = (x: number): number | 'inf' => (x === Infinity ? 'inf' : x);

const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;
const stats = (s: Stats) => ({ count: s.count, mean: round(s.mean), p50: round(s.p50), p90: round(s.p90), p95: round(s.p95), p99: round(s.p99), min: round(s.min), max: round(s.max) });

/** The scenario as the JSON output documents it. */
export function scenarioJson(s: Scenario) {
  return {
    workload: s.workload.id,
    promptTokens: s.workload.promptTokens,
    outputTokens: s.workload.outputTokens,
    spread: s.workload.spread,
    server: s.server.id,
    maxBatch: s.server.maxBatch,
    kvCapacityTokens: s.server.kvCapacityTokens,
    load: s.load.kind === 'closed'
      ? { kind: 'closed' as const, users: s.load.users, thinkMs: s.load.thinkMs }
      : s.load.kind === 'open'
        ? { kind: 'open' as const, ratePerSec: finiteOrInf(s.load.ratePerSec), burstiness: s.load.burstiness }
        : { kind: 'trace' as const, requests: s.load.sendTimesS.length },
    requests: s.requests,
    seed: s.seed,
    chunkedPrefill: s.chunkedPrefill,
    networkRttMs: s.networkRttMs,
    slo: { ttftMs: s.slo.ttftMs, tpotMs: s.slo.tpotMs, e2eMs: s.slo.e2eMs },
    scheduler: schedulerJson(s),
    window: { kind: s.window?.kind ?? 'all', warmup: s.window?.warmup ?? 0 },
    levers: leversJson(s),
  };
}

/** The scheduler the run used, every default filled in; an unlimited budget is null. */
export function schedulerJson(s: Scenario) {
  const c = schedulerConfig(s);
  return {
    admission: c.admission,
    maxBatch: c.maxBatch,
    tokenBudget: Number.isFinite(c.tokenBudget) ? c.tokenBudget : null,
    chunkedPrefill: c.chunked,
    mixedBatches: c.mixedBatches,
    watermark: c.admission === 'paged' ? c.watermark : null,
    blockTokens: c.admission === 'paged' ? c.blockTokens : null,
  };
}

/** Where the serving settings came from: the engine preset (with its version), explicit values, or the server. */
export function servingJson(r: ResolvedServing) {
  return {
    engine: r.engine?.id ?? null,
    engineVersion: r.engine?.version ?? null,
    engineImplied: r.engineImplied,
    from: r.from,
    gpuMemory: r.memory ? { rule: r.memory.kvShareOfFree < 1 ? 'share of free memory' : 'share of total memory', share: r.memory.kvShareOfFree < 1 ? r.memory.kvShareOfFree : r.memory.memoryUtilization } : null,
    stepCostsFitted: r.engine ? r.engine.efficiency.fitted : null,
  };
}

/** Which requests the metrics counted. */
export function windowJson(w: WindowReport) {
  return {
    kind: w.kind,
    warmup: w.warmup,
    counted: w.counted,
    excludedWarmup: w.excludedWarmup,
    excludedRamp: w.excludedRamp,
    excludedDrain: w.excludedDrain,
    fillS: w.fillS === null ? null : round(w.fillS),
    drainS: w.drainS === null ? null : round(w.drainS),
    fromS: round(w.fromS),
    toS: round(w.toS),
    fallback: w.fallback,
    requestIds: w.idRanges,
  };
}

/** Run metrics with rounded numbers. */
export function metricsJson(m: RunMetrics) {
  return {
    completed: m.completed,
    rejected: m.rejected,
    durationS: round(m.durationS),
    ttftMs: stats(m.ttftMs),
    tpotMs: stats(m.tpotMs),
    itlMs: stats(m.itlMs),
    e2eMs: stats(m.e2eMs),
    queueMs: stats(m.queueMs),
    outputTokPerSec: round(m.outputTokPerSec),
    requestsPerSec: round(m.requestsPerSec, 4),
    goodputReqPerSec: round(m.goodputReqPerSec, 4),
    sloMetShare: round(m.sloMetShare, 4),
    userTokPerSec: round(m.userTokPerSec),
    preemptions: m.preemptions ?? 0,
    recomputedTokens: m.recomputedTokens ?? 0,
    prefixHitRate: m.prefixHitRate === undefined ? null : round(m.prefixHitRate, 4),
  };
}

/** `predict --json`. */
export function predictJson(result: RunResult, serving?: ResolvedServing, memory: MemoryJson[] | null = null) {
  const rep = requestBreakdown(result, result.representativeId);
  const d = result.metrics.durationS;
  return {
    scenario: scenarioJson(result.scenario),
    ...(serving ? { serving: servingJson(serving) } : {}),
    window: windowJson(result.window),
    metrics: metricsJson(result.metrics),
    representative: rep && Object.fromEntries(Object.entries(rep).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v])),
    limits: {
      peakBatch: result.peakBatch,
      peakKvReservedTokens: result.peakKvReservedTokens,
      batchLimitedShare: round(d > 0 ? result.limits.batchS / d : 0, 4),
      memoryLimitedShare: round(d > 0 ? result.limits.memoryS / d : 0, 4),
    },
    instances: instancesJson(result),
    memory,
  };
}

/** `sweep --json`. */
export function sweepJson(base: Scenario, axis: 'users' | 'rate', points: readonly SweepPoint[], serving?: ResolvedServing) {
  return {
    scenario: scenarioJson(base),
    ...(serving ? { serving: servingJson(serving) } : {}),
    axis,
    window: points[0]?.window.kind ?? 'steady',
    points: points.map((p) => ({
      users: p.users,
      ratePerSec: p.ratePerSec === null ? null : finiteOrInf(p.ratePerSec),
      outputTokPerSec: round(p.metrics.outputTokPerSec),
      requestsPerSec: round(p.metrics.requestsPerSec, 4),
      goodputReqPerSec: round(p.metrics.goodputReqPerSec, 4),
      sloMetShare: round(p.metrics.sloMetShare, 4),
      userTokPerSec: round(p.metrics.userTokPerSec),
      ttftMs: stats(p.metrics.ttftMs),
      tpotMs: stats(p.metrics.tpotMs),
      itlMs: stats(p.metrics.itlMs),
      e2eMs: stats(p.metrics.e2eMs),
      peakBatch: p.peakBatch,
      batchLimitedShare: round(p.batchLimitedShare, 4),
      memoryLimitedShare: round(p.memoryLimitedShare, 4),
      limitingFactor: p.limitingFactor,
      beyondCapacity: p.beyondCapacity,
      preemptions: p.metrics.preemptions ?? 0,
      window: p.window,
    })),
  };
}
