/// <reference lib="webworker" />
/**
 * Parses benchmark files off the main thread: a 100,000-request file takes
 * hundreds of milliseconds to parse and summarise. The File is read here too,
 * so its text never crosses the thread boundary.
 */
import { importSource, type ImportWorkerReply, type ImportWorkerRequest } from '../import/importSource';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<ImportWorkerRequest>) => {
  const { id, source, options } = event.data;
  const reply: ImportWorkerReply = { id, ...(await importSource(source, options)) };
  self.postMessage(reply);
};
