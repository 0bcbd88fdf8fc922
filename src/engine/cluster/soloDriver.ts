/** The one-instance loop as a driver of a run (see `soloLoop.ts`): it takes the plainest runs only. */
import type { RunDriver } from '../runSetup';
import { runSolo, soloRuns } from './soloLoop';

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
