/**
 * What each instance role of a run runs on: its server, the KV capacity its
 * caches hold, the probe that records their comparisons and its step cost.
 * Colocated runs and disaggregated runs at one TP have one server for every
 * role (the scenario's); disaggregated pools at their own TP each have
 * their own, with a probe of their own (their capacity differs).
 */
import { poolServers } from '../levers/kvTransfer';
import { capacityAfterPrefix } from '../levers/prefix';
import { specCost, type SpecDecoding } from '../levers/speculative';
import { KvProbe } from '../scheduler/kvBounds';
import type { InstanceRole, ServerProfile } from '../types';
import type { IterationCost } from './types';

/** One server's share of a run: the capacity after the resident prefix, its probe, its cost. */
interface ServerUse {
  capacityTokens: number;
  probe: KvProbe;
  cost: IterationCost;
}

/** Each role's server, capacity, probe and cost (see the module comment). */
export class RoleServers {
  /** True when a pool has a server of its own (its capacity is not the scenario server's). */
  readonly ownPools: boolean;
  private readonly pools: { prefill: ServerProfile; decode: ServerProfile };
  private readonly uses = new Map<ServerProfile, ServerUse>();

  constructor(
    s: Parameters<typeof poolServers>[0],
    /** The scenario's server, its capacity after the resident prefix and its probe (the run's reported one). */
    private readonly main: { server: ServerProfile; capacityTokens: number; probe: KvProbe },
    private readonly probeShape: { unitTokens: number; watermark: number; residentTokens: number },
    private readonly spec: SpecDecoding | null,
  ) {
    this.pools = poolServers(s);
    this.ownPools = this.pools.prefill !== main.server || this.pools.decode !== main.server;
    this.uses.set(main.server, { capacityTokens: main.capacityTokens, probe: main.probe, cost: this.costOf(main.server) });
  }

  /** The server instances of `role` run. */
  serverOf(role: InstanceRole): ServerProfile {
    return role === 'prefill' ? this.pools.prefill : role === 'decode' ? this.pools.decode : this.main.server;
  }

  /** What instances of `role` use of their server. */
  useOf(role: InstanceRole): ServerUse {
    const q = this.serverOf(role);
    let use = this.uses.get(q);
    if (!use) {
      const { unitTokens, watermark, residentTokens } = this.probeShape;
      use = { capacityTokens: capacityAfterPrefix(q, residentTokens), probe: new KvProbe(q.kvCapacityTokens, unitTokens, watermark, residentTokens), cost: this.costOf(q) };
      this.uses.set(q, use);
    }
    return use;
  }

  private costOf(q: ServerProfile): IterationCost {
    const spec = this.spec;
    // Bound rather than wrapped: one function less for V8 to compile while a cold first run is going.
    return spec ? specCost(q, spec) : q.iterationSeconds.bind(q);
  }
}
