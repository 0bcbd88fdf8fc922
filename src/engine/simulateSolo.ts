import { SOLO_DRIVER } from './cluster/soloDriver';
import { runScenario } from './runSetup';
import type { RunResult, Scenario } from './types';

/**
 * `simulate` for the runs the one-instance loop takes (one instance, reserve
 * admission, mixed batches, no lever on), or null for any other: the page's
 * own first runs, whose JavaScript then holds none of the cluster's code.
 * Throws what `simulate` throws for an invalid scenario.
 */
export function simulateSolo(scenario: Scenario): RunResult | null {
  return runScenario(scenario, SOLO_DRIVER);
}
