/// <reference lib="webworker" />
/**
 * One of the page's planner workers (views/plan/pagePlanner.ts): the
 * planner's worker handler on this worker's messages, one shape at a time.
 */
import type { PlanWorkerMessage } from '../plan/pool';
import { planWorkerHandler } from '../plan/workerHandler';

declare const self: DedicatedWorkerGlobalScope;

const handle = planWorkerHandler();
self.onmessage = (event: MessageEvent<PlanWorkerMessage>) => {
  const reply = handle(event.data);
  if (reply) self.postMessage(reply);
};
