/**
 * The held-out calibration rows as scenarios: each run under load with the
 * server built by the fold that never saw its group, so a range can be
 * checked against a measurement its fit did not use (coverage).
 */
import type { RooflineFactors } from '../profiles/cost';
import type { Scenario } from '../types';
import { groupOf } from './crossval';
import type { CalibrationFactors } from './factors';
import { HELD_OUT_FACTORS } from './folds';
import { loadScenario, loadServer } from './load';
import type { CalibrationCase } from './mapping';

/** The run-metric field a held-out case measured (the run's `metrics` key; TTFT and TPOT are means). */
export type HeldOutMetric = 'ttftMs' | 'tpotMs' | 'outputTokPerSec';

/** One held-out measurement and the scenario that reproduces it. */
export interface HeldOutCase {
  /** Row id in measurements-load.csv. */
  id: string;
  /** Model × GPU group, held out of the fit that built `scenario.server`. */
  group: string;
  metric: HeldOutMetric;
  /** `mean` for TTFT and TPOT; `value` for throughput (output tok/s of the run). */
  statistic: 'mean' | 'value';
  /** Measured value in the metric's unit (ms, or output tok/s for the whole TP group). */
  measured: number;
  scenario: Scenario;
}

const METRIC: Partial<Record<CalibrationCase['kind'], HeldOutMetric>> = {
  'load-ttft': 'ttftMs',
  'load-tpot': 'tpotMs',
  'load-throughput': 'outputTokPerSec',
};

/**
 * Every run under load among `cases` whose group has a fold, as a scenario
 * (the row's own setup, `setupFor`) on that fold's server, with the measured value.
 * Rows the fold's server cannot hold are left out. Pure: `folds` defaults to
 * the committed `HELD_OUT_FACTORS`.
 */
export function heldOutCases(
  cases: readonly CalibrationCase[],
  folds: Readonly<Record<string, CalibrationFactors | RooflineFactors>> = HELD_OUT_FACTORS,
): HeldOutCase[] {
  const out: HeldOutCase[] = [];
  for (const c of cases) {
    const metric = METRIC[c.kind];
    const group = groupOf(c);
    const f = folds[group];
    if (!metric || !f) continue;
    const server = loadServer(c, f);
    if (typeof server === 'string') continue;
    out.push({ id: c.id, group, metric, statistic: metric === 'outputTokPerSec' ? 'value' : 'mean', measured: c.measured, scenario: loadScenario(c, server) });
  }
  return out;
}
