import { requestBreakdown } from '../engine/breakdown';
import { clusterShape } from '../engine/levers/config';
import { tokenTimesS } from '../engine/tokens';
import type { RunResult, Scenario, ServerProfile } from '../engine/types';
import type { LeversSummary, MainResult, RepresentativeRequest, ScenarioSummary, ServerSummary } from './protocol';

/** A server as structured-cloneable data. */
function summarizeServer(p: ServerProfile): ServerSummary {
  const { id, label, maxBatch, kvCapacityTokens, chunkBudgetTokens, gpus, kvLink } = p;
  return { id, label, maxBatch, kvCapacityTokens, chunkBudgetTokens, ...(gpus !== undefined ? { gpus } : {}), ...(kvLink ? { kvLink } : {}) };
}

/** The scenario as structured-cloneable data. */
export function summarizeScenario(s: Scenario): ScenarioSummary {
  return {
    workload: s.workload,
    server: summarizeServer(s.server),
    load: s.load,
    slo: s.slo,
    requests: s.requests,
    seed: s.seed,
    chunkedPrefill: s.chunkedPrefill,
    networkRttMs: s.networkRttMs,
    ...(s.scheduler ? { scheduler: s.scheduler } : {}),
    ...(s.window ? { window: s.window } : {}),
    ...(s.levers ? { levers: cloneableLevers(s.levers) } : {}),
  };
}

/** The levers without a draft's or a pool server's step-cost function (they cannot cross to the page; the page never prices a step). */
function cloneableLevers(l: NonNullable<Scenario['levers']>): LeversSummary {
  const d = l.disaggregated;
  const out: LeversSummary = d && (d.prefillServer || d.decodeServer)
    ? { ...l, disaggregated: { ...d, ...(d.prefillServer ? { prefillServer: summarizeServer(d.prefillServer) } : {}), ...(d.decodeServer ? { decodeServer: summarizeServer(d.decodeServer) } : {}) } }
    : (l as LeversSummary);
  if (!l.speculative?.draftStepSeconds) return out;
  const speculative = { ...l.speculative };
  delete speculative.draftStepSeconds;
  return { ...out, speculative };
}

/** The representative request's breakdown and token arrival times, or null. */
export function representativeOf(result: RunResult): RepresentativeRequest | null {
  const breakdown = requestBreakdown(result, result.representativeId);
  if (!breakdown) return null;
  const sendS = result.requests[result.representativeId].sendS;
  const tokenTimesMs = tokenTimesS(result, result.representativeId).map((t) => (t - sendS) * 1000);
  return { breakdown, tokenTimesMs };
}

/** Everything the page needs from a run, with no functions in it. */
export function mainResultOf(result: RunResult, computeMs: number): MainResult {
  return {
    scenario: summarizeScenario(result.scenario),
    metrics: result.metrics,
    window: result.window,
    requests: result.requests,
    log: result.log,
    limits: result.limits,
    representativeId: result.representativeId,
    representative: representativeOf(result),
    peakBatch: result.peakBatch,
    peakKvReservedTokens: result.peakKvReservedTokens,
    ...(result.instances ? { instances: result.instances } : {}),
    ...(result.prefixCache ? { prefixCache: result.prefixCache } : {}),
    cluster: clusterShape(result.scenario),
    computeMs,
  };
}
