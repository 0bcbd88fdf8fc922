/**
 * The search for a disaggregated shape: `tp`-GPU instances that only
 * prefill and instances that only decode. From one of each, the side whose
 * target is further off grows by one instance (TTFT: prefill; TPOT: decode),
 * each step a simulation at the asked rate, until the targets are met or the
 * GPU limit is reached; then each side shrinks while the targets still hold,
 * so one instance fewer on either side misses them. Greedy, not exhaustive:
 * the two sides are found one step at a time.
 */
import { judge, sustainedRate, type Counter, type Judged } from './evaluate';
import { plannedConfig } from './planned';
import type { ShapeOutcome } from './search';
import type { PlanConfig, PlanRequest } from './types';

const withSplit = (shape: PlanConfig, prefillInstances: number, decodeInstances: number): PlanConfig => ({ ...shape, replicas: 1, disaggregated: { prefillInstances, decodeInstances } });

/** Searches a disaggregated shape (see the module comment); `counter` counts its simulations. */
export function searchSplit(req: PlanRequest, shape: PlanConfig, counter: Counter, signal?: AbortSignal): ShapeOutcome {
  const R = req.ratePerSec;
  const maxInstances = Math.floor(req.maxGpus / shape.tp);
  let p = 1;
  let d = 1;
  let at: Judged = judge(req, withSplit(shape, p, d), R, counter);
  while (!at.meets && p + d < maxInstances && !signal?.aborted) {
    // How far each side is from its target; a run that left requests out (or none in time) grows the side further off.
    const ttftOff = at.ttftP90Ms / req.ttftSloMs;
    const tpotOff = at.tpotP90Ms / req.tpotSloMs;
    if (ttftOff >= tpotOff) p++;
    else d++;
    at = judge(req, withSplit(shape, p, d), R, counter);
  }
  if (!at.meets || signal?.aborted) return { kind: 'missed', evaluated: counter.evaluated };
  for (let shrunk = true; shrunk && !signal?.aborted; ) {
    shrunk = false;
    for (const [dp, dd] of [[1, 0], [0, 1]] as const) {
      if (p - dp < 1 || d - dd < 1) continue;
      const fewer = judge(req, withSplit(shape, p - dp, d - dd), R, counter);
      if (fewer.meets) {
        p -= dp;
        d -= dd;
        at = fewer;
        shrunk = true;
      }
    }
  }
  if (signal?.aborted) return { kind: 'missed', evaluated: counter.evaluated };
  const c = withSplit(shape, p, d);
  const sustained = sustainedRate(req, c, R, counter, signal);
  return { kind: 'found', evaluated: counter.evaluated, config: plannedConfig(req, c, at, sustained) };
}
