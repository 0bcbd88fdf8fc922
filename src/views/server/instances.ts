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
