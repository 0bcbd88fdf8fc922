import type { RequestBreakdown } from '../engine/breakdown';
import type { SweepAxis, SweepPoint } from '../engine/sweep';
import type { ClusterShape } from '../engine/levers/config';
import type { DisaggregatedOptions, InstanceRun, IterationLog, KvCapacityBounds, KvLink, Levers, LimitTime, RequestRecord, RunMetrics, RunResult, Scenario, WindowReport } from '../engine/types';
import type { Settings } from '../settings/schema';
import type { InputSensitivity, MetricRanges, PredictionSpreads, SweepBand } from '../engine/uncertainty';

/** The server profile without its cost function (functions cannot cross to the page). */
export interface ServerSummary {
  id: string;
  label: string;
  maxBatch: number;
  kvCapacityTokens: number;
  chunkBudgetTokens: number;
  /** GPUs of one instance (absent = 1). */
  gpus?: number;
  /** How its KV cache moves between instances, when known. */
  kvLink?: KvLink;
}

/** Disaggregated pools as plain data: each pool's own server (when it has one) without its cost function. */
export type DisaggregatedSummary = Omit<DisaggregatedOptions, 'prefillServer' | 'decodeServer'> & { prefillServer?: ServerSummary; decodeServer?: ServerSummary };

/** The levers as plain data. */
export type LeversSummary = Omit<Levers, 'disaggregated'> & { disaggregated?: DisaggregatedSummary };

/** The scenario as plain data: the engine's scenario with the servers' cost functions left out. */
export type ScenarioSummary = Omit<Scenario, 'server' | 'levers'> & { server: ServerSummary; levers?: LeversSummary };

/** The representative request as the timeline draws it. */
export interface RepresentativeRequest {
  breakdown: RequestBreakdown;
  /** Client arrival of every output token, ms after the request was sent. */
  tokenTimesMs: number[];
}

/** What the views need from the main run. */
export interface MainResult {
  scenario: ScenarioSummary;
  metrics: RunMetrics;
  /** Which requests the metrics counted (the diagnosis counts misses over the same ones). */
  window: WindowReport;
  requests: RequestRecord[];
  log: IterationLog;
  limits: LimitTime;
  representativeId: number;
  /** Null when no request completed. */
  representative: RepresentativeRequest | null;
  peakBatch: number;
  peakKvReservedTokens: number;
  /** Multi-instance runs: every instance (prefill first), as the engine gives them; absent for one instance. */
  instances?: InstanceRun[];
  /** The prefix cache in KV memory: blocks evicted, peak tokens cached; absent when off. */
  prefixCache?: RunResult['prefixCache'];
  /** The instances the scenario runs and the GPUs they take. */
  cluster: ClusterShape;
  /** Wall time the worker spent simulating, ms. */
  computeMs: number;
}

/** Page → worker: simulate these settings. A newer id supersedes every older one. */
export interface RunRequest {
  type: 'run';
  id: number;
  settings: Settings;
  /** The loads to sweep, instead of the curve's own axis for these settings (the goodput-against-rate comparison). */
  axis?: SweepAxis;
  /**
   * The window each sweep point counts: `steady` (the default, the curve's) or `all`. The
   * goodput-against-rate comparison counts every request sent, as DistServe's SLO attainment
   * does: past capacity the queue grows, and a steady window would leave out the requests stuck in it.
   */
  sweepWindow?: 'all' | 'steady';
  /**
   * The page already shows this run's main result (it ran on the page). With `axis` (the
   * page sends the curve's axis from its own result) the worker only sweeps; without it, it
   * runs the main simulation for the axis and replies with its cost only (`main-cost`). Either
   * way no result is copied back: deserialising one costs the page several milliseconds right
   * when it is painting the readouts, and simulating it again delays the curve.
   */
  shown?: boolean;
  /** With `shown`: the main run's metrics, so the edge runs fold around them without running it again. */
  pointMetrics?: RunMetrics;
  /** With `pointMetrics`: its run's `kvBounds`, so edges that only move KV capacity can reuse it (see EdgeRunner). */
  pointKvBounds?: KvCapacityBounds;
}

/** Worker → page. */
export type WorkerReply =
  | { type: 'main'; id: number; result: MainResult }
  | { type: 'main-cost'; id: number; computeMs: number }
  | { type: 'sweep-point'; id: number; index: number; total: number; axis: 'users' | 'rate'; point: SweepPoint }
  | { type: 'sweep-done'; id: number; computeMs: number }
  | { type: 'error'; id: number; param: string; message: string }
  /** After the main run, for a hardware server with ranges on: its ranges (the two corners folded with it). */
  | { type: 'ranges'; id: number; ranges: MetricRanges; spreads: PredictionSpreads }
  /** After the sweep: one point's band. */
  | { type: 'sweep-band'; id: number; index: number; band: SweepBand }
  /** Last: each uncertain input alone at its two ends. */
  | { type: 'sensitivity'; id: number; sensitivity: InputSensitivity[] };
