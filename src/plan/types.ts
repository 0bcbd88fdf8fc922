/**
 * The capacity planner's inputs and outputs. Units are in the names
 * (`ReqPerSec` requests per second, `Ms` milliseconds, `PerHour` US dollars
 * per hour). Pure data: the search is in `search.ts`.
 */
import type { EngineId } from '../engine/engines/presets';
import type { TraceWindow } from '../settings/traceFields';
import type { PlanTraceRef } from './planTrace';
import type { RangeVerdict } from './rangeCheck';

/** What the traffic asks and what it must get. */
export interface PlanRequest {
  /** Model ids to consider (each is planned on its own). */
  models: string[];
  /** Mean prompt and output lengths, tokens. */
  promptTokens: number;
  outputTokens: number;
  /** Relative spread of both lengths (as the `spread` setting); default 0.2. */
  spread: number;
  /** Peak request rate the deployment must serve, requests per second (Poisson arrivals). */
  ratePerSec: number;
  /** Target p90 TTFT and p90 TPOT, ms. */
  ttftSloMs: number;
  tpotSloMs: number;
  /** Share (0..1) of requests that must meet both targets; default 0.95. */
  inTimeShare: number;
  /** GPU ids to consider. */
  gpus: string[];
  /** Weight precisions to consider (each only where the GPU computes in it). */
  precisions: string[];
  /** Engine presets to consider. */
  engines: EngineId[];
  /** Colocated instances (each prefills and decodes), disaggregated prefill/decode instances, or both; default colocated only. */
  splits?: PlanSplit[];
  /** Most GPUs one configuration may use in all. */
  maxGpus: number;
  /**
   * A request trace as the traffic (and the workload's lengths), at its own
   * pace: an evaluation at rate r replays it sped up by r ÷ `meanRatePerSec`,
   * so the asked rate is its mean rate and the sustained rate is the fastest
   * replay that meets the targets. `predict` names what `lab predict` needs to
   * replay it (`--trace SRC` and, when sliced, `--trace-window`). Absent:
   * Poisson arrivals at the rate.
   */
  trace?: PlanTrace;
  /**
   * Levers every candidate runs with, as the link writes them (`specMethod=eagle3&prefixGroups=8`):
   * any setting but the ones the plan sets itself (`PLAN_OWN_KEYS`). Empty or absent: the lab's defaults.
   */
  levers?: string;
  /** Price per GPU-hour by GPU id, typed in by the user (nothing is fetched); empty: rank by GPU count. */
  pricePerGpuHour: Record<string, number>;
  /** Requests simulated per evaluation and the seed of every run. */
  requests: number;
  seed: number;
}

/** A trace a plan replays (already sliced), at speed 1. */
export interface PlanTrace {
  sendS: number[];
  promptTokens: number[];
  outputTokens: number[];
  /** Requests over the span, per second. */
  meanRatePerSec: number;
  /** The `lab predict` options that read the same slice (`--trace azure-code --trace-window 0:600`). */
  predict: string[];
  /** Where it came from: a built-in trace's id, or the file's name (without its folders). */
  source: string;
  /** The slice of the trace, seconds of it (`toS` null: to its end). */
  window: TraceWindow;
  /**
   * Set when it is a built-in trace: which, and the slice. A link can name it
   * (`trace=azure-code&traceWindow=0:600`), so each row's link opens the lab
   * with the same traffic in its Trace section; a file cannot ride in a link.
   */
  builtIn?: PlanTraceRef;
}

/** How a deployment's instances share the work: each does both, or some only prefill and the rest only decode. */
export type PlanSplit = 'colocated' | 'disaggregated';
/** Every split, in the order a plan's shapes list them. */
export const PLAN_SPLITS: readonly PlanSplit[] = ['colocated', 'disaggregated'];

/**
 * One deployment shape: a model on `replicas` instances of `tp` GPUs each;
 * disaggregated, on `prefillInstances` + `decodeInstances` instances of `tp`
 * GPUs instead (and `replicas` is 1).
 */
export interface PlanConfig {
  model: string;
  gpu: string;
  precision: string;
  tp: number;
  replicas: number;
  engine: EngineId;
  /** Set when disaggregated: instances that only prefill and instances that only decode. */
  disaggregated?: { prefillInstances: number; decodeInstances: number };
}

/** A configuration that meets the targets at the asked rate, with what it costs and how far it goes. */
export interface PlannedConfig extends PlanConfig {
  /** GPUs in all (replicas × tp, or prefill + decode instances × tp). */
  gpus: number;
  /** Highest Poisson rate it serves within the targets (bisection), requests per second. */
  sustainedReqPerSec: number;
  /** It meets the targets at the asked rate (true for every config in a plan's list). */
  meets: boolean;
  /** Sustained rate over the asked rate, minus 1 (0.25 = 25% spare). */
  headroom: number;
  /** Requests per second within the targets at the asked rate, per GPU. */
  goodputPerGpu: number;
  /** p90 TTFT and p90 TPOT at the asked rate, ms. */
  ttftP90Ms: number;
  tpotP90Ms: number;
  /** Share of requests that met both targets at the asked rate. */
  inTimeShare: number;
  /** Cost per hour from the prices given, or null without a price for its GPU. */
  costPerHour: number | null;
  /** Near its knee: any of `kneeReasons`. */
  nearKnee: boolean;
  /**
   * Why it is near its knee: `ranges`, its ranges at the asked rate cross a
   * target (`ranges`); `headroom`, it sustains less than 1.2 × the asked rate.
   * Empty when neither.
   */
  kneeReasons: KneeReason[];
  /** Its ranges at the asked rate (rangeCheck.ts), or null for a row past the cheapest `RANGE_CHECKED_ROWS` or a plan stopped before the check. */
  ranges: RangeVerdict | null;
  /** The `lab predict` options that reproduce its run at the asked rate. */
  predict: string[];
  /** The page's link query (no `?`) for this configuration, pinned against the cheapest. */
  link: string;
}

/** Why a deployment is flagged near its knee. */
export type KneeReason = 'ranges' | 'headroom';

/** What a plan found. */
export interface PlanResult {
  /** Simulations run (each one configuration at one rate). */
  evaluated: number;
  /** Configurations that cannot run at all (refused by the catalog or the engine), with the first reasons. */
  refused: { count: number; reasons: string[] };
  /** Simulations the range check of the cheapest rows ran (not in `evaluated`, which counts the search's). */
  rangeRuns: number;
  /** Configurations pruned without a full search: they could not reach the rate within the GPU limit. */
  pruned: number;
  /** Feasible configurations, cheapest first (cost, else GPUs; ties: higher sustained rate first). */
  configs: PlannedConfig[];
  /** True when the search was stopped before it finished (the configs found so far are kept). */
  cancelled: boolean;
}
