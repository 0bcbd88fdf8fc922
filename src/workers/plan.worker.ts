/// <reference lib="webworker" />
/**
 * One of the page's planner workers (views/plan/pagePlanner.ts): the
 * planner's worker handler on this worker's messages, one job at a time;
 * a traced plan's built-in trace is loaded here, as a lazy chunk of this
 * worker on the page's own origin.
 */
import { tracedWorkerHandler, type PagePlanMessage } from '../plan/tracedHandler';
import { builtInTraceText } from './builtInTraceText';

declare const self: DedicatedWorkerGlobalScope;

const handle = tracedWorkerHandler(builtInTraceText);
self.onmessage = (event: MessageEvent<PagePlanMessage>) => {
  void handle(event.data).then((reply) => {
    if (reply) self.postMessage(reply);
  });
};
