/**
 * Ranges and sensitivity of one prediction, by simulation: the scenario is run
 * again at the edges of what the lab is unsure of (same seed, same requests)
 * and the edge runs' metrics are folded around the point's.
 */
import { simulate } from '../simulate';
import type { RunMetrics, Scenario } from '../types';
import { sameKvDecisionsAt, type KvCapacityBounds } from '../scheduler/kvBounds';
import { cornerEdges, edgeFrontendMs, edgeKvTokens, edgeScenario, inputEnds, UNCERTAIN_INPUTS, AS_GIVEN, type EdgeMultipliers, type UncertainInput } from './edges';
import { foldRanges, type MetricRanges } from './fold';
import type { PredictionSpreads } from './spreads';

/** What the runner keeps of a run: its metrics and, when known, the KV capacities at which it would be the same run. */
export interface EdgeRun {
  metrics: RunMetrics;
  kvBounds?: KvCapacityBounds;
}

/** Runs one scenario (a plain `simulate` unless a caller measures differently). */
export type MetricsOf = (s: Scenario) => EdgeRun;

const simulateRun: MetricsOf = (s) => simulate(s);

/** One input's effect on TTFT: the scenario with that input alone at each end of its spread. */
export interface InputSensitivity {
  input: UncertainInput;
  /** The input's value at each end, in its unit: KV tokens, × step cost, × prefill cost, front-end ms per request. */
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

interface HeldRun extends EdgeRun {
  kvCapacityTokens: number;
}

/**
 * Runs the scenario at edges, each at most once. Edges with the same step
 * cost, prefill cost and front end differ only in KV capacity, and a run
 * that never let the capacity decide anything at the other edge's capacity
 * (its `kvBounds`: no admission, rejection or preemption would have gone
 * another way) is that edge's run byte for byte, so it is reused rather than
 * run again: at light load both KV ends are the point itself. Edges that
 * differ in step cost, prefill cost or front end always run: no such bound
 * exists for them (and since the corners move both costs, no end is a corner). test/engine/uncertainty-reuse.test.ts checks that reuse gives exactly
 * what running the edge gives.
 */
export class EdgeRunner {
  /** Runs by step cost, prefill cost and front end ("step|prefill|frontendMs"). */
  private readonly families = new Map<string, HeldRun[]>();
  private simulated = 0;
  private reused = 0;

  /** `point`: the metrics of `scenario` as given; `pointKvBounds`: its run's `kvBounds`, when the caller has them. */
  constructor(
    private readonly scenario: Scenario,
    point: RunMetrics,
    pointKvBounds: KvCapacityBounds | null = null,
    private readonly runOf: MetricsOf = simulateRun,
  ) {
    this.hold(AS_GIVEN, { metrics: point, kvBounds: pointKvBounds ?? undefined });
  }

  private familyKey(m: EdgeMultipliers): string {
    return `${m.stepCost}|${m.prefillCost}|${edgeFrontendMs(this.scenario, m.frontend)}`;
  }

  private hold(m: EdgeMultipliers, run: EdgeRun): HeldRun {
    const held: HeldRun = { metrics: run.metrics, kvCapacityTokens: edgeKvTokens(this.scenario, m), ...(run.kvBounds ? { kvBounds: run.kvBounds } : {}) };
    const key = this.familyKey(m);
    const list = this.families.get(key) ?? [];
    list.push(held);
    this.families.set(key, list);
    return held;
  }

  /** The metrics of the scenario at edge `m`. */
  metrics(m: EdgeMultipliers): RunMetrics {
    const kvTokens = edgeKvTokens(this.scenario, m);
    const family = this.families.get(this.familyKey(m)) ?? [];
    const same = family.find((r) => r.kvCapacityTokens === kvTokens);
    if (same) return same.metrics;
    const reusable = family.find((r) => r.kvBounds !== undefined && sameKvDecisionsAt(r.kvBounds, kvTokens));
    if (reusable) {
      this.reused++;
      // Held under its own capacity too, so a later edge finds it at once.
      return this.hold(m, reusable).metrics;
    }
    this.simulated++;
    return this.hold(m, this.runOf(edgeScenario(this.scenario, m))).metrics;
  }

  /** Simulations run so far, the point's excluded. */
  get edgeRuns(): number {
    return this.simulated;
  }

  /** Edges answered by a run made at another KV capacity whose decisions would not change (see `kvBounds`). */
  get reusedRuns(): number {
    return this.reused;
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

/** The value of `input` at edge `m`, in its unit (KV tokens, × step cost, × prefill cost, front-end ms). */
function inputValue(s: Scenario, input: UncertainInput, m: EdgeMultipliers): number {
  if (input === 'kvCapacity') return edgeKvTokens(s, m);
  if (input === 'stepCost') return m.stepCost;
  if (input === 'prefillCost') return m.prefillCost;
  return edgeFrontendMs(s, m.frontend);
}

/**
 * Each input alone at the two ends of its spread, the others as given, most
 * TTFT-moving first. Up to eight runs; an end that is the scenario itself
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
