/**
 * The worker's edge runs (see `src/engine/uncertainty`), in the order the page
 * wants them: the main run's ranges (two runs, before the curve's points),
 * then, after the points, the sensitivity and a band per point. The readouts
 * never wait for them; the curve waits for the two corner runs only.
 */
import type { SweepAxis, SweepPoint } from '../engine/sweep';
import type { KvCapacityBounds, RunMetrics, Scenario } from '../engine/types';
import { EdgeRunner, PREDICTION_SPREADS, predictionRanges, predictionSensitivity, sweepBands, type SweepBand } from '../engine/uncertainty';
import { rangesNote } from '../settings/ranges';
import type { Settings } from '../settings/schema';
import type { WorkerReply } from './protocol';

/** Bands by the same key as sweep points (the curve does not depend on the current load), least recently used evicted. */
export class BandCache {
  private readonly map = new Map<string, SweepBand>();
  constructor(private readonly capacity = 400) {}
  get(key: string): SweepBand | undefined {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
    }
    return hit;
  }
  set(key: string, band: SweepBand): void {
    this.map.delete(key);
    this.map.set(key, band);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as string);
  }
}

/** Whether `settings` get edge runs: a hardware server with ranges on. */
export const wantsEdges = (settings: Settings): boolean => rangesNote(settings) === null;

/** The main run's ranges and the runner that will give its sensitivity (sharing its runs). */
export function mainRanges(id: number, scenario: Scenario, point: RunMetrics, pointKvBounds: KvCapacityBounds | null): { reply: WorkerReply; runner: EdgeRunner } {
  const runner = new EdgeRunner(scenario, point, pointKvBounds);
  const r = predictionRanges(scenario, point, PREDICTION_SPREADS, runner);
  return { reply: { type: 'ranges', id, ranges: r.ranges, spreads: PREDICTION_SPREADS }, runner };
}

/** The band of one sweep point (index `index` of `axis`). */
export function pointBand(scenario: Scenario, axis: SweepAxis, index: number, point: SweepPoint, windowKind: 'all' | 'steady'): SweepBand {
  const one: SweepAxis = axis.kind === 'users' ? { kind: 'users', values: [axis.values[index]] } : { kind: 'rate', values: [axis.values[index]] };
  return sweepBands(scenario, one, [point], PREDICTION_SPREADS, { kind: windowKind, warmup: scenario.window?.warmup ?? 0 })[0];
}

/** The sensitivity reply, the corners' runs reused. */
export function sensitivityReply(id: number, scenario: Scenario, point: RunMetrics, runner: EdgeRunner): WorkerReply {
  return { type: 'sensitivity', id, sensitivity: predictionSensitivity(scenario, point, PREDICTION_SPREADS, runner) };
}
