/**
 * Ranges and sensitivity of one prediction, by simulation: the scenario is run
 * again at the edges of what the lab is unsure of (same seed, same requests)
 * and the edge runs' metrics are folded around the point's.
 */
import { simulate } from '../simulate';
import type { RunMetrics, Scenario } from '../types';
import { cornerEdges, edgeFrontendMs, edgeKey, edgeScenario, inputEnds, UNCERTAIN_INPUTS, AS_GIVEN, type EdgeMultipliers, type UncertainInput } from './edges';
import { foldRanges, type MetricRanges } from './fold';
import type { PredictionSpreads } from './spreads';

/** Runs one scenario to its metrics (a plain `simulate` unless a caller measures differently, as a sweep does). */
export type MetricsOf = (s: Scenario) => RunMetrics;

const simulateMetrics: MetricsOf = (s) => simulate(s).metrics;

/** One input's effect on TTFT: the scenario with that input alone at each end of its spread. */
export interface InputSensitivity {
  input: UncertainInput;
  /** The input's value at each end, in its unit: KV tokens, × step cost, front-end ms per request. */
  ends: [number, number];
  /** Mean TTFT with the input at each end (the end that lowers TTFT first), ms. */
  ttftMs: [number, number];
  /** |ttftMs[1] − ttftMs[0]|, ms: how far this input alone moves TTFT. */
  swingMs: number;
}

/** A prediction's ranges, with what they are made of. */
export interface RangedPrediction {
  ranges: MetricRanges;
  /** The corners' mean TTFT (lowest corner, highest corner), ms. */
  cornerTtftMs: [number, number];
  spreads: PredictionSpreads;
}

/** Memoises runs by edge, so an edge equal to the point (or to another edge) is never run twice. */
export class EdgeRunner {
  private readonly runs = new Map<string, RunMetrics>();

  constructor(
    private readonly scenario: Scenario,
    point: RunMetrics,
    private readonly metricsOf: MetricsOf = simulateMetrics,
  ) {
    this.runs.set(edgeKey(scenario, AS_GIVEN), point);
  }

  /** The metrics of the scenario at edge `m`. */
  metrics(m: EdgeMultipliers): RunMetrics {
    const key = edgeKey(this.scenario, m);
    let hit = this.runs.get(key);
    if (!hit) {
      hit = this.metricsOf(edgeScenario(this.scenario, m));
      this.runs.set(key, hit);
    }
    return hit;
  }

  /** Simulations run so far, the point's excluded. */
  get edgeRuns(): number {
    return this.runs.size - 1;
  }
}

/**
 * The ranges of `point` (the metrics of `scenario` as given): the two joint
 * corners that make TTFT lowest and highest, folded with the point. Two runs.
 */
export function predictionRanges(scenario: Scenario, point: RunMetrics, spreads: PredictionSpreads, runner = new EdgeRunner(scenario, point)): RangedPrediction {
  const { low, high } = cornerEdges(spreads);
  const lo = runner.metrics(low);
  const hi = runner.metrics(high);
  return { ranges: foldRanges(point, [lo, hi]), cornerTtftMs: [lo.ttftMs.mean, hi.ttftMs.mean], spreads };
}

/** The value of `input` at edge `m`, in its unit (KV tokens, × step cost, front-end ms). */
function inputValue(s: Scenario, input: UncertainInput, m: EdgeMultipliers): number {
  if (input === 'kvCapacity') return Math.max(1, Math.floor(s.server.kvCapacityTokens * m.kvCapacity));
  if (input === 'stepCost') return m.stepCost;
  return edgeFrontendMs(s, m.frontend);
}

/**
 * Each input alone at the two ends of its spread, the others as given, most
 * TTFT-moving first. Up to six runs; an end that is the scenario itself
 * (a front end below none) reuses the point.
 */
export function predictionSensitivity(scenario: Scenario, point: RunMetrics, spreads: PredictionSpreads, runner = new EdgeRunner(scenario, point)): InputSensitivity[] {
  const out = UNCERTAIN_INPUTS.map((input): InputSensitivity => {
    const [a, b] = inputEnds(spreads, input);
    const ttftMs: [number, number] = [runner.metrics(a).ttftMs.mean, runner.metrics(b).ttftMs.mean];
    return { input, ends: [inputValue(scenario, input, a), inputValue(scenario, input, b)], ttftMs, swingMs: Math.abs(ttftMs[1] - ttftMs[0]) };
  });
  // Stable: ties keep the inputs' own order.
  return out.map((x, i) => [x, i] as const).sort((p, q) => q[0].swingMs - p[0].swingMs || p[1] - q[1]).map(([x]) => x);
}
