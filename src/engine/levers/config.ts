/**
 * A scenario's levers with every default filled in, checked, and the shape
 * of the cluster they make (how many instances, which role, how many GPUs).
 */
import { EngineInputError } from '../errors';
import type { InstanceRole, KvLink, PrefixCacheOptions, RouterPolicy, Scenario, ServerProfile } from '../types';
import { handoffLink, poolServers } from './kvTransfer';
import { MAX_SPEC_TOKENS, specDecoding, type SpecDecoding } from './speculative';

/** Most instances (replicas, or prefill + decode) one scenario may run. */
export const MAX_INSTANCES = 64;

/** The levers of a run, resolved. */
export interface LeverConfig {
  /** Prefix-cache share, 0 = off. */
  prefixShare: number;
  /** The prefix cache in KV memory and its traffic, or null when off. */
  prefixCache: PrefixCacheOptions | null;
  /** How replicas are picked (`least-loaded` unless asked). */
  router: RouterPolicy;
  /** Speculative decoding, or null when off. */
  spec: SpecDecoding | null;
  /** Role of every instance, prefill instances first. One colocated instance when no lever adds any. */
  roles: InstanceRole[];
  /** Prefill instances (0 unless disaggregated). */
  prefillInstances: number;
  /** More than one instance: the multi-instance router runs. */
  multiInstance: boolean;
}

/** The cluster a scenario runs on: its instances and GPU count. */
export interface ClusterShape {
  instances: { role: InstanceRole; gpus: number }[];
  /** GPUs in all: the sum over instances. */
  gpus: number;
  /** GPUs of one instance (the profile's tensor-parallel group; a disaggregated cluster's prefill instance). */
  gpusPerInstance: number;
  /** Disaggregated: the link the KV crosses (its label, speed, latency and the busiest GPU's shard); absent when colocated. */
  link?: KvLink;
}

const intIn = (v: number, param: string, min: number, max: number): void => {
  if (!Number.isInteger(v) || v < min || v > max) throw new EngineInputError(param, `must be a whole number from ${min} to ${max}, got ${v}`);
};
const shareIn = (v: number, param: string): void => {
  if (!(v >= 0 && v <= 1)) throw new EngineInputError(param, `must be between 0 and 1, got ${v}`);
};

/** Most shared prefix groups a run may have. */
export const MAX_PREFIX_GROUPS = 10_000;
/** Most turns a conversation may have. */
export const MAX_TURNS = 64;

/** The shortest prompt a scenario's workload draws, tokens (a trace's own lengths when it has them). */
function shortestPrompt(s: Scenario): number {
  if (s.load.kind === 'trace' && s.load.promptTokens) return Math.min(...s.load.promptTokens);
  return Math.max(1, Math.round(s.workload.promptTokens * (1 - s.workload.spread)));
}

/** Throws when the prefix cache's options cannot run together (named by their CLI options). */
function validatePrefixCache(s: Scenario, o: PrefixCacheOptions): void {
  intIn(o.groups, 'prefix-groups', 0, MAX_PREFIX_GROUPS);
  intIn(o.prefixTokens, 'prefix-tokens', 0, 10_000_000);
  intIn(o.turns, 'turns', 1, MAX_TURNS);
  if (o.groups > 0 && o.prefixTokens === 0) throw new EngineInputError('prefix-tokens', 'prefix groups need a prefix length: set prefix-tokens to the tokens each shared prefix has');
  if (o.groups === 0 && o.prefixTokens > 0) throw new EngineInputError('prefix-groups', 'a shared prefix needs groups: set prefix-groups to how many distinct prefixes the traffic has');
  const shortest = shortestPrompt(s);
  if (o.prefixTokens > shortest) throw new EngineInputError('prefix-tokens', `a ${o.prefixTokens}-token prefix is longer than the shortest prompt the workload sends (${shortest} tokens)`);
  if (s.levers?.prefixCacheShare) throw new EngineInputError('prefix-groups', 'use either prefix-cache-share (a fixed cached share) or prefix-groups/turns (a cache that fills and evicts), not both');
  if (s.levers?.disaggregated) throw new EngineInputError('prefix-groups', 'the prefix cache in KV memory runs on colocated instances; drop prefill-gpus/decode-gpus or use prefix-cache-share');
  if (o.turns > 1 && s.load.kind === 'trace') throw new EngineInputError('turns', 'a trace replays its own requests; multi-turn conversations need a synthetic load');
}

/**
 * Throws `EngineInputError` (naming the CLI option) when the prefix cache in
 * KV memory or the router cannot run as asked; the settings call it too, so
 * the page shows the reason.
 */
export function validatePrefixLevers(s: Scenario): void {
  const l = s.levers;
  if (!l) return;
  if (l.prefixCache) validatePrefixCache(s, l.prefixCache);
  if (l.router !== undefined && l.router !== 'least-loaded' && l.router !== 'prefix-aware') throw new EngineInputError('router', `must be least-loaded or prefix-aware, got ${String(l.router)}`);
  if (l.routerCacheThreshold !== undefined) shareIn(l.routerCacheThreshold, 'router-cache-threshold');
  if (l.router === 'prefix-aware') {
    if (!l.prefixCache) throw new EngineInputError('router', 'prefix-aware routing follows the prefix cache in KV memory: set prefix-groups (with prefix-tokens) or turns');
    if (l.disaggregated) throw new EngineInputError('router', 'prefix-aware routing picks among colocated replicas, not disaggregated pools');
  }
}

