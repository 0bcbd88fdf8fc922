/// <reference lib="webworker" />
/**
 * Replays a measured run on the lab's server off the main thread: a run of
 * 100,000 requests is as many simulated requests, which takes seconds. Only
 * the newest request is run (a server being changed sends several).
 */
// The speculative methods and the per-pool settings register themselves on import: the lab's server may use them.
import '../settings/speculative';
import '../settings/pools';
import { replayOnServer } from '../traces/replayRun';
import type { ReplayWorkerReply, ReplayWorkerRequest } from '../traces/replayProtocol';

declare const self: DedicatedWorkerGlobalScope;

let latest = 0;

self.onmessage = async (event: MessageEvent<ReplayWorkerRequest>) => {
  const { id, trace, settings } = event.data;
  latest = id;
  // Let requests already queued arrive first: only the newest is run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (id !== latest) return;
  self.postMessage({ id, ...replayOnServer(trace, settings) } satisfies ReplayWorkerReply);
};
