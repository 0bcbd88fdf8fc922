import { meetsSlo } from './metrics';
import type { RunResult } from './types';

/** Where one request's time went, ms. networkIn + queue + prefill + networkOut = TTFT. */
export interface RequestBreakdown {
  id: number;
  promptTokens: number;
  outputTokens: number;
  /** Client to server. */
  networkInMs: number;
  /** Arrival at the server to the start of its prefill: admission wait plus the iteration in progress. */
  queueMs: number;
  /** Start of its prefill to its first token at the server (several iterations when chunked). */
  prefillMs: number;
  /** Server to client. */
  networkOutMs: number;
  ttftMs: number;
  /** First to last token. */
  decodeMs: number;
  tpotMs: number;
  e2eMs: number;
  /** Met every SLO target of the scenario. */
  meetsSlo: boolean;
}

/** Breakdown of request `id`, or null when it did not complete. */
export function requestBreakdown(result: RunResult, id: number): RequestBreakdown | null {
  const r = result.requests[id];
  if (!r || !r.completed) return null;
  const inMs = (r.serverArrivalS - r.sendS) * 1000;
  return {
    id: r.id,
    promptTokens: r.promptTokens,
    outputTokens: r.outputTokens,
    networkInMs: inMs,
    queueMs: r.queueMs,
    prefillMs: (r.firstTokenServerS - r.prefillStartS) * 1000,
    networkOutMs: r.networkOutS * 1000,
    ttftMs: r.ttftMs,
    decodeMs: r.e2eMs - r.ttftMs,
    tpotMs: r.tpotMs,
    e2eMs: r.e2eMs,
    meetsSlo: meetsSlo(r, result.scenario.slo),
  };
}
