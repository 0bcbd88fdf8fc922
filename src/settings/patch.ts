import type { Settings } from './schema';
import { workloadTargets } from './targets';

/**
 * Settings after a change from a control: the patch merged in, with the
 * targets rule of the schema. Setting `ttftSlo` or `tpotSlo` makes the
 * targets the user's own (unless the patch says otherwise); while they follow
 * the workload, they are the workload's.
 */
export function patchSettings(prev: Settings, patch: Partial<Settings>): Settings {
  const next = { ...prev, ...patch };
  if (!('targetsFollowWorkload' in patch) && ('ttftSlo' in patch || 'tpotSlo' in patch)) next.targetsFollowWorkload = false;
  if (next.targetsFollowWorkload) Object.assign(next, workloadTargets(next.workload));
  return next;
}
