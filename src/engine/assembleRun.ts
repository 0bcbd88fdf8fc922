/**
 * A run's result from what its instances did: the measurement window, the
 * metrics over it, the limit shares over the same span, and the pieces the
 * views draw (split out of `simulate`, which runs the event loop).
 */
import { meanLimits } from './cluster/blocked';
import type { Instance } from './cluster/instance';
import type { RoleServers } from './cluster/pools';
import { prefixHitRate } from './levers/prefix';
import { computeMetrics } from './metrics';
import { pickRepresentative } from './representative';
import { windowedItl, type ItlLog } from './scheduler/itl';
import { unreusableBounds, type KvProbe } from './scheduler/kvBounds';
import type { InstanceRun, RequestRecord, RunResult, Scenario } from './types';
import { selectWindow, steadyRates } from './window';

/** What an instance leaves for the result: the `Instance`'s own fields (or the one-instance loop's). */
export type RanInstance = Pick<Instance, 'role' | 'log' | 'blocked' | 'peakBatch' | 'peakKvReserved' | 'routed' | 'prefix'>;

/** What `assembleRun` reads. */
export interface RunParts {
  /** The validated scenario. */
  s: Scenario;
  records: RequestRecord[];
  itl: ItlLog;
  ran: readonly RanInstance[];
  servers: RoleServers;
  /** The run's capacity comparisons. */
  kvProbe: KvProbe;
  /** A prefix is cached (a shared share, or the cache lever): the hit rate is reported. */
  tracksPrefix: boolean;
  multi: boolean;
}

/** The result of a finished run. */
export function assembleRun({ s, records, itl, ran, servers, kvProbe, tracksPrefix, multi }: RunParts): RunResult {
  const window = selectWindow(records, s.load, s.window);
  const w = window.report;
  const all = w.kind === 'all' && w.excludedWarmup === 0;
  const gaps = all ? itl : windowedItl(itl, w.fromS, w.toS);
  let metrics;
  if (w.fillS !== null && w.drainS !== null && w.drainS > w.fillS) {
    // Steady: latencies of the requests wholly inside, rates of everything the server did between fill and drain.
    metrics = computeMetrics(window.counted, gaps.gapS, gaps.weight, s.slo, w.drainS - w.fillS, steadyRates(records, itl, w.fillS, w.drainS, s.slo));
  } else {
    metrics = computeMetrics(window.counted, gaps.gapS, gaps.weight, s.slo, all ? undefined : w.toS - w.fromS);
  }
  if (tracksPrefix) metrics.prefixHitRate = prefixHitRate(window.counted);
  // Limit shares are read against the metrics' span, so the blocked time is measured over the same span.
  const limits = ran.map((i) => (all ? i.blocked.total : w.fillS !== null && w.drainS !== null && w.drainS > w.fillS ? i.blocked.within(w.fillS, w.drainS) : i.blocked.within(w.fromS, w.toS)));
  const result: RunResult = {
    scenario: s,
    requests: records,
    metrics,
    window: window.report,
    log: ran[0].log,
    limits: meanLimits(limits),
    representativeId: pickRepresentative(window.counted, s.requests),
    peakBatch: Math.max(...ran.map((i) => i.peakBatch)),
    peakKvReservedTokens: Math.max(...ran.map((i) => i.peakKvReserved)),
    // Pools with their own servers hold other capacities than the server's: such a run is reused at no other.
    kvBounds: servers.ownPools ? unreusableBounds(kvProbe.bounds()) : kvProbe.bounds(),
  };
  if (ran[0].prefix !== null) {
    const caches = ran.map((i) => i.prefix!);
    result.prefixCache = { evictedBlocks: caches.reduce((n, c) => n + c.evictedBlocks, 0), peakCachedTokens: Math.max(...caches.map((c) => c.peakCachedTokens)) };
  }
  if (multi) result.instances = ran.map((i): InstanceRun => ({ role: i.role, gpus: servers.serverOf(i.role).gpus ?? 1, log: i.log, limits: limits[ran.indexOf(i)], peakBatch: i.peakBatch, peakKvReservedTokens: i.peakKvReserved, routed: i.routed }));
  return result;
}
