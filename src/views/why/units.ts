import { format } from 'd3-format';
import { datasheetGbBytes, type GpuSpec } from '../../engine/profiles/gpus';

/**
 * Units of the "why" panel: bytes, FLOP/s, bandwidth, intensity. Every
 * formatter returns readable text for any input (never NaN or Infinity).
 */

const sig3 = format(',.3~r');
const sig2 = format(',.2~r');
const group = format(',');

const finite = (x: number): boolean => typeof x === 'number' && Number.isFinite(x);

/** Bytes as GB (SI, as vendors print memory traffic): `16.1 GB`, `141 GB`; below 1 GB in MB: `61 MB`. */
export function formatGb(bytes: number): string {
  if (!finite(bytes)) return '–';
  const gb = bytes / 1e9;
  if (Math.abs(gb) < 1 && gb !== 0) return `${sig3(bytes / 1e6)} MB`;
  if (Math.abs(gb) >= 100) return `${group(Math.round(gb))} GB`;
  return `${sig3(gb)} GB`;
}

/**
 * GPU memory in GB as the GPU's datasheet prints it (an H100's 80 GB are
 * 80 GiB), so the weights, the reserve and the KV cache add up to the printed
 * size: `80 GB`, `15.0 GB`, `612 MB`.
 */
export function formatGpuMemory(bytes: number, gpu: Pick<GpuSpec, 'memoryBytes' | 'memoryAsPrintedGb'>): string {
  if (!finite(bytes)) return '–';
  const gb = bytes / datasheetGbBytes(gpu);
  if (Math.abs(gb) < 1 && gb !== 0) return `${sig3(gb * 1000)} MB`;
  if (Math.abs(gb) >= 100 || Number.isInteger(gb)) return `${group(Math.round(gb))} GB`;
  return `${sig3(gb)} GB`;
}

/** FLOP/s with an SI prefix: `989 TFLOP/s`, `1.98 PFLOP/s`, `45 GFLOP/s`. */
export function formatFlops(x: number): string {
  if (!finite(x) || x <= 0) return '0 FLOP/s';
  const units: [number, string][] = [
    [1e15, 'PFLOP/s'],
    [1e12, 'TFLOP/s'],
    [1e9, 'GFLOP/s'],
    [1e6, 'MFLOP/s'],
  ];
  for (const [scale, unit] of units) if (x >= scale) return `${sig3(x / scale)} ${unit}`;
  return `${sig3(x)} FLOP/s`;
}

/** A compact FLOP/s tick: `1P`, `100T`, `10T`, `500G`. */
export function formatFlopsTick(x: number): string {
  if (!finite(x) || x <= 0) return '';
  const units: [number, string][] = [
    [1e15, 'P'],
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
  ];
  for (const [scale, unit] of units) if (x >= scale * 0.999) return `${sig3(x / scale)}${unit}`;
  return sig3(x);
}

/** Bytes per second: `3.35 TB/s`, `864 GB/s`. */
export function formatBandwidth(bytesPerSec: number): string {
  if (!finite(bytesPerSec) || bytesPerSec <= 0) return '0 GB/s';
  if (bytesPerSec >= 1e12) return `${sig3(bytesPerSec / 1e12)} TB/s`;
  return `${sig3(bytesPerSec / 1e9)} GB/s`;
}

/** An arithmetic intensity in FLOP per byte: `0.96`, `15`, `295`, `12,400`. */
export function formatIntensity(x: number): string {
  if (!finite(x) || x <= 0) return '0';
  if (x >= 1000) return group(Math.round(x));
  if (x >= 10) return group(Math.round(x));
  return sig2(x);
}

/** An x tick of the intensity axis: `0.1`, `1`, `10`, `1k`, `10k`. */
export function formatIntensityTick(x: number): string {
  if (!finite(x) || x <= 0) return '';
  if (x >= 1e6) return `${sig3(x / 1e6)}M`;
  if (x >= 1000) return `${sig3(x / 1000)}k`;
  return sig3(x);
}

/** A share 0..1 as a whole percentage: `81%`. */
export function formatPercent(share: number): string {
  if (!finite(share)) return '–';
  return `${Math.round(share * 100)}%`;
}

/** A token count: `450,212 tokens`, `1 token`. */
export function formatTokenCount(n: number): string {
  if (!finite(n)) return '–';
  const v = Math.round(n);
  return `${group(v)} ${v === 1 ? 'token' : 'tokens'}`;
}