/** Throws `EngineInputError` (naming the CLI option) when a lever cannot run. */
export function validateLevers(s: Scenario): void {
  const l = s.levers;
  if (!l) return;
  if (l.prefixCacheShare !== undefined) shareIn(l.prefixCacheShare, 'prefix-cache-share');
  if (l.speculative) {
    intIn(l.speculative.tokens, 'spec-tokens', 0, MAX_SPEC_TOKENS);
    shareIn(l.speculative.acceptance, 'spec-acceptance');
    if (!(l.speculative.draftCost >= 0 && l.speculative.draftCost <= 10)) throw new EngineInputError('spec-draft-cost', `must be between 0 and 10, got ${l.speculative.draftCost}`);
  }
  if (l.replicas !== undefined) intIn(l.replicas, 'replicas', 1, MAX_INSTANCES);
  validatePrefixLevers(s);
  const d = l.disaggregated;
  if (d) {
    intIn(d.prefillInstances, 'prefill-gpus', 1, MAX_INSTANCES);
    intIn(d.decodeInstances, 'decode-gpus', 1, MAX_INSTANCES);
    if (d.prefillInstances + d.decodeInstances > MAX_INSTANCES) throw new EngineInputError('decode-gpus', `prefill and decode instances together must be at most ${MAX_INSTANCES}`);
    if ((l.replicas ?? 1) !== 1) throw new EngineInputError('replicas', 'must be 1 with disaggregated prefill/decode (the prefill and decode instances are the whole cluster)');
    if (!s.server.kvLink) throw new EngineInputError('prefill-gpus', `server ${s.server.id} does not say how its KV cache would move between instances, so it cannot run disaggregated`);
    for (const [param, server] of [['prefill-tp', d.prefillServer], ['decode-tp', d.decodeServer]] as const) {
      if (server) validatePoolServer(s.server, server, param);
    }
    if (d.link) {
      if (!(d.link.bytesPerSecPerGpu > 0 && Number.isFinite(d.link.bytesPerSecPerGpu))) throw new EngineInputError('kv-link', `bandwidth must be a finite number of bytes/s above 0, got ${d.link.bytesPerSecPerGpu}`);
      if (d.link.latencyS !== undefined && !(d.link.latencyS >= 0 && d.link.latencyS <= 1)) throw new EngineInputError('kv-link', `latency must be between 0 and 1 s, got ${d.link.latencyS}`);
    }
  }
}

/** A pool's own server must say how its KV moves and share the scheduler's limits (the scenario server's). */
function validatePoolServer(main: ServerProfile, pool: ServerProfile, param: string): void {
  if (!pool.kvLink) throw new EngineInputError(param, `server ${pool.id} does not say how its KV cache would move between instances`);
  if (!(pool.kvCapacityTokens >= 1)) throw new EngineInputError(param, `server ${pool.id} holds no KV cache`);
  intIn(pool.gpus ?? 1, param, 1, 8);
  if (pool.maxBatch !== main.maxBatch || pool.chunkBudgetTokens !== main.chunkBudgetTokens) {
    throw new EngineInputError(param, `server ${pool.id} must have the scenario server's batch limit and token budget (the scheduler is the same on both pools)`);
  }
}

/** Resolves the levers of a (validated) scenario. */
export function leverConfig(s: Scenario): LeverConfig {
  const l = s.levers ?? {};
  const d = l.disaggregated;
  const roles: InstanceRole[] = d
    ? [...new Array<InstanceRole>(d.prefillInstances).fill('prefill'), ...new Array<InstanceRole>(d.decodeInstances).fill('decode')]
    : new Array<InstanceRole>(l.replicas ?? 1).fill('colocated');
  return {
    prefixShare: l.prefixCacheShare ?? 0,
    prefixCache: l.prefixCache ?? null,
    router: l.router ?? 'least-loaded',
    spec: specDecoding(l.speculative),
    roles,
    prefillInstances: d ? d.prefillInstances : 0,
    multiInstance: roles.length > 1,
  };
}

/** The instances a scenario runs and the GPUs they take (a pure function the page can call without simulating). */
export function clusterShape(s: Scenario): ClusterShape {
  const { prefill, decode } = poolServers(s);
  const gpusOf = (role: InstanceRole): number => (role === 'prefill' ? prefill : role === 'decode' ? decode : s.server).gpus ?? 1;
  const instances = leverConfig(s).roles.map((role) => ({ role, gpus: gpusOf(role) }));
  const link = handoffLink(s);
  return { instances, gpus: instances.reduce((n, i) => n + i.gpus, 0), gpusPerInstance: instances[0].gpus, ...(link ? { link } : {}) };
}
