/**
 * GPU specifications for the roofline. FLOP/s are dense tensor-core peaks at
 * boost clock (datasheets print the 2:4-sparse figure, twice as high, with an
 * asterisk). Bandwidth is SI (1 TB/s = 1e12 B/s), as vendors print it.
 * Memory sizes are not: HBM comes in binary stacks (an "80 GB" H100 or A100
 * has 5 × 16 GiB, nvidia-smi shows about 80 GiB = 85.9e9 B), so HBM parts are
 * taken as GiB; GDDR6 data-centre cards lose a little to ECC and land near the
 * decimal figure, so they are taken as GB; GeForce cards run without ECC and
 * keep all of their binary GDDR6X chips (24 GiB); Apple's unified memory is
 * binary LPDDR5 too. The gap (7%) decides whether a large model leaves room
 * for a KV cache. Values and sources: data/calibration/specs.md §1.
 */

/** Who makes the GPU, which decides the serving engines that run on it (`engines/hardware.ts`). */
export type GpuVendor = 'nvidia' | 'amd' | 'apple';

/** Where a GPU lives, for grouping menus: a data-centre server, a workstation or gaming PC, an Apple computer. */
export type GpuSegment = 'datacenter' | 'workstation' | 'apple';

/** How the GPUs of one server talk to each other for tensor-parallel all-reduces. */
export interface Interconnect {
  kind: 'nvlink' | 'pcie' | 'infinity-fabric' | 'thunderbolt';
  /** Bandwidth one GPU can send while receiving as much, bytes/s (half the bidirectional figure). */
  bytesPerSecPerDirection: number;
  /** Human label, e.g. "NVLink 4 (900 GB/s bidirectional)". */
  label: string;
  /** Where the bandwidth comes from. */
  source: string;
}

/** Dense tensor peak FLOP/s per compute precision; absent means the GPU cannot compute in it. */
export interface PeakFlops {
  fp16: number;
  bf16: number;
  fp8?: number;
  fp4?: number;
}

/** One GPU model. */
export interface GpuSpec {
  /** Stable lower-case id, e.g. `h100-sxm`. */
  id: string;
  /** Human label, e.g. "H100 SXM 80GB". */
  label: string;
  /** Name without the memory size, e.g. "H100 SXM". */
  name: string;
  /** Memory size as the datasheet prints it, in its "GB" (GiB for HBM, GeForce and Apple parts). */
  memoryAsPrintedGb: number;
  vendor: GpuVendor;
  segment: GpuSegment;
  /**
   * Memory the GPU may hold weights, activations and KV cache in, bytes: the
   * whole device memory of a discrete GPU; on Apple silicon the part of
   * unified memory macOS lets the GPU wire (`macosGpuWiredLimitBytes`).
   */
  memoryBytes: number;
  /** Apple silicon only: all of the unified memory, bytes (CPU and GPU share it). */
  unifiedMemoryBytes?: number;
  /** Peak device-memory bandwidth, bytes/s. */
  bandwidthBytesPerSec: number;
  /** Dense tensor peak per precision, FLOP/s (Apple: the GPU's FP16 ALU rate; it has no tensor cores). */
  peakFlopsPerSec: PeakFlops;
  /** Link between GPUs of one machine, used for all-reduces at any TP the bridge does not cover. */
  interconnect: Interconnect;
  /** A bridge that links up to `maxGpus` cards directly (the RTX 3090's NVLink bridge pairs two). */
  bridge?: { maxGpus: number; interconnect: Interconnect };
  /** Most GPUs one tensor-parallel group may span (Apple silicon: 1, it is one GPU); 8 when absent. */
  maxTp?: number;
  /** Where the numbers come from. */
  source: string;
}

const T = 1e12;
const G = 1e9;
const GIB = 2 ** 30;

