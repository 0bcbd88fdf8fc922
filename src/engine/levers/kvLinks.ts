/**
 * Named links a disaggregated cluster's KV cache can cross, as data: each
 * link's one-way bandwidth per GPU and its latency, with where they come
 * from. `auto` (no name) keeps the server's own link (`clusterKvLink`).
 * The latencies are microseconds while a prompt's KV is megabytes, so on
 * every link but the slowest the bytes decide the time; they are there so a
 * short prompt over Ethernet still pays its round of the stack.
 */
import type { KvLinkSpeed } from './types';
import { GPUS_PER_SERVER } from './kvTransfer';
import type { KvLinkId } from './kvLinkIds';

export { KV_LINK_IDS, type KvLinkId } from './kvLinkIds';

/** One named link: per-GPU speed, latency and sources. */
export interface NamedKvLink extends KvLinkSpeed {
  id: KvLinkId;
  /** Time before the first byte lands, seconds. */
  latencyS: number;
  /** Where the bandwidth comes from (URL). */
  bandwidthSource: string;
  /** Where the latency comes from (URL). */
  latencySource: string;
}

const G = 1e9;

/** The named links. Bandwidths are one way, per GPU (half a bidirectional figure). */
export const KV_LINKS: Readonly<Record<KvLinkId, NamedKvLink>> = {
  nvlink: {
    id: 'nvlink', label: 'NVLink 4 (450 GB/s each way per GPU)', bytesPerSecPerGpu: 450 * G, latencyS: 2e-6,
    bandwidthSource: 'https://www.nvidia.com/en-us/data-center/h100/ (H100 SXM: NVLink 900 GB/s bidirectional)',
    latencySource: 'https://fridayswithfaraday.com/posts/gpu-hw-nvlink-nvswitch-interconnect (H100 DGX hierarchy: NVLink 4 about 1–2 µs)',
  },
  infiniband: {
    id: 'infiniband', label: 'InfiniBand NDR (400 Gb/s = 50 GB/s each way per GPU)', bytesPerSecPerGpu: 50 * G, latencyS: 5e-6,
    bandwidthSource: 'https://docs.nvidia.com/networking/display/ConnectX7VPI/Introduction (ConnectX-7: NDR 400 Gb/s per port; DGX H100 pairs one with each GPU)',
    latencySource: 'https://fridayswithfaraday.com/posts/gpu-hw-nvlink-nvswitch-interconnect (InfiniBand NDR between nodes about 1–5 µs; the upper end, GPU memory to GPU memory)',
  },
  pcie: {
    id: 'pcie', label: 'PCIe 5.0 x16 (64 GB/s each way per GPU)', bytesPerSecPerGpu: 64 * G, latencyS: 4.1e-6,
    bandwidthSource: 'https://www.nvidia.com/en-us/data-center/h100/ (PCIe Gen5 128 GB/s bidirectional)',
    latencySource: 'https://github.com/lukealonso/p2pmark (GPU peer-to-peer over PCIe 5.0: 4.10 µs best pair)',
  },
  ethernet: {
    id: 'ethernet', label: '100 GbE (12.5 GB/s each way per GPU, TCP)', bytesPerSecPerGpu: 12.5 * G, latencyS: 50e-6,
    bandwidthSource: 'https://docs.nvidia.com/networking/display/ConnectX7VPI/Introduction (ConnectX-7 dual-port QSFP112: 100GbE; one NIC per GPU assumed)',
    latencySource: 'https://www.wwt.com/article/the-basics-of-high-performance-networking (kernel-to-kernel latency about 50 µs)',
  },
};

/** What the GPU's own catalog link says (an NVLink generation, or something else). */
export interface GpuLinkFacts {
  kind: string;
  bytesPerSecPerDirection: number;
  label: string;
}

/**
 * The speed of `id` for a cluster of `clusterGpus` GPUs of a GPU whose own
 * link is `gpuLink` (null: the lesson server, no GPU), or why it cannot be.
 * NVLink joins only the GPUs of one server and only GPUs that have it; on a
 * GPU with another NVLink generation (A100's NVLink 3, B200's NVLink 5) the
 * GPU's own figure is used, since `nvlink` names the kind of link.
 */
export function namedKvLink(id: KvLinkId, gpuLink: GpuLinkFacts | null, clusterGpus: number): { ok: true; link: NamedKvLink } | { ok: false; reason: string } {
  const link = KV_LINKS[id];
  if (id !== 'nvlink') return { ok: true, link };
  if (clusterGpus > GPUS_PER_SERVER) {
    return { ok: false, reason: `NVLink joins the ${GPUS_PER_SERVER} GPUs of one server; ${clusterGpus} GPUs span servers, so their KV crosses the network: use infiniband or ethernet` };
  }
  if (gpuLink === null) return { ok: true, link };
  if (gpuLink.kind !== 'nvlink') return { ok: false, reason: `these GPUs are linked by ${gpuLink.label}, not NVLink: use pcie, infiniband, ethernet or auto` };
  if (gpuLink.bytesPerSecPerDirection === link.bytesPerSecPerGpu) return { ok: true, link };
  return { ok: true, link: { ...link, bytesPerSecPerGpu: gpuLink.bytesPerSecPerDirection, label: `${gpuLink.label}, the GPU's own NVLink` } };
}
