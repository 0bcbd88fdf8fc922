/**
 * Moving a prompt's KV cache from a prefill instance to a decode instance
 * (disaggregated serving: DistServe, Splitwise, vLLM's and SGLang's P/D).
 * Each GPU of the prefill instance sends its own shard (tensor parallelism
 * splits the KV heads) over its own link, so the time is one GPU's share of
 * the bytes over one GPU's one-way bandwidth. A prefill instance's link sends
 * one cache at a time, first come first served.
 */
import type { KvLink, ServerProfile } from '../types';

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

/** Seconds to send the KV of `tokens` tokens over `link`. */
export function kvTransferSeconds(tokens: number, link: KvLink): number {
  return (tokens * link.bytesPerTokenPerGpu) / link.bytesPerSecPerGpu;
}
