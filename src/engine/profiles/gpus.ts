/**
 * GPU specifications for the roofline. FLOP/s are dense tensor-core peaks at
 * boost clock (datasheets print the 2:4-sparse figure, twice as high, with an
 * asterisk). Bandwidth is SI (1 TB/s = 1e12 B/s), as vendors print it.
 * Memory sizes are not: HBM comes in binary stacks (an "80 GB" H100 or A100
 * has 5 × 16 GiB, nvidia-smi shows about 80 GiB = 85.9e9 B), so HBM parts are
 * taken as GiB; GDDR6 cards lose a little to ECC and land near the decimal
 * figure, so they are taken as GB. The gap (7%) decides whether a large model
 * leaves room for a KV cache. Values and sources: data/calibration/specs.md §1.
 */

/** How the GPUs of one server talk to each other for tensor-parallel all-reduces. */
export interface Interconnect {
  kind: 'nvlink' | 'pcie' | 'infinity-fabric';
  /** Bandwidth one GPU can send while receiving as much, bytes/s (half the bidirectional figure). */
  bytesPerSecPerDirection: number;
  /** Human label, e.g. "NVLink 4 (900 GB/s bidirectional)". */
  label: string;
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
  /** Memory size as the datasheet prints it, in its "GB" (GiB for HBM parts). */
  memoryAsPrintedGb: number;
  vendor: 'nvidia' | 'amd';
  /** Device memory, bytes. */
  memoryBytes: number;
  /** Peak device-memory bandwidth, bytes/s. */
  bandwidthBytesPerSec: number;
  /** Dense tensor peak per precision, FLOP/s. */
  peakFlopsPerSec: PeakFlops;
  interconnect: Interconnect;
  /** Where the numbers come from. */
  source: string;
}

const T = 1e12;
const G = 1e9;
const GIB = 2 ** 30;

// PCIe 4.0 x16 moves 32 GB/s each way, 5.0 x16 64 GB/s; servers without NVLink bridges use it for all-reduce.
const PCIE4: Interconnect = { kind: 'pcie', bytesPerSecPerDirection: 32 * G, label: 'PCIe 4.0 x16 (64 GB/s bidirectional)' };
const PCIE5: Interconnect = { kind: 'pcie', bytesPerSecPerDirection: 64 * G, label: 'PCIe 5.0 x16 (128 GB/s bidirectional)' };
const NVLINK3: Interconnect = { kind: 'nvlink', bytesPerSecPerDirection: 300 * G, label: 'NVLink 3 (600 GB/s bidirectional)' };
const NVLINK4: Interconnect = { kind: 'nvlink', bytesPerSecPerDirection: 450 * G, label: 'NVLink 4 (900 GB/s bidirectional)' };
const NVLINK5: Interconnect = { kind: 'nvlink', bytesPerSecPerDirection: 900 * G, label: 'NVLink 5 (1.8 TB/s bidirectional)' };

