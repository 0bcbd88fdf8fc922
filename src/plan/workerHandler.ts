/**
 * What a planner worker does with its messages, whatever runs it (the page's
 * Web Worker, the CLI's worker thread, a test): remembers the request, then
 * searches each shape it is sent with the planner's own `searchShape`, and
 * checks each row it is sent with `rangeVerdict`.
 */
import { rangeVerdict } from './rangeCheck';
import { planShapes, searchShape } from './search';
import type { PlanWorkerAnswer, PlanWorkerMessage } from './pool';
import type { PlanConfig, PlanRequest } from './types';

/** A handler for one worker: `start` answers nothing, each `shape` job its outcome, each `range` job its verdict. */
export function planWorkerHandler(): (m: PlanWorkerMessage) => PlanWorkerAnswer | null {
  let request: PlanRequest | null = null;
  let shapes: PlanConfig[] = [];
  return (m) => {
    if (m.kind === 'start') {
      request = m.request;
      shapes = planShapes(m.request);
      return null;
    }
    if (!request) throw new Error(`a planner worker was sent a ${m.kind} job before its request`);
    if (m.kind === 'range') return { row: m.row, verdict: rangeVerdict(request, m.config) };
    const shape = shapes[m.index];
    if (!shape) throw new Error(`a planner worker was sent shape ${m.index} of ${shapes.length}`);
    return { index: m.index, outcome: searchShape(request, shape) };
  };
}
