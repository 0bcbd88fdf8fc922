/// <reference lib="webworker" />
/**
 * Live measurements off the main thread: the requests, their streams and the
 * SSE parsing run here, so a server that floods the page with bytes cannot
 * freeze it, and Stop is answered at once. The API key arrives in the options
 * of one run and lives only in this worker's memory while it runs.
 */
import { runMeasureMessage, type MeasureWorkerRequest } from './measureProtocol';

declare const self: DedicatedWorkerGlobalScope;

const handle = runMeasureMessage((reply) => self.postMessage(reply));
self.onmessage = (event: MessageEvent<MeasureWorkerRequest>) => handle(event.data);