/**
 * The GPU share of unified memory that macOS wires by default
 * (`iogpu.wired_limit_mb` = 0, reported by Metal as `recommendedMaxWorkingSetSize`):
 * two thirds of RAM on Macs with up to 32 GiB, three quarters above. Logged
 * values: 16 GiB → 10,922.67 MB and 32 GiB → 21,845.34 MB (2/3); 64 GiB →
 * about 48 GiB, 96 GiB → 73,728 MB, 128 GiB → 96 GiB, 192 GiB → 144 GiB (3/4).
 * Sources: llama.cpp's ggml_metal_init log lines in llama-cpp-python#687,
 * ollama#434, llama.cpp#2011, llama.cpp#3213, llama.cpp#1870; Rapid-MLX#183;
 * specs.md §1. Newer macOS releases have been measured higher (107.52 GiB on
 * a 128 GiB machine, antirez/ds4#893), so this is the documented default, not
 * a ceiling; raising the sysctl raises it.
 * @param unifiedBytes all of the Mac's unified memory, bytes
 * @returns bytes the GPU may wire
 */
export function macosGpuWiredLimitBytes(unifiedBytes: number): number {
  return unifiedBytes > 32 * GIB ? (unifiedBytes * 3) / 4 : (unifiedBytes * 2) / 3;
}

// PCIe 4.0 x16 moves 32 GB/s each way, 5.0 x16 64 GB/s; servers without NVLink bridges use it for all-reduce.
const PCIE_SOURCE = 'PCI-SIG: 16 GT/s (4.0) and 32 GT/s (5.0) per lane, 16 lanes; 64 and 128 GB/s bidirectional as NVIDIA datasheets print them (A100, H100 PCIe)';
const PCIE4: Interconnect = { kind: 'pcie', bytesPerSecPerDirection: 32 * G, label: 'PCIe 4.0 x16 (64 GB/s bidirectional)', source: PCIE_SOURCE };
const PCIE5: Interconnect = { kind: 'pcie', bytesPerSecPerDirection: 64 * G, label: 'PCIe 5.0 x16 (128 GB/s bidirectional)', source: PCIE_SOURCE };
const NVLINK3: Interconnect = { kind: 'nvlink', bytesPerSecPerDirection: 300 * G, label: 'NVLink 3 (600 GB/s bidirectional)', source: 'NVIDIA A100 datasheet: NVLink 600 GB/s' };
const NVLINK4: Interconnect = { kind: 'nvlink', bytesPerSecPerDirection: 450 * G, label: 'NVLink 4 (900 GB/s bidirectional)', source: 'NVIDIA H100/H200 datasheets: NVLink 900 GB/s' };
const NVLINK5: Interconnect = {
  kind: 'nvlink', bytesPerSecPerDirection: 900 * G, label: 'NVLink 5 (1.8 TB/s bidirectional)',
  source: 'NVIDIA HGX B200 / GB200 NVL72 spec table: 5th-generation NVLink 1.8 TB/s per GPU',
};
const INFINITY_FABRIC: Interconnect = {
  kind: 'infinity-fabric', bytesPerSecPerDirection: 448 * G, label: 'Infinity Fabric (7 × 128 GB/s links)',
  source: 'AMD MI300X/MI325X platform: seven Infinity Fabric links of 128 GB/s bidirectional to the other seven GPUs',
};
// The RTX 3090's bridge: the same GA102 NVLink as the A40's (112.5 GB/s bidirectional), two cards at most.
const NVLINK_BRIDGE_3090: Interconnect = {
  kind: 'nvlink', bytesPerSecPerDirection: 56.25 * G, label: 'NVLink bridge (112.5 GB/s bidirectional)',
  source: 'runaihome "Multi-GPU for local AI: NVLink vs PCIe" consumer NVLink table (RTX 3090: NVLink 3.0, 112.5 GB/s); NVIDIA A40 datasheet (GA102: NVLink 112.5 GB/s bidirectional)',
};
// Macs have one GPU each; Thunderbolt only carries KV between machines (replicas, disaggregation), never a TP all-reduce.
const THUNDERBOLT4: Interconnect = {
  kind: 'thunderbolt', bytesPerSecPerDirection: 5 * G, label: 'Thunderbolt 4 (40 Gb/s each way)',
  source: 'Thunderbolt 4: 40 Gb/s; M2- and M3-generation Macs have it, the M4 Pro and M4 Max being the first with Thunderbolt 5 (M4 Max launch reports: engadget, sianzzz)',
};
const THUNDERBOLT5: Interconnect = {
  kind: 'thunderbolt', bytesPerSecPerDirection: 10 * G, label: 'Thunderbolt 5 (80 Gb/s each way)',
  source: 'Thunderbolt 5: 80 Gb/s symmetric, 120 Gb/s one way with Bandwidth Boost (Apple MacBook Pro M4 Max; engadget launch report)',
};

