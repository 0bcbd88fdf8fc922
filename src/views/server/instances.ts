import type { ClusterShape } from '../../engine/levers/config';
import type { InstanceRun, RequestRecord } from '../../engine/types';

/** One instance of a multi-instance run, as the server view offers it. */
export interface InstanceOption {
  index: number;
  /** "#1 decode", "#0 replica". */
  label: string;
  /** One line about it: role, GPUs, requests routed, peak batch. */
  summary: string;
}

const ROLE: Record<InstanceRun['role'], string> = { colocated: 'replica', prefill: 'prefill', decode: 'decode' };

/** The instances of a run, each named by its index and role, with a one-line summary. */
export function instanceOptions(instances: readonly InstanceRun[]): InstanceOption[] {
  return instances.map((inst, index) => ({
    index,
    label: `#${index} ${ROLE[inst.role]}`,
    summary: `#${index} ${ROLE[inst.role]} (${inst.gpus} GPU${inst.gpus === 1 ? '' : 's'}): ${inst.routed} requests, batch peaked at ${inst.peakBatch}`,
  }));
}

/** Whether a request passed through instance `i` (prefilled or decoded there). */
export function ranOn(r: RequestRecord, i: number): boolean {
  return r.instance === i || r.prefillInstance === i;
}

/** The instance the view draws first: the one that decoded the drawn request, else 0. */
export function defaultInstance(requests: readonly RequestRecord[], representativeId: number, count: number): number {
  const i = requests[representativeId]?.instance;
  return i !== undefined && i >= 0 && i < count ? i : 0;
}

/** The pools of a disaggregated cluster in one line: each pool's instances and TP, and the link its KV crosses; null when colocated. */
export function poolSummary(cluster: ClusterShape): string | null {
  const prefill = cluster.instances.filter((i) => i.role === 'prefill');
  const decode = cluster.instances.filter((i) => i.role === 'decode');
  if (prefill.length === 0 || decode.length === 0) return null;
  const pool = (name: string, list: typeof prefill): string => `${name} pool: ${list.length} instance${list.length === 1 ? '' : 's'} at TP ${list[0].gpus}`;
  const l = cluster.link;
  const link = l ? `; KV over ${l.label}${l.latencyS ? ` + ${Math.round(l.latencyS * 1e7) / 10} µs` : ''}, ${Math.round(l.bytesPerTokenPerGpu / 1024)} KiB a token on the busiest GPU` : '';
  return `${pool('Prefill', prefill)}; ${pool('decode', decode)}${link}.`;
}
