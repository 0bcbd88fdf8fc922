import type { RequestTrace } from '../../import/trace';
import type { Settings } from '../../settings/schema';
import type { ReplayWorkerReply, ReplayWorkerRequest } from '../../traces/replayProtocol';
import { useWorkerJob, WorkerChannel, type WorkerJobState } from '../common/workerJob';

/** The newest reply for the asked trace and server, and whether a newer one is on its way. */
export type ReplayState = WorkerJobState<ReplayWorkerReply>;

/** The replay worker, made on first replay: nothing of it loads before one is asked for. */
const REPLAY = new WorkerChannel<ReplayWorkerRequest, ReplayWorkerReply>(
  () => (typeof Worker === 'undefined' ? null : new Worker(new URL('../../workers/replay.worker.ts', import.meta.url), { type: 'module', name: 'latency-lab-replay' })),
  (id, message) => ({ id, ok: false, param: 'worker', message }),
  'replay',
);

const request = (id: number, trace: RequestTrace, settings: Settings): ReplayWorkerRequest => ({ id, trace, settings });

/**
 * Replays `trace` on the server of `settings` in the replay worker whenever
 * either changes (nothing while `trace` is null); replies to older requests
 * are dropped. Where no worker can be made, it says so.
 */
export function useReplay(trace: RequestTrace | null, settings: Settings): ReplayState {
  return useWorkerJob(REPLAY, trace, settings, request);
}
