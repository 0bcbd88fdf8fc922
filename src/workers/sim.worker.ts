/// <reference lib="webworker" />
import type { RunRequest, WorkerReply } from './protocol';
import { createRunner } from './runner';

declare const self: DedicatedWorkerGlobalScope;

// A message-channel round trip lets queued `run` messages in before the next sweep point.
const channel = new MessageChannel();
let wake: (() => void) | null = null;
channel.port1.onmessage = () => {
  const w = wake;
  wake = null;
  w?.();
};
const yieldToInbox = (): Promise<void> =>
  new Promise((resolve) => {
    wake = resolve;
    channel.port2.postMessage(0);
  });

const runner = createRunner((reply: WorkerReply) => self.postMessage(reply), yieldToInbox);

self.onmessage = (event: MessageEvent<RunRequest>) => {
  if (event.data?.type === 'run') runner.receive(event.data);
};
