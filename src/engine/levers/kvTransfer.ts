/**
 * Moving a prompt's KV cache from a prefill instance to a decode instance
 * (disaggregated serving: DistServe, Splitwise, vLLM's and SGLang's P/D).
 * Each GPU of the prefill instance sends its own shard (tensor parallelism
 * splits the KV heads) over its own link, so the time is one GPU's share of
 * the bytes over one GPU's one-way bandwidth, plus the link's latency. A
 * prefill instance's link sends one cache at a time, first come first
 * served; the receiving links are taken to be free (as before per-pool TP).
 */
import type { KvLink, Scenario, ServerProfile } from '../types';

/** GPUs of one server: within it the KV moves over the GPUs' own links (NVLink, PCIe). */
export const GPUS_PER_SERVER = 8;
/**
 * Between servers the KV crosses the network: 400 Gb/s (50 GB/s) each way per
 * GPU, one ConnectX-7 NDR InfiniBand port per GPU as in NVIDIA's DGX H100.
 */
export const CROSS_SERVER_BYTES_PER_SEC_PER_GPU = 50e9;

/**
 * The link a cluster of `clusterGpus` GPUs uses: the profile's own when it
 * fits in one server, else the slower of it and the network. Null when the
 * profile does not say how its KV could move.
 */
export function clusterKvLink(profile: ServerProfile, clusterGpus: number): KvLink | null {
  const link = profile.kvLink;
  if (!link) return null;
  if (clusterGpus <= GPUS_PER_SERVER || link.bytesPerSecPerGpu <= CROSS_SERVER_BYTES_PER_SEC_PER_GPU) return link;
  return { ...link, bytesPerSecPerGpu: CROSS_SERVER_BYTES_PER_SEC_PER_GPU, label: '400 Gb/s InfiniBand per GPU (the cluster spans more than one 8-GPU server)' };
}

/** The two pools' servers of a disaggregated scenario (each the scenario's server unless it has its own TP). */
export function poolServers(s: Scenario): { prefill: ServerProfile; decode: ServerProfile } {
  const d = s.levers?.disaggregated;
  return { prefill: d?.prefillServer ?? s.server, decode: d?.decodeServer ?? s.server };
}

/** GPUs a disaggregated scenario's pools take in all (0 when colocated). */
export function disaggregatedGpus(s: Scenario): number {
  const d = s.levers?.disaggregated;
  if (!d) return 0;
  const { prefill, decode } = poolServers(s);
  return d.prefillInstances * (prefill.gpus ?? 1) + d.decodeInstances * (decode.gpus ?? 1);
}

/**
 * The link a disaggregated scenario's KV crosses, with the share of a
 * token's KV the busiest GPU moves; null when colocated or when the server
 * does not say how its KV could move.
 *
 * When the pools run at different TP, each prefill GPU holds 1/TPp of the KV
 * heads and each decode GPU needs 1/TPd of them, so the bytes fan out (TPp <
 * TPd: each prefill GPU feeds several decode GPUs over its one link) or fan
 * in (TPp > TPd: several prefill GPUs feed one decode GPU's link). Every GPU
 * of both pools moves its shard at once, so the transfer takes as long as the
 * busiest link: the larger shard, that of the pool with the lower TP. The
 * effective bandwidth is then min(TPp, TPd) links. vLLM's NixlConnector moves
 * KV between prefill and decode instances of different TP this way, each
 * decode worker reading its heads from the prefill workers that hold them
 * (docs.vllm.ai/en/stable/features/nixl_connector_usage.html, "Heterogeneous
 * Configurations" in vllm-project/vllm#33702); DistServe (arXiv 2401.09670
 * §4.3) sizes each phase's parallelism on its own and puts the KV on the
 * fastest link between them. At equal TP both shards are the same and this
 * is the profile's own link.
 */
export function handoffLink(s: Scenario): KvLink | null {
  const d = s.levers?.disaggregated;
  if (!d) return null;
  const { prefill, decode } = poolServers(s);
  const own = clusterKvLink(prefill, disaggregatedGpus(s));
  if (!own) return null;
  const bytesPerTokenPerGpu = Math.max(own.bytesPerTokenPerGpu, decode.kvLink?.bytesPerTokenPerGpu ?? 0);
  if (!d.link && bytesPerTokenPerGpu === own.bytesPerTokenPerGpu) return own;
  const speed = d.link ?? own;
  return { bytesPerTokenPerGpu, bytesPerSecPerGpu: speed.bytesPerSecPerGpu, label: speed.label, ...(speed.latencyS ? { latencyS: speed.latencyS } : {}) };
}

/** Seconds to send the KV of `tokens` tokens over `link`: its latency, then one GPU's shard over one GPU's bandwidth. */
export function kvTransferSeconds(tokens: number, link: KvLink): number {
  const bytesS = (tokens * link.bytesPerTokenPerGpu) / link.bytesPerSecPerGpu;
  return link.latencyS ? link.latencyS + bytesS : bytesS;
}
