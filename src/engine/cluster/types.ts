/** The parts an instance is built from, and what it hands back to the cluster. */
import type { Active } from '../scheduler/active';
import type { SchedulerConfig } from '../scheduler/config';
import type { ItlLog } from '../scheduler/itl';
import type { KvCache } from '../scheduler/kv';
import type { PlannedIteration } from '../scheduler/plan';
import type { SpecDecoding } from '../levers/speculative';
import type { PrefixCache } from '../levers/prefixCache';
import type { FrontEnd } from '../frontend';
import type { KvProbe } from '../scheduler/kvBounds';
import type { BlockedTime } from './blocked';
import type { IterationLog, IterationWork, RequestRecord } from '../types';

/** What the cluster does when a request leaves an instance. */
export interface InstanceHooks {
  /** The request emitted its last token at `nowS`. */
  finish(a: Active, nowS: number): void;
  /** The request can never fit in this instance's KV memory; rejected at `nowS`. */
  reject(a: Active, nowS: number): void;
  /** Prefill instances: the request emitted its first token at `nowS` and leaves for a decode instance. */
  handoff(a: Active, nowS: number): void;
}

/** The iteration or run of identical decode steps an instance is in the middle of. */
export interface Pending {
  startS: number;
  count: number;
  gapS: number;
  endS: number;
  /** A run of decode steps (no prefill in it): may be cut short. */
  decodeRun: boolean;
  plan: PlannedIteration;
  preempted: number;
  blocked: 'batch' | 'memory' | null;
  waitingCount: number;
  /** A request delivered before `horizonS` could have joined: cut the run there (decode runs only). */
  cuttable: boolean;
  /** Deliveries at or after this time were already known when the run was planned. */
  horizonS: number;
}

/** An iteration log with no entries. */
export function emptyLog(): IterationLog {
  return { endS: [], count: [], gapS: [], batch: [], kvUsedTokens: [], kvReservedTokens: [], waiting: [], prefillTokens: [], preempted: [], decodeSeqs: [] };
}

/** Appends the iteration (or run of `p.count` identical decode steps) that ended at `p.endS` to `log`, with the batch and cache as it left them (`kv`: its counters, tokens). */
export function logIteration(log: IterationLog, p: Pending, batch: number, kv: Pick<KvCache, 'usedTokens' | 'reservedTokens'>): void {
  log.endS.push(p.endS);
  log.count.push(p.count);
  log.gapS.push(p.gapS);
  log.batch.push(batch);
  log.kvUsedTokens.push(kv.usedTokens);
  log.kvReservedTokens.push(kv.reservedTokens);
  log.waiting.push(p.waitingCount);
  log.prefillTokens.push(p.plan.prefillTokens);
  log.preempted.push(p.preempted);
  log.decodeSeqs.push(p.plan.decodeSeqs);
}

/** Cost of one iteration: the profile's, or the speculative one. */
export type IterationCost = (work: IterationWork) => number;

/** What an instance is built from. */
export interface InstanceOptions {
  cfg: SchedulerConfig;
  kv: KvCache;
  cost: IterationCost;
  /** The run's inter-token gaps, shared by every instance. */
  itl: ItlLog;
  hooks: InstanceHooks;
  spec: SpecDecoding | null;
  /** Prefix caching on: requests record the prefill time their cached prefix saved. */
  tracksPrefixSaving: boolean;
  /** Prefill instances: rejects what no decode instance could ever hold. */
  alsoRejects?: (a: Active) => boolean;
  /** Its prefix cache in KV memory (the one its `kv` shares), or absent. */
  prefix?: PrefixCache;
}

/** What the loop runs on: the run's parts, as the run's setup builds them for one instance (`soloLoop.ts`). */
export interface SoloParts {
  cfg: SchedulerConfig;
  /** The run's capacity comparisons (reserve admission: tokens). */
  probe: KvProbe;
  cost: IterationCost;
  itl: ItlLog;
  hooks: InstanceHooks;
  door: FrontEnd;
  records: readonly RequestRecord[];
}

/** What the instance did, as `Instance` reports it. */
export interface SoloRun {
  log: IterationLog;
  blocked: BlockedTime;
  peakBatch: number;
  /** Largest KV reservation held, tokens. */
  peakKvReserved: number;
  routed: number;
}
