import type { RequestTrace } from '../import/trace';
import type { Settings } from '../settings/schema';
import type { ReplayOutcome } from './replayRun';

/** Replay worker protocol: one request (a measured run's requests and the server to send them to), one reply with the same id. */
export interface ReplayWorkerRequest {
  id: number;
  trace: RequestTrace;
  settings: Settings;
}
export type ReplayWorkerReply = { id: number } & ReplayOutcome;