/** Every GPU the lab can run a model on. */
export const GPUS: readonly GpuSpec[] = [
  {
    // A100 datasheet: 312 TFLOPS FP16/BF16 dense (624 sparse); 1,555 GB/s on the 40 GB SXM4 part.
    id: 'a100-40gb', label: 'A100 40GB SXM', name: 'A100 SXM', memoryAsPrintedGb: 40, vendor: 'nvidia',
    memoryBytes: 40 * GIB, bandwidthBytesPerSec: 1.555 * T,
    peakFlopsPerSec: { fp16: 312 * T, bf16: 312 * T },
    interconnect: NVLINK3,
    source: 'NVIDIA A100 datasheet; specs.md §1',
  },
  {
    // A100 datasheet: 80 GB HBM2e at 2,039 GB/s (SXM4); also hahnyuan/LLM-Viewer hardware_params.py.
    id: 'a100-80gb-sxm', label: 'A100 80GB SXM', name: 'A100 SXM', memoryAsPrintedGb: 80, vendor: 'nvidia',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 2.039 * T,
    peakFlopsPerSec: { fp16: 312 * T, bf16: 312 * T },
    interconnect: NVLINK3,
    source: 'NVIDIA A100 datasheet; specs.md §1',
  },
  {
    // Same 312 TFLOPS peak, but 1,935 GB/s and a 300 W limit; assumed without NVLink bridges.
    id: 'a100-80gb-pcie', label: 'A100 80GB PCIe', name: 'A100 PCIe', memoryAsPrintedGb: 80, vendor: 'nvidia',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 1.935 * T,
    peakFlopsPerSec: { fp16: 312 * T, bf16: 312 * T },
    interconnect: PCIE4,
    source: 'NVIDIA A100 datasheet; specs.md §1',
  },
  {
    // H100 datasheet prints 1,979 / 3,958 TFLOPS sparse; dense is half (989.4 BF16, 1,978.9 FP8).
    id: 'h100-sxm', label: 'H100 SXM 80GB', name: 'H100 SXM', memoryAsPrintedGb: 80, vendor: 'nvidia',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 3.35 * T,
    peakFlopsPerSec: { fp16: 989.4 * T, bf16: 989.4 * T, fp8: 1978.9 * T },
    interconnect: NVLINK4,
    source: 'NVIDIA H100 datasheet (hpctech copy), glennklockwood.com H100 page; specs.md §1',
  },
  {
    // H100 PCIe: 2.0 TB/s HBM2e, 756 dense BF16, 1,513 dense FP8; assumed without NVLink bridges.
    id: 'h100-pcie', label: 'H100 PCIe 80GB', name: 'H100 PCIe', memoryAsPrintedGb: 80, vendor: 'nvidia',
    memoryBytes: 80 * GIB, bandwidthBytesPerSec: 2.0 * T,
    peakFlopsPerSec: { fp16: 756 * T, bf16: 756 * T, fp8: 1513 * T },
    interconnect: PCIE5,
    source: 'NVIDIA H100 datasheet (hpctech copy); specs.md §1',
  },
  {
    // Same compute as H100 SXM; 141 GB HBM3e at 4.8 TB/s (TensorRT-LLM H200 launch blog).
    id: 'h200', label: 'H200 SXM 141GB', name: 'H200 SXM', memoryAsPrintedGb: 141, vendor: 'nvidia',
    memoryBytes: 141 * GIB, bandwidthBytesPerSec: 4.8 * T,
    peakFlopsPerSec: { fp16: 989.4 * T, bf16: 989.4 * T, fp8: 1978.9 * T },
    interconnect: NVLINK4,
    source: 'NVIDIA/TensorRT-LLM docs/source/blogs/H200launch.md; specs.md §1',
  },
  {
    // HGX B200 at 1000 W; memory as in DGX B200 (1,440 GB / 8 GPUs), the part TensorRT-LLM benchmarks.
    id: 'b200', label: 'B200 180GB', name: 'B200', memoryAsPrintedGb: 180, vendor: 'nvidia',
    memoryBytes: 180 * GIB, bandwidthBytesPerSec: 8 * T,
    peakFlopsPerSec: { fp16: 2250 * T, bf16: 2250 * T, fp8: 4500 * T, fp4: 9000 * T },
    interconnect: NVLINK5,
    source: 'glennklockwood.com B200 page (HGX B200 table); NVIDIA DGX B200 spec; specs.md §1',
  },
  {
    // L4 datasheet: 242 FP16 / 485 FP8 TFLOPS sparse, so 121 / 242.5 dense; 300 GB/s GDDR6, 72 W.
    id: 'l4', label: 'L4 24GB', name: 'L4', memoryAsPrintedGb: 24, vendor: 'nvidia',
    memoryBytes: 24 * G, bandwidthBytesPerSec: 300 * G,
    peakFlopsPerSec: { fp16: 121 * T, bf16: 121 * T, fp8: 242.5 * T },
    interconnect: PCIE4,
    source: 'NVIDIA L4 datasheet as restated by yobitel/grokipedia; specs.md §1',
  },
  {
    // L40S datasheet: BF16 362.05 dense, FP8 733 dense, 864 GB/s, 48 GB; no NVLink.
    id: 'l40s', label: 'L40S 48GB', name: 'L40S', memoryAsPrintedGb: 48, vendor: 'nvidia',
    memoryBytes: 48 * G, bandwidthBytesPerSec: 864 * G,
    peakFlopsPerSec: { fp16: 362.05 * T, bf16: 362.05 * T, fp8: 733 * T },
    interconnect: PCIE4,
    source: 'NVIDIA L40S datasheet (reseller copy at mullet.se); specs.md §1',
  },
  {
    // A10 datasheet: 125 TFLOPS FP16/BF16 dense (250 sparse), 600 GB/s GDDR6, 24 GB.
    id: 'a10', label: 'A10 24GB', name: 'A10', memoryAsPrintedGb: 24, vendor: 'nvidia',
    memoryBytes: 24 * G, bandwidthBytesPerSec: 600 * G,
    peakFlopsPerSec: { fp16: 125 * T, bf16: 125 * T },
    interconnect: PCIE4,
    source: 'NVIDIA A10 datasheet; citsjtu2020/LLM-Prof hardware_spec.md; specs.md §1',
  },
  {
    // NVIDIA publishes no tensor figure for the AWS-only A10G; Baseten only says it is below the A10's 125.
    // We assume 70 TFLOPS dense, a deliberately low guess, so prefill on an A10G is never flattered.
    // Memory and bandwidth, which decide decode, match the A10 (24 GB, 600 GB/s).
    id: 'a10g', label: 'A10G 24GB (AWS)', name: 'A10G', memoryAsPrintedGb: 24, vendor: 'nvidia',
    memoryBytes: 24 * G, bandwidthBytesPerSec: 600 * G,
    peakFlopsPerSec: { fp16: 70 * T, bf16: 70 * T },
    interconnect: PCIE4,
    source: 'Baseten "NVIDIA A10 vs A10G for ML model inference" (memory, bandwidth); tensor peak assumed; specs.md §1',
  },
  {
    // MI300X: 1,307.4 BF16 / 2,614.9 FP8 dense, 5.3 TB/s, 192 GB HBM3; 7 Infinity Fabric links of 64 GB/s each way.
    id: 'mi300x', label: 'MI300X 192GB', name: 'MI300X', memoryAsPrintedGb: 192, vendor: 'amd',
    memoryBytes: 192 * GIB, bandwidthBytesPerSec: 5.3 * T,
    peakFlopsPerSec: { fp16: 1307.4 * T, bf16: 1307.4 * T, fp8: 2614.9 * T },
    interconnect: { kind: 'infinity-fabric', bytesPerSecPerDirection: 448 * G, label: 'Infinity Fabric (7 × 128 GB/s links)' },
    source: 'AMD MI300X spec table in alpharomercoma/MI300X-vs-H200; MLPerf v4.1 AMD system JSON; specs.md §1',
  },
];

/** A GPU by id, or undefined. */
export function gpuById(id: string): GpuSpec | undefined {
  return GPUS.find((g) => g.id === id);
}

/**
 * Bytes per "GB" as this GPU's datasheet counts them: 2^30 for the HBM parts
 * whose 80 GB are 80 GiB (A100, H100, H200, B200, MI300X), 10^9 for the GDDR
 * parts (L4, L40S, A10). Memory figures in that unit add up to the printed size.
 */
export function datasheetGbBytes(gpu: Pick<GpuSpec, 'memoryBytes' | 'memoryAsPrintedGb'>): number {
  return gpu.memoryAsPrintedGb > 0 ? gpu.memoryBytes / gpu.memoryAsPrintedGb : 1e9;
}