/** Every GPU the lab can run a model on. */
export const GPUS: readonly GpuSpec[] = [
  {
    // A100 datasheet: 312 TFLOPS FP16/BF16 dense (624 sparse); 1,555 GB/s on the 40 GB SXM4 part.
    id: 'a100-40gb', label: 'A100 40GB SXM', name: 'A100 SXM', memoryAsPrintedGb: 40, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 40 * GIB, bandwidthBytesPerSec: 1.555 * T,
    peakFlopsPerSec: { fp16: 312 * T, bf16: 312 * T },
    interconnect: NVLINK3,
    source: 'NVIDIA A100 datasheet; specs.md §1',
  },
  {
    // A100 datasheet: 80 GB HBM2e at 2,039 GB/s (SXM4); also hahnyuan/LLM-Viewer hardware_params.py.
    id: 'a100-80gb-sxm', label: 'A100 80GB SXM', name: 'A100 SXM', memoryAsPrintedGb: 80, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 2.039 * T,
    peakFlopsPerSec: { fp16: 312 * T, bf16: 312 * T },
    interconnect: NVLINK3,
    source: 'NVIDIA A100 datasheet; specs.md §1',
  },
  {
    // Same 312 TFLOPS peak, but 1,935 GB/s and a 300 W limit; assumed without NVLink bridges.
    id: 'a100-80gb-pcie', label: 'A100 80GB PCIe', name: 'A100 PCIe', memoryAsPrintedGb: 80, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 1.935 * T,
    peakFlopsPerSec: { fp16: 312 * T, bf16: 312 * T },
    interconnect: PCIE4,
    source: 'NVIDIA A100 datasheet; specs.md §1',
  },
  {
    // H100 datasheet prints 1,979 / 3,958 TFLOPS sparse; dense is half (989.4 BF16, 1,978.9 FP8).
    id: 'h100-sxm', label: 'H100 SXM 80GB', name: 'H100 SXM', memoryAsPrintedGb: 80, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 3.35 * T,
    peakFlopsPerSec: { fp16: 989.4 * T, bf16: 989.4 * T, fp8: 1978.9 * T },
    interconnect: NVLINK4,
    source: 'NVIDIA H100 datasheet (hpctech copy), glennklockwood.com H100 page; specs.md §1',
  },
  {
    // H100 PCIe: 2.0 TB/s HBM2e, 756 dense BF16, 1,513 dense FP8; assumed without NVLink bridges.
    id: 'h100-pcie', label: 'H100 PCIe 80GB', name: 'H100 PCIe', memoryAsPrintedGb: 80, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 2.0 * T,
    peakFlopsPerSec: { fp16: 756 * T, bf16: 756 * T, fp8: 1513 * T },
    interconnect: PCIE5,
    source: 'NVIDIA H100 datasheet (hpctech copy); specs.md §1',
  },
  {
    // Same compute as H100 SXM; 141 GB HBM3e at 4.8 TB/s (TensorRT-LLM H200 launch blog).
    id: 'h200', label: 'H200 SXM 141GB', name: 'H200 SXM', memoryAsPrintedGb: 141, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 141 * GIB, bandwidthBytesPerSec: 4.8 * T,
    peakFlopsPerSec: { fp16: 989.4 * T, bf16: 989.4 * T, fp8: 1978.9 * T },
    interconnect: NVLINK4,
    source: 'NVIDIA/TensorRT-LLM docs/source/blogs/H200launch.md; specs.md §1',
  },
  {
    // HGX B200 at 1000 W; memory as in DGX B200 (1,440 GB / 8 GPUs), the part TensorRT-LLM benchmarks.
    id: 'b200', label: 'B200 180GB', name: 'B200', memoryAsPrintedGb: 180, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 180 * GIB, bandwidthBytesPerSec: 8 * T,
    peakFlopsPerSec: { fp16: 2250 * T, bf16: 2250 * T, fp8: 4500 * T, fp4: 9000 * T },
    interconnect: NVLINK5,
    source: 'glennklockwood.com B200 page (HGX B200 table); NVIDIA DGX B200 spec; specs.md §1',
  },
  {
    // L4 datasheet: 242 FP16 / 485 FP8 TFLOPS sparse, so 121 / 242.5 dense; 300 GB/s GDDR6, 72 W.
    id: 'l4', label: 'L4 24GB', name: 'L4', memoryAsPrintedGb: 24, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 24 * G, bandwidthBytesPerSec: 300 * G,
    peakFlopsPerSec: { fp16: 121 * T, bf16: 121 * T, fp8: 242.5 * T },
    interconnect: PCIE4,
    source: 'NVIDIA L4 datasheet as restated by yobitel/grokipedia; specs.md §1',
  },
  {
    // L40S datasheet: BF16 362.05 dense, FP8 733 dense, 864 GB/s, 48 GB; no NVLink.
    id: 'l40s', label: 'L40S 48GB', name: 'L40S', memoryAsPrintedGb: 48, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 48 * G, bandwidthBytesPerSec: 864 * G,
    peakFlopsPerSec: { fp16: 362.05 * T, bf16: 362.05 * T, fp8: 733 * T },
    interconnect: PCIE4,
    source: 'NVIDIA L40S datasheet (reseller copy at mullet.se); specs.md §1',
  },
  {
    // A10 datasheet: 125 TFLOPS FP16/BF16 dense (250 sparse), 600 GB/s GDDR6, 24 GB.
    id: 'a10', label: 'A10 24GB', name: 'A10', memoryAsPrintedGb: 24, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 24 * G, bandwidthBytesPerSec: 600 * G,
    peakFlopsPerSec: { fp16: 125 * T, bf16: 125 * T },
    interconnect: PCIE4,
    source: 'NVIDIA A10 datasheet; citsjtu2020/LLM-Prof hardware_spec.md; specs.md §1',
  },
  {
    // NVIDIA publishes no tensor figure for the AWS-only A10G; Baseten only says it is below the A10's 125.
    // We assume 70 TFLOPS dense, a deliberately low guess, so prefill on an A10G is never flattered.
    // Memory and bandwidth, which decide decode, match the A10 (24 GB, 600 GB/s).
    id: 'a10g', label: 'A10G 24GB (AWS)', name: 'A10G', memoryAsPrintedGb: 24, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 24 * G, bandwidthBytesPerSec: 600 * G,
    peakFlopsPerSec: { fp16: 70 * T, bf16: 70 * T },
    interconnect: PCIE4,
    source: 'Baseten "NVIDIA A10 vs A10G for ML model inference" (memory, bandwidth); tensor peak assumed; specs.md §1',
  },
  {
    // MI300X: 1,307.4 BF16 / 2,614.9 FP8 dense, 5.3 TB/s, 192 GB HBM3; 7 Infinity Fabric links of 64 GB/s each way.
    id: 'mi300x', label: 'MI300X 192GB', name: 'MI300X', memoryAsPrintedGb: 192, vendor: 'amd', segment: 'datacenter',
    memoryBytes: 192 * GIB, bandwidthBytesPerSec: 5.3 * T,
    peakFlopsPerSec: { fp16: 1307.4 * T, bf16: 1307.4 * T, fp8: 2614.9 * T },
    interconnect: INFINITY_FABRIC,
    source: 'AMD MI300X spec table in alpharomercoma/MI300X-vs-H200; MLPerf v4.1 AMD system JSON; specs.md §1',
  },
  {
    // Same CDNA 3 compute as the MI300X (1,307.4 BF16 / 2,614.9 FP8 dense); HBM3E grows to 256 GB at 6 TB/s.
    id: 'mi325x', label: 'MI325X 256GB', name: 'MI325X', memoryAsPrintedGb: 256, vendor: 'amd', segment: 'datacenter',
    memoryBytes: 256 * GIB, bandwidthBytesPerSec: 6 * T,
    peakFlopsPerSec: { fp16: 1307.4 * T, bf16: 1307.4 * T, fp8: 2614.9 * T },
    interconnect: INFINITY_FABRIC,
    source: 'AMD Instinct MI325X spec tables restated by awesomeagents.ai and yobitel (256 GB HBM3E, 6 TB/s, compute as MI300X); specs.md §1',
  },
  {
    // Export-limited Hopper: 148 dense BF16 and 296 FP8 (15% of an H100) but 96 GB HBM3 at 4.0 TB/s and full NVLink 4.
    id: 'h20', label: 'H20 96GB', name: 'H20', memoryAsPrintedGb: 96, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 96 * GIB, bandwidthBytesPerSec: 4.0 * T,
    peakFlopsPerSec: { fp16: 148 * T, bf16: 148 * T, fp8: 296 * T },
    interconnect: NVLINK4,
    source: 'NVIDIA H20 spec as restated by willitrunai.com (96 GB HBM3, 4.0 TB/s, 148 TFLOPS FP16, NVLink 900 GB/s) and zangshuxian.com (148 dense FP16, 296 INT8); specs.md §1',
  },
  {
    // One Blackwell GPU of a GB200 NVL72 at 1,200 W: NVIDIA prints 5 / 10 / 20 PFLOPS BF16 / FP8 / FP4 sparse, so 2.5 / 5 / 10 dense.
    id: 'gb200', label: 'GB200 186GB (NVL72)', name: 'GB200', memoryAsPrintedGb: 186, vendor: 'nvidia', segment: 'datacenter',
    memoryBytes: 186 * GIB, bandwidthBytesPerSec: 8 * T,
    peakFlopsPerSec: { fp16: 2500 * T, bf16: 2500 * T, fp8: 5000 * T, fp4: 10000 * T },
    interconnect: NVLINK5,
    source: 'NVIDIA GB200 NVL72 spec table (per-GPU column: 186 GB HBM3E, 8 TB/s) as copied at zdszero.github.io; glennklockwood.com B200 page (GB200 at 1,200 W); MLPerf v6.1 Crusoe GB200-186GB system JSON; specs.md §1',
  },
  {
    // Ada AD102: 165.2 dense FP16/BF16 with FP32 accumulate (330.3 with FP16 accumulate, which serving GEMMs do not use),
    // FP8 330.3 dense with FP32 accumulate (v2.02 of the whitepaper corrected it from 660.6); 1,008 GB/s GDDR6X; no NVLink.
    id: 'rtx-4090', label: 'RTX 4090 24GB', name: 'RTX 4090', memoryAsPrintedGb: 24, vendor: 'nvidia', segment: 'workstation',
    memoryBytes: 24 * GIB, bandwidthBytesPerSec: 1008 * G,
    peakFlopsPerSec: { fp16: 165.2 * T, bf16: 165.2 * T, fp8: 330.3 * T },
    interconnect: PCIE4,
    source: 'NVIDIA Ada GPU Architecture whitepaper v2.1, Appendix A (GeForce RTX 4090), as quoted in public benchmark code; waredb.com RTX 4090; specs.md §1',
  },
  {
    // Ampere GA102: 71 dense FP16/BF16 with FP32 accumulate (142 with FP16 accumulate), 936 GB/s GDDR6X, no FP8.
    // Two cards may share an NVLink bridge; beyond two, all-reduces cross PCIe.
    id: 'rtx-3090', label: 'RTX 3090 24GB', name: 'RTX 3090', memoryAsPrintedGb: 24, vendor: 'nvidia', segment: 'workstation',
    memoryBytes: 24 * GIB, bandwidthBytesPerSec: 936 * G,
    peakFlopsPerSec: { fp16: 71 * T, bf16: 71 * T },
    interconnect: PCIE4,
    bridge: { maxGpus: 2, interconnect: NVLINK_BRIDGE_3090 },
    source: 'NVIDIA Ampere GA102 whitepaper, Appendix A (GeForce RTX 3090: 71 TFLOPS FP16 tensor with FP32 accumulate, 936 GB/s), as quoted in public code; specs.md §1',
  },
  {
    // Mac Studio's M2 Ultra with the 76-core GPU: 192 GB at 800 GB/s (the 60-core part has the same memory system).
    // 76 cores × 128 ALUs × 2 FLOP × 1.398 GHz = 27.2 TFLOPS FP16, the same rate as FP32 on Apple GPUs.
    id: 'm2-ultra', label: 'M2 Ultra 192GB', name: 'M2 Ultra', memoryAsPrintedGb: 192, vendor: 'apple', segment: 'apple',
    unifiedMemoryBytes: 192 * GIB, memoryBytes: macosGpuWiredLimitBytes(192 * GIB), bandwidthBytesPerSec: 800 * G,
    peakFlopsPerSec: { fp16: 27.2 * T, bf16: 27.2 * T },
    interconnect: THUNDERBOLT4,
    maxTp: 1,
    source: 'Apple M2 Ultra announcement (up to 192 GB, 800 GB/s, 76-core GPU; Ars Technica, myapplechat); FP16 rate from hmc-tech.com (60-core: 21.47 TFLOPS at 1,398 MHz, scaled to 76 cores); specs.md §1',
  },
  {
    // M3 Max with the 40-core GPU, the configuration 400 GB/s and 128 GB belong to (the 30-core part has less of both; not sourced here).
    id: 'm3-max', label: 'M3 Max 128GB', name: 'M3 Max', memoryAsPrintedGb: 128, vendor: 'apple', segment: 'apple',
    unifiedMemoryBytes: 128 * GIB, memoryBytes: macosGpuWiredLimitBytes(128 * GIB), bandwidthBytesPerSec: 400 * G,
    peakFlopsPerSec: { fp16: 14.32 * T, bf16: 14.32 * T },
    interconnect: THUNDERBOLT4,
    maxTp: 1,
    source: 'Apple MacBook Pro (M3 Max, 40-core GPU) specs as reported by macmegasite (400 GB/s); hmc-tech.com 40-core M3 Max (14.32 TFLOPS FP16 = FP32); specs.md §1',
  },
  {
    // M4 Max with the 16-core CPU and 40-core GPU: 546 GB/s and 128 GB belong to it (notebookcheck: the 14-core/32-core flavour is the cut-down one).
    // 40 cores × 128 ALUs × 2 FLOP × 1.678 GHz = 17.2 TFLOPS FP16.
    id: 'm4-max', label: 'M4 Max 128GB', name: 'M4 Max', memoryAsPrintedGb: 128, vendor: 'apple', segment: 'apple',
    unifiedMemoryBytes: 128 * GIB, memoryBytes: macosGpuWiredLimitBytes(128 * GIB), bandwidthBytesPerSec: 546 * G,
    peakFlopsPerSec: { fp16: 17.18 * T, bf16: 17.18 * T },
    interconnect: THUNDERBOLT5,
    maxTp: 1,
    source: 'Apple M4 Max announcement (16-core CPU, 40-core GPU, up to 128 GB, 546 GB/s; macmegasite, notebookcheck, gamebastion/wccftech); FP16 rate from hmc-tech.com (32-core: 13.74 TFLOPS at 1,678 MHz, scaled to 40 cores); specs.md §1',
  },
];

