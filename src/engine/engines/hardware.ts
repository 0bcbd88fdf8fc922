/**
 * Which serving engine runs on which GPUs, with the place each rule comes
 * from. An engine the hardware cannot run is refused with the reason, never
 * simulated; on Apple silicon the lab's default scheduler (a GPU server's)
 * stands for llama.cpp, the one engine here that uses an Apple GPU.
 */
import type { GpuSpec, GpuVendor } from '../profiles/gpus';
import { ENGINE_PRESETS, enginePreset, type EngineId } from './presets';

/** The GPU makers an engine runs on, and where that is documented. */
export interface EngineHardware {
  vendors: readonly GpuVendor[];
  /** Documentation the rule is read from. */
  source: string;
  /** What the engine does with the makers it does not serve, for a refusal. */
  elsewhere: Partial<Record<GpuVendor, string>>;
}

/** Hardware each engine preset runs on. */
export const ENGINE_HARDWARE: Readonly<Record<EngineId, EngineHardware>> = {
  vllm: {
    vendors: ['nvidia', 'amd'],
    source:
      'docs.vllm.ai, installation/gpu: NVIDIA CUDA and AMD ROCm (also Intel XPU and TPU, not in the catalog); installation/cpu: on macOS with Apple silicon vLLM is an experimental CPU-only build (VLLM_TARGET_DEVICE=cpu), and GPU use goes through vllm-metal, a separate community plugin on MLX',
    elsewhere: {
      apple: 'on Apple silicon vLLM itself runs only on the CPU (experimental); the Metal GPU path is a separate community plugin, vllm-metal, whose scheduling and costs the lab has no preset for',
    },
  },
  trtllm: {
    vendors: ['nvidia'],
    source: 'nvidia.github.io/TensorRT-LLM, supported hardware: NVIDIA Blackwell, Hopper, Ada Lovelace and Ampere GPUs only (it builds on CUDA and TensorRT)',
    elsewhere: {
      amd: 'it is built on CUDA and TensorRT, which run on NVIDIA GPUs only',
      apple: 'it is built on CUDA and TensorRT, which run on NVIDIA GPUs only',
    },
  },
  sglang: {
    vendors: ['nvidia', 'amd'],
    source: 'docs.sglang.io, hardware platforms: NVIDIA GPUs and AMD Instinct GPUs on ROCm (also Ascend NPUs, TPUs, CPUs and Intel XPUs, not in the catalog); no Apple-GPU backend',
    elsewhere: { apple: 'its hardware platforms are NVIDIA and AMD GPUs (and NPUs, TPUs, CPUs); it has no Apple-GPU backend' },
  },
  llamacpp: {
    vendors: ['nvidia', 'amd', 'apple'],
    source: 'ggml-org/llama.cpp README, supported backends: Metal (Apple silicon), CUDA (NVIDIA), HIP (AMD)',
    elsewhere: {},
  },
};

const VENDOR_NAME: Readonly<Record<GpuVendor, string>> = { nvidia: 'an NVIDIA GPU', amd: 'an AMD GPU', apple: 'an Apple-silicon GPU' };
const MAKER: Readonly<Record<GpuVendor, string>> = { nvidia: 'NVIDIA', amd: 'AMD', apple: 'Apple-silicon' };

/** True when `engine` runs on `gpu`. */
export function engineRunsOn(engine: EngineId, gpu: Pick<GpuSpec, 'vendor'>): boolean {
  return ENGINE_HARDWARE[engine].vendors.includes(gpu.vendor);
}

/** Engines that run on `gpu`, in preset order. */
export function enginesOn(gpu: Pick<GpuSpec, 'vendor'>): EngineId[] {
  return ENGINE_PRESETS.map((p) => p.id).filter((id) => engineRunsOn(id, gpu));
}

/**
 * The engine a scenario with no engine chosen runs: none (the lab's own
 * scheduler, which stands for a GPU server like vLLM's) on NVIDIA and AMD, and
 * llama.cpp on Apple silicon, where no GPU server of that kind runs.
 */
export function defaultEngineOn(gpu: Pick<GpuSpec, 'vendor'> | null): EngineId | null {
  return gpu?.vendor === 'apple' ? 'llamacpp' : null;
}

/** Why `engine` cannot run on `gpu` and what would, or null when it runs. */
export function engineHardwareRefusal(engine: EngineId, gpu: GpuSpec): { reason: string; suggestion: string } | null {
  if (engineRunsOn(engine, gpu)) return null;
  const label = enginePreset(engine)?.label ?? engine;
  const why = ENGINE_HARDWARE[engine].elsewhere[gpu.vendor] ?? `it does not run on ${VENDOR_NAME[gpu.vendor]}`;
  const names = enginesOn(gpu).map((id) => enginePreset(id)?.label ?? id);
  const here = names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  const makers = ENGINE_HARDWARE[engine].vendors.map((v) => MAKER[v]).join(' or ');
  return {
    reason: `${label} cannot serve on the ${gpu.name}, ${VENDOR_NAME[gpu.vendor]}: ${why}.`,
    suggestion: `On the ${gpu.name} use ${here} (--engine ${enginesOn(gpu).join(', ')}), or run ${label} on an ${makers} GPU.`,
  };
}
