/** The one-instance loop as a driver of a run (see `soloLoop.ts`), and the runs it takes: the plainest only. */
import { leverConfig, type LeverConfig } from '../levers/config';
import type { RunDriver } from '../runSetup';
import { schedulerConfig, type SchedulerConfig } from '../scheduler/config';
import type { Scenario } from '../types';
import { validateScenario } from '../validate';
import { runSolo } from './soloLoop';

/**
 * True when `runSolo` runs a scenario with this scheduler and these levers
 * exactly as the cluster driver would: one instance, reserve admission,
 * mixed batches, no prefix cache and no speculative decoding.
 */
export function soloRuns(cfg: SchedulerConfig, levers: LeverConfig): boolean {
  return !levers.multiInstance && levers.spec === null && levers.prefixCache === null && levers.prefixShare === 0 && cfg.admission === 'reserve' && cfg.mixedBatches;
}

/** True when `simulate` runs `scenario` (validated or not) through the one-instance loop. */
export function soloLoopTakes(scenario: Scenario): boolean {
  const s = validateScenario(scenario);
  return soloRuns(schedulerConfig(s), leverConfig(s));
}
/** Runs a scenario `soloRuns` takes on the one-instance loop. */
export const SOLO_DRIVER: RunDriver = {
  takes: soloRuns,
  run({ cfg, servers, itl, door, records, finish, reject }) {
    const use = servers.useOf('colocated');
    const hooks = {
      finish,
      reject,
      handoff: (): never => {
        throw new Error('engine invariant: a request handed off on a colocated instance');
      },
    };
    return [{ role: 'colocated', prefix: null, ...runSolo({ cfg, probe: use.probe, cost: use.cost, itl, hooks, door, records }) }];
  },
};