/** A GPU by id, or undefined. */
export function gpuById(id: string): GpuSpec | undefined {
  return GPUS.find((g) => g.id === id);
}

/**
 * Bytes per "GB" as this GPU's datasheet counts them: 2^30 for the HBM parts
 * whose 80 GB are 80 GiB (A100, H100, H200, B200, MI300X), GeForce cards and
 * Apple's unified memory, 10^9 for the GDDR data-centre parts (L4, L40S, A10).
 * Memory figures in that unit add up to the printed size.
 */
export function datasheetGbBytes(gpu: Pick<GpuSpec, 'memoryBytes' | 'memoryAsPrintedGb' | 'unifiedMemoryBytes'>): number {
  return gpu.memoryAsPrintedGb > 0 ? (gpu.unifiedMemoryBytes ?? gpu.memoryBytes) / gpu.memoryAsPrintedGb : 1e9;
}

/** Most GPUs a tensor-parallel group of `gpu` may span. */
export function maxTpOf(gpu: Pick<GpuSpec, 'maxTp'>): number {
  return gpu.maxTp ?? 8;
}

/** The link a TP group of `tp` GPUs all-reduces over: the bridge when it covers the group, else the interconnect. */
export function interconnectFor(gpu: Pick<GpuSpec, 'interconnect' | 'bridge'>, tp: number): Interconnect {
  return gpu.bridge && tp <= gpu.bridge.maxGpus ? gpu.bridge.interconnect : gpu.interconnect;
}
