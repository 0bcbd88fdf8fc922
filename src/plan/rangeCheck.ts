/**
 * Is a recommended deployment near its knee? Its run at the asked rate is
 * repeated at the edges of what the lab is unsure of (the ranges `lab predict`
 * gives: engine/uncertainty's two joint corners, same seed, same requests),
 * and the plan says so when the range of p90 TTFT, p90 TPOT or the share in
 * time crosses its target, or a corner leaves requests out. When it does,
 * each input is run alone at its unfavourable end to name the one the
 * verdict hangs on. Only the cheapest few rows are checked (`RANGE_CHECKED_ROWS`),
 * after the search, so a plan costs a handful of simulations more, not one
 * per shape. Pure: the pool runs it in its workers.
 */
import { simulate } from '../engine/simulate';
import type { RunMetrics } from '../engine/types';
import { cornerEdges, EdgeRunner, edgeFrontendMs, edgeKvTokens, inputEnds, PREDICTION_SPREADS, UNCERTAIN_INPUTS, type PredictionSpreads, type Span, type UncertainInput } from '../engine/uncertainty';
import { planScenario } from './evaluate';
import type { PlanConfig, PlannedConfig, PlanRequest, PlanResult } from './types';

/** Rows of a plan (cheapest first) whose ranges are checked. */
export const RANGE_CHECKED_ROWS = 5;

/** A target a range can cross: p90 TTFT, p90 TPOT, the share in time, or every request completing. */
export type CrossedTarget = 'ttftP90' | 'tpotP90' | 'inTime' | 'completion';

/** One uncertain input alone at the end that hurts (less KV, dearer steps, a slower front end), the others as given. */
export interface InputAtWorstEnd {
  input: UncertainInput;
  /** Its value there, in its unit: KV tokens, × step cost, × the prefill part of a step, front-end ms per request. */
  value: number;
  /** The run there meets every target. */
  meets: boolean;
  ttftP90Ms: number;
  tpotP90Ms: number;
  inTimeShare: number;
  /** How close the run comes to missing: its worst metric over its target (above 1 misses; `pressure`). */
  pressure: number;
}

/** Each uncertain input in words, for the plan's reasons (CLI and page). */
export const INPUT_WORDS: Record<UncertainInput, string> = { kvCapacity: 'the KV cache capacity', stepCost: 'the step cost', prefillCost: 'the prefill cost', frontend: 'the front end' };

/** Each target in words. */
export const TARGET_WORDS: Record<CrossedTarget, string> = { ttftP90: 'p90 TTFT', tpotP90: 'p90 TPOT', inTime: 'the share in time', completion: 'every request completing' };

/** What the ranges say of one deployment at the asked rate. */
export interface RangeVerdict {
  /** [lo, hi] over the point and the two corners: p90 TTFT and p90 TPOT (ms), share in time (0..1). */
  ttftP90Ms: Span;
  tpotP90Ms: Span;
  inTimeShare: Span;
  /** The targets its ranges cross; empty when every corner meets them. */
  crosses: CrossedTarget[];
  /** When it crosses: the input whose unfavourable end alone comes closest to missing (or misses furthest); else null. */
  hangsOn: UncertainInput | null;
  /** When it crosses: each input alone at its unfavourable end, the one the verdict hangs on first; else empty. */
  sensitivity: InputAtWorstEnd[];
  /** Simulations this check ran (the point's included). */
  runs: number;
}

/** The metrics a verdict reads. */
type Judgeable = Pick<RunMetrics, 'completed' | 'rejected' | 'sloMetShare'> & { ttftMs: { p90: number }; tpotMs: { p90: number } };

/**
 * How close a run comes to missing the targets: the largest of p90 TTFT over
 * its target, p90 TPOT over its target and the share out of time over the
 * share allowed out of time. Above 1 it misses; a run that leaves requests
 * out (or completes none) is Infinity.
 */
export function pressure(req: PlanRequest, m: Judgeable): number {
  if (m.completed === 0 || m.rejected > 0) return Infinity;
  const late = 1 - m.sloMetShare;
  const allowed = 1 - req.inTimeShare;
  const inTime = allowed > 0 ? late / allowed : late > 0 ? Infinity : 0;
  return Math.max(m.ttftMs.p90 / req.ttftSloMs, m.tpotMs.p90 / req.tpotSloMs, inTime);
}

