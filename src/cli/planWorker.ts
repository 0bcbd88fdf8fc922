/** A worker thread of `lab plan` (planPool.ts): searches the shapes it is sent, one at a time. */
import { parentPort, workerData } from 'node:worker_threads';
import { planShapes, searchShape } from '../plan/search';
import type { PlanRequest } from '../plan/types';
import type { ShapeDone, ShapeJob } from './planPool';

const req = workerData as PlanRequest;
const shapes = planShapes(req);
parentPort?.on('message', (job: ShapeJob) => {
  parentPort?.postMessage({ index: job.index, outcome: searchShape(req, shapes[job.index]) } satisfies ShapeDone);
});
