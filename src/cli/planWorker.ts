/** A worker thread of `lab plan` (planPool.ts): the planner's worker handler on a thread's messages. */
import { parentPort } from 'node:worker_threads';
import type { PlanWorkerMessage } from '../plan/pool';
import { planWorkerHandler } from '../plan/workerHandler';

const handle = planWorkerHandler();
parentPort?.on('message', (m: PlanWorkerMessage) => {
  const reply = handle(m);
  if (reply) parentPort?.postMessage(reply);
});
