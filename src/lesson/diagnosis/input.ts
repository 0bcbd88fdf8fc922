import type { RequestBreakdown } from '../../engine/breakdown';
import { percentileSorted } from '../../engine/stats';
import type { IterationLog, LimitTime, LoadSpec, RequestRecord, RunMetrics, Slo } from '../../engine/types';

/**
 * What the diagnosis reads from a run. Both the engine's `RunResult` and the
 * worker's `MainResult` have this shape, so the tests feed real engine runs
 * and the page the worker's results through the same code.
 */
export interface DiagnosisRun {
  scenario: { slo: Slo; load: LoadSpec; server: { maxBatch: number; gpus?: number } };
  metrics: RunMetrics;
  requests: readonly RequestRecord[];
  log: IterationLog;
  instances?: readonly { log: IterationLog }[];
  limits: LimitTime;
  peakBatch: number;
  /** The requests the metrics counted; every completed one when absent. */
  window?: { idRanges: readonly (readonly [number, number])[] };
}

/** The run, reduced to the numbers the rules use. */
export interface DiagnosisInput {
  /** The drawn request (the one the verdict judges), or null when none completed. */
  drawn: RequestBreakdown | null;
  slo: Slo;
  metrics: RunMetrics;
  load: LoadSpec;
  /** Medians over the counted completed requests, ms. */
  medians: { networkMs: number; queueMs: number; prefillMs: number };
  /** Mean TTFT parts of the slowest 1% by TTFT (at least one request), ms. */
  tail: { networkMs: number; queueMs: number; prefillMs: number; ttftMs: number };
  /** Shares 0..1 of counted completed requests that missed each target. */
  missShare: { ttft: number; tpot: number };
  /** Sequences running on the drawn request's instance, time-weighted over its decode. */
  decodeBatch: number;
  maxBatch: number;
  peakBatch: number;
  limits: LimitTime;
  gpus: number;
  gpusPerInstance: number;
}

const networkOf = (r: RequestRecord) => (r.serverArrivalS - r.sendS + r.networkOutS) * 1000;
const prefillOf = (r: RequestRecord) => (r.firstTokenServerS - r.prefillStartS) * 1000;

function median(values: number[]): number {
  if (values.length === 0) return 0;
  values.sort((a, b) => a - b);
  return percentileSorted(values, 50);
}

function countedFilter(run: DiagnosisRun): (r: RequestRecord) => boolean {
  const ranges = run.window?.idRanges;
  if (!ranges) return (r) => r.completed;
  return (r) => r.completed && ranges.some(([a, b]) => r.id >= a && r.id <= b);
}

/**
 * Mean number of sequences running on the request's instance while it
 * decoded (first token to last at the server), weighted by iteration time.
 */
export function decodeBatchOf(run: DiagnosisRun, r: RequestRecord): number {
  const log = r.instance !== undefined && run.instances ? run.instances[r.instance]?.log ?? run.log : run.log;
  const fromS = r.decodeAdmitS ?? r.firstTokenServerS;
  let weighted = 0;
  let total = 0;
  for (let i = 0; i < log.endS.length; i++) {
    const span = log.gapS[i] * log.count[i];
    const startS = log.endS[i] - span;
    const overlap = Math.min(log.endS[i], r.lastTokenServerS) - Math.max(startS, fromS);
    if (overlap <= 0) continue;
    weighted += log.batch[i] * overlap;
    total += overlap;
  }
  return total > 0 ? weighted / total : 1;
}

/**
 * Reduces a run to the diagnosis's input. `drawn` is the drawn request's
 * breakdown (the worker sends it; tests take `requestBreakdown`); `gpus` and
 * `gpusPerInstance` come from the cluster's shape.
 */
export function diagnosisInputOf(run: DiagnosisRun, drawn: RequestBreakdown | null, gpus: number, gpusPerInstance: number): DiagnosisInput {
  const counted = run.requests.filter(countedFilter(run));
  const slo = run.scenario.slo;
  const done = counted.length > 0 ? counted : run.requests.filter((r) => r.completed);
  const bySlowest = done.slice().sort((a, b) => b.ttftMs - a.ttftMs);
  const tailRs = bySlowest.slice(0, Math.max(1, Math.ceil(done.length * 0.01)));
  const mean = (rs: RequestRecord[], f: (r: RequestRecord) => number) => (rs.length ? rs.reduce((s, r) => s + f(r), 0) / rs.length : 0);
  const n = Math.max(1, done.length);
  const multi = done.filter((r) => r.outputTokens > 1);
  const record = drawn ? run.requests[drawn.id] : undefined;
  return {
    drawn,
    slo,
    metrics: run.metrics,
    load: run.scenario.load,
    medians: {
      networkMs: median(done.map(networkOf)),
      queueMs: median(done.map((r) => r.queueMs)),
      prefillMs: median(done.map(prefillOf)),
    },
    tail: {
      networkMs: mean(tailRs, networkOf),
      queueMs: mean(tailRs, (r) => r.queueMs),
      prefillMs: mean(tailRs, prefillOf),
      ttftMs: mean(tailRs, (r) => r.ttftMs),
    },
    missShare: {
      ttft: slo.ttftMs === null ? 0 : done.filter((r) => !(r.ttftMs <= slo.ttftMs!)).length / n,
      tpot: slo.tpotMs === null || multi.length === 0 ? 0 : multi.filter((r) => !(r.tpotMs <= slo.tpotMs!)).length / multi.length,
    },
    decodeBatch: record ? decodeBatchOf(run, record) : 1,
    maxBatch: run.scenario.server.maxBatch,
    peakBatch: run.peakBatch,
    limits: run.limits,
    gpus,
    gpusPerInstance,
  };
}
