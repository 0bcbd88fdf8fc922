import { measureEndpoint, type MeasureOutcome, type MeasureProgress } from '../measure/run';
import type { MeasureOptions } from '../measure/options';

/** Page → measure worker. */
export type MeasureWorkerRequest = { type: 'start'; id: number; options: MeasureOptions } | { type: 'stop'; id: number };

/** Measure worker → page. */
export type MeasureWorkerReply = { type: 'progress'; id: number; progress: MeasureProgress } | { type: 'done'; id: number; outcome: MeasureOutcome };

/**
 * The measure worker's message handling, apart from the worker global so it
 * can be tested (and run on the page where workers are missing): one run at a
 * time per id, stopped by its id.
 */
export function runMeasureMessage(post: (reply: MeasureWorkerReply) => void) {
  const running = new Map<number, AbortController>();
  return (msg: MeasureWorkerRequest): void => {
    if (msg.type === 'stop') {
      running.get(msg.id)?.abort();
      return;
    }
    const controller = new AbortController();
    running.set(msg.id, controller);
    void measureEndpoint(msg.options, { signal: controller.signal, onProgress: (progress) => post({ type: 'progress', id: msg.id, progress }) }).then((outcome) => {
      running.delete(msg.id);
      post({ type: 'done', id: msg.id, outcome });
    });
  };
}
