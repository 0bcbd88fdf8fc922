import { decodeSplit } from './decodeSplit';
import { meetsSlo } from './metrics';
import type { RunResult } from './types';

/**
 * Where one request's time went, ms. networkIn + queue + prefill + networkOut = TTFT;
 * decode = E2E − TTFT, of which (disaggregated) kvWait + kvTransfer + decodeQueue
 * come before its second token.
 */
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
  /** Prompt tokens found in the prefix cache and not prefilled (0 without prefix caching). */
  cachedTokens: number;
  /** Prefill time the cached prefix saved: what prefilling it too would have added, ms (0 without prefix caching). */
  prefillSavedMs: number;
  /** Disaggregated: first token to the start of its KV transfer (the prefill instance's link busy with earlier ones), ms; else 0. */
  kvWaitMs: number;
  /** Disaggregated: the KV transfer to its decode instance (KV bytes ÷ link bandwidth), ms; else 0. */
  kvTransferMs: number;
  /** Disaggregated: KV arrived to admitted by the decode instance (waiting for a batch slot or KV memory), ms; else 0. */
  decodeQueueMs: number;
  /** Multi-instance runs: the instance that decoded it (index in `RunResult.instances`), else -1. */
  instance: number;
  /** Disaggregated: the prefill instance that computed its prompt, else -1. */
  prefillInstance: number;
  /** Decode time at its own pace (see `decodeSplit`): decode = pace + prefill interference + preemption stall + kvWait + kvTransfer + decodeQueue. */
  decodePaceMs: number;
  /** What other requests' prefills sharing its iterations added to its decode time, ms. */
  prefillInterferenceMs: number;
  /** Paged: decode time lost to its preemptions and recomputes, ms. */
  preemptionStallMs: number;
}

/** Breakdown of request `id`, or null when it did not complete. */
export function requestBreakdown(result: RunResult, id: number): RequestBreakdown | null {
  const r = result.requests[id];
  if (!r || !r.completed) return null;
  const inMs = (r.serverArrivalS - r.sendS) * 1000;
  const sent = r.kvSendStartS !== undefined && r.kvArrivalS !== undefined;
  const split = decodeSplit(result, id)!;
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
    cachedTokens: r.cachedTokens ?? 0,
    prefillSavedMs: (r.prefillSavedS ?? 0) * 1000,
    kvWaitMs: sent ? (r.kvSendStartS! - r.firstTokenServerS) * 1000 : 0,
    kvTransferMs: sent ? (r.kvArrivalS! - r.kvSendStartS!) * 1000 : 0,
    decodeQueueMs: sent && r.decodeAdmitS !== undefined ? (r.decodeAdmitS - r.kvArrivalS!) * 1000 : 0,
    instance: r.instance ?? -1,
    prefillInstance: r.prefillInstance ?? -1,
    decodePaceMs: split.paceMs,
    prefillInterferenceMs: split.prefillInterferenceMs,
    preemptionStallMs: split.preemptionStallMs,
  };
}
