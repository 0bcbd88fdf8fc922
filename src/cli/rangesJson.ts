/**
 * The ranges in the CLI's JSON: added to `predictJson` and `sweepJson`
 * documents, so with ranges off those documents are exactly as before.
 */
import type { SweepPoint } from '../engine/sweep';
import type { Scenario } from '../engine/types';
import { EdgeRunner, PREDICTION_SPREADS, kneeRegion, predictionRanges, predictionSensitivity, sweepBands, type InputSensitivity, type KneeRegion, type PredictionSpreads, type RangedPrediction, type Span, type StatRange, type SweepBand } from '../engine/uncertainty';
import type { RunResult } from '../engine/types';
import type { SweepAxis } from '../engine/sweep';
import type { MeasurementWindow } from '../engine/types';

const round = (x: number, digits = 3): number => Math.round(x * 10 ** digits) / 10 ** digits;
const span = ([lo, hi]: Span): Span => [round(lo), round(hi)];
const statRange = (r: StatRange) => ({ mean: span(r.mean), p50: span(r.p50), p90: span(r.p90), p99: span(r.p99) });

/** What the lab is unsure of, as the JSON states it. */
export function spreadsJson(sp: PredictionSpreads, edgeRuns: number) {
  return { kvCapacity: sp.kvCapacity, stepCost: sp.stepCost, prefillCost: sp.prefillCost, frontend: sp.frontend, source: sp.source, edgeRuns };
}

/** A prediction's ranges and sensitivity, computed by edge runs. */
export interface PredictionUncertainty {
  ranged: RangedPrediction;
  sensitivity: InputSensitivity[];
  edgeRuns: number;
}

/** Runs the edges of `result`'s scenario: the two corners, then each input alone. */
export function predictionUncertainty(result: RunResult, spreads: PredictionSpreads = PREDICTION_SPREADS): PredictionUncertainty {
  const runner = new EdgeRunner(result.scenario, result.metrics, result.kvBounds);
  const ranged = predictionRanges(result.scenario, result.metrics, spreads, runner);
  const sensitivity = predictionSensitivity(result.scenario, result.metrics, spreads, runner);
  return { ranged, sensitivity, edgeRuns: runner.edgeRuns };
}

type PredictDoc = { metrics: Record<string, unknown> & { ttftMs: object; tpotMs: object; e2eMs: object } } & Record<string, unknown>;

/** `doc` (a `predictJson` document) with its ranges, or with `ranges: null` and the reason. */
export function withPredictionRanges<T extends PredictDoc>(doc: T, u: PredictionUncertainty | { note: string }) {
  if ('note' in u) return { ...doc, ranges: null, rangesNote: u.note };
  const r = u.ranged.ranges;
  return {
    ...doc,
    metrics: {
      ...doc.metrics,
      ttftMs: { ...doc.metrics.ttftMs, range: statRange(r.ttftMs) },
      tpotMs: { ...doc.metrics.tpotMs, range: statRange(r.tpotMs) },
      e2eMs: { ...doc.metrics.e2eMs, range: statRange(r.e2eMs) },
      outputTokPerSecRange: span(r.outputTokPerSec),
    },
    ranges: spreadsJson(u.ranged.spreads, u.edgeRuns),
    sensitivity: u.sensitivity.map((x) => ({ input: x.input, ends: x.ends.map((v) => round(v, 4)), ttftMs: x.ttftMs.map((v) => round(v)), swingMs: round(x.swingMs) })),
  };
}

/** A sweep's bands and knee region. */
export interface SweepUncertainty {
  bands: SweepBand[];
  spreads: PredictionSpreads;
  knee: KneeRegion | null;
}

/** Runs the two corners at every point of a sweep. */
export function sweepUncertainty(base: Scenario, axis: SweepAxis, points: readonly SweepPoint[], window: MeasurementWindow | undefined, spreads: PredictionSpreads = PREDICTION_SPREADS): SweepUncertainty {
  const bands = sweepBands(base, axis, points, spreads, window);
  return { bands, spreads, knee: kneeRegion(points, bands) };
}

type SweepDoc = { points: Record<string, unknown>[] } & Record<string, unknown>;

const loadAt = (points: readonly SweepPoint[], i: number | null) => (i === null ? null : { users: points[i].users, ratePerSec: points[i].ratePerSec });

/** `doc` (a `sweepJson` document) with a band per point and the knee region, or with `ranges: null` and the reason. */
export function withSweepRanges<T extends SweepDoc>(doc: T, points: readonly SweepPoint[], u: SweepUncertainty | { note: string }) {
  if ('note' in u) return { ...doc, ranges: null, rangesNote: u.note };
  return {
    ...doc,
    points: doc.points.map((p, i) => ({ ...p, band: { outputTokPerSec: span(u.bands[i].outputTokPerSec), ttftMs: statRange(u.bands[i].ttftMs), tpotMs: statRange(u.bands[i].tpotMs) } })),
    ranges: spreadsJson(u.spreads, 2 * points.length),
    knee: u.knee && { from: loadAt(points, u.knee.fromIndex), to: loadAt(points, u.knee.toIndex), takeoffTtftMs: round(u.knee.takeoffTtftMs), rule: 'median TTFT: from the last load whose range is all below 3× the light-load median to the first whose range is all above it' },
  };
}