const spanOf = (xs: readonly number[]): Span => [Math.min(...xs), Math.max(...xs)];

/** The targets a set of runs crosses (any run misses it). */
function crossed(req: PlanRequest, runs: readonly Judgeable[]): CrossedTarget[] {
  const out: CrossedTarget[] = [];
  const done = runs.filter((m) => m.completed > 0);
  if (done.some((m) => m.ttftMs.p90 > req.ttftSloMs)) out.push('ttftP90');
  if (done.some((m) => m.tpotMs.p90 > req.tpotSloMs)) out.push('tpotP90');
  if (runs.some((m) => m.sloMetShare < req.inTimeShare)) out.push('inTime');
  if (runs.some((m) => m.completed === 0 || m.rejected > 0)) out.push('completion');
  return out;
}

/**
 * The ranges of `c` at the asked rate (see the module comment). Two corner
 * runs besides the point; three more when they cross a target. `null` when
 * the configuration cannot be built (it could not have been planned then).
 */
export function rangeVerdict(req: PlanRequest, c: PlanConfig, spreads: PredictionSpreads = PREDICTION_SPREADS): RangeVerdict | null {
  const built = planScenario(req, c, req.ratePerSec);
  if (!built.ok) return null;
  const scenario = built.scenario;
  const point = simulate(scenario);
  const runner = new EdgeRunner(scenario, point.metrics, point.kvBounds);
  const { low, high } = cornerEdges(spreads);
  const runs = [point.metrics, runner.metrics(low), runner.metrics(high)];
  const done = runs.filter((m) => m.completed > 0);
  const crosses = crossed(req, runs);
  const sensitivity: InputAtWorstEnd[] = [];
  if (crosses.length > 0) {
    for (const input of UNCERTAIN_INPUTS) {
      const worst = inputEnds(spreads, input)[1];
      const m = runner.metrics(worst);
      const value = input === 'kvCapacity' ? edgeKvTokens(scenario, worst) : input === 'stepCost' ? worst.stepCost : input === 'prefillCost' ? worst.prefillCost : edgeFrontendMs(scenario, worst.frontend);
      sensitivity.push({ input, value, meets: crossed(req, [m]).length === 0, ttftP90Ms: m.ttftMs.p90, tpotP90Ms: m.tpotMs.p90, inTimeShare: m.sloMetShare, pressure: pressure(req, m) });
    }
    // Stable: ties keep the inputs' own order.
    sensitivity.sort((a, b) => b.pressure - a.pressure);
  }
  return {
    ttftP90Ms: spanOf(done.map((m) => m.ttftMs.p90)),
    tpotP90Ms: spanOf(done.map((m) => m.tpotMs.p90)),
    inTimeShare: spanOf(runs.map((m) => m.sloMetShare)),
    crosses,
    hangsOn: sensitivity[0]?.input ?? null,
    sensitivity,
    runs: 1 + runner.edgeRuns,
  };
}

/**
 * `c` with its range verdict: near the knee when its ranges cross a target
 * (reason `ranges`) or, as before, when it sustains less than `NEAR_KNEE` ×
 * the asked rate (reason `headroom`).
 */
export function withRangeVerdict(c: PlannedConfig, verdict: RangeVerdict | null): PlannedConfig {
  const kneeReasons = [...(verdict && verdict.crosses.length > 0 ? (['ranges'] as const) : []), ...c.kneeReasons.filter((r) => r !== 'ranges')];
  return { ...c, ranges: verdict, kneeReasons, nearKnee: kneeReasons.length > 0 };
}

/** How many of a plan's rows get a range check: the cheapest `RANGE_CHECKED_ROWS`. */
export function rangeCheckedRows(result: PlanResult): number {
  return Math.min(RANGE_CHECKED_ROWS, result.configs.length);
}

/** The plan with the verdicts of its cheapest rows (`verdicts[i]` for row i; a row without one keeps its headroom flag alone). */
export function withRangeVerdicts(result: PlanResult, verdicts: readonly (RangeVerdict | null | undefined)[]): PlanResult {
  let rangeRuns = result.rangeRuns;
  const configs = result.configs.map((c, i) => {
    const v = verdicts[i];
    if (v === undefined) return c;
    rangeRuns += v?.runs ?? 0;
    return withRangeVerdict(c, v);
  });
  return { ...result, configs, rangeRuns };
}
