import type { SceneCause, SceneReading } from './types';

/** The parts of a request's time a scene compares: TTFT part by part, and the decode part by part (ms per token × gaps). */
export const SCENE_PARTS: readonly SceneCause[] = ['network', 'queue', 'prefill', 'pace', 'interference', 'preemption', 'handoff'];

/** A reading's parts in ms of the request's own time, so TTFT and decode parts compare on one scale. */
export function partTotals(r: SceneReading): Record<SceneCause, number> {
  const gaps = Math.max(1, r.live.outputTokens - 1);
  return {
    network: r.live.parts.networkMs,
    queue: r.live.parts.queueMs,
    prefill: r.live.parts.prefillMs,
    pace: r.tpotParts.pace * gaps,
    interference: r.tpotParts.interference * gaps,
    preemption: r.tpotParts.preemption * gaps,
    handoff: r.tpotParts.handoff * gaps,
  };
}

/** The part that fell most from `before` to `after`, ms (ties: the earlier in `SCENE_PARTS`). */
export function largestFall(before: SceneReading, after: SceneReading): SceneCause {
  const b = partTotals(before);
  const a = partTotals(after);
  return SCENE_PARTS.reduce((best, k) => (b[k] - a[k] > b[best] - a[best] ? k : best), SCENE_PARTS[0]);
}

/** The part whose value changed most either way from `before` to `after`, ms. */
export function largestChange(before: SceneReading, after: SceneReading): SceneCause {
  const b = partTotals(before);
  const a = partTotals(after);
  return SCENE_PARTS.reduce((best, k) => (Math.abs(b[k] - a[k]) > Math.abs(b[best] - a[best]) ? k : best), SCENE_PARTS[0]);
}

/** A relative change smaller than this reads as "about the same". */
export const SCENE_STEADY = 0.03;
