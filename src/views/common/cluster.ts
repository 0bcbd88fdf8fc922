import type { ClusterShape } from '../../engine/levers/config';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** How many instances of each role a cluster runs. */
export function roleCounts(shape: ClusterShape): { colocated: number; prefill: number; decode: number } {
  const c = { colocated: 0, prefill: 0, decode: 0 };
  for (const i of shape.instances) c[i.role]++;
  return c;
}

/**
 * A cluster in words: "1 GPU", "4 replicas of 1 GPU (4 GPUs)", "2 prefill + 2
 * decode instances of 2 GPUs (8 GPUs)".
 */
export function clusterWords(shape: ClusterShape): string {
  const c = roleCounts(shape);
  const per = plural(shape.gpusPerInstance, 'GPU');
  const all = plural(shape.gpus, 'GPU');
  if (c.prefill > 0 || c.decode > 0) return `${c.prefill} prefill + ${c.decode} decode ${c.prefill + c.decode === 1 ? 'instance' : 'instances'} of ${per} (${all})`;
  if (c.colocated <= 1) return shape.gpusPerInstance === 1 ? '1 GPU' : `1 instance of ${per}`;
  return `${c.colocated} replicas of ${per} (${all})`;
}

/** Whether two clusters have the same instances, roles and GPUs. */
export function sameShape(a: ClusterShape, b: ClusterShape): boolean {
  const x = roleCounts(a);
  const y = roleCounts(b);
  return a.gpusPerInstance === b.gpusPerInstance && x.colocated === y.colocated && x.prefill === y.prefill && x.decode === y.decode;
}
