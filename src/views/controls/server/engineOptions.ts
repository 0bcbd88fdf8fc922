/**
 * The serving-engine menu as the hardware allows it, and the one-click fixes
 * for an engine the chosen GPU cannot host. Pure functions over the engine
 * presets and the hardware rules; the controls only render them.
 */
import { ENGINE_HARDWARE, engineRunsOn, enginesOn } from '../../../engine/engines/hardware';
import { ENGINE_PRESETS, enginePreset, type EngineId } from '../../../engine/engines/presets';
import { GPUS, gpuById } from '../../../engine/profiles';
import type { Settings } from '../../../settings/schema';
import type { HardwareFix, MenuOption } from './hardwareOptions';

/**
 * Every engine preset plus the lab default; on a hardware server, engines the
 * GPU cannot host are unavailable with the reason.
 */
export function engineOptions(server: Settings['server'], gpuId: string): MenuOption[] {
  const gpu = server === 'hardware' ? gpuById(gpuId) : undefined;
  const none = gpu?.vendor === 'apple' ? 'Lab default (llama.cpp on Apple silicon)' : 'Lab default';
  return [
    { value: 'none', label: none, unavailable: null },
    ...ENGINE_PRESETS.map((e) => ({
      value: e.id,
      label: e.version,
      unavailable: gpu && !engineRunsOn(e.id, gpu) ? `runs on ${ENGINE_HARDWARE[e.id].vendors.map((v) => (v === 'nvidia' ? 'NVIDIA' : v === 'amd' ? 'AMD' : 'Apple')).join(' and ')} GPUs, not the ${gpu.name}` : null,
    })),
  ];
}

/**
 * Up to three changes that make a refused engine × GPU run: an engine the GPU
 * hosts (in preset order), then the first GPU in the catalog that hosts the
 * chosen engine and runs the rest of the settings (`runs` checks the latter).
 */
export function engineFixes(s: Pick<Settings, 'model' | 'gpu' | 'precision' | 'tp' | 'kvPrecision'>, engine: EngineId, runs: (s: Pick<Settings, 'model' | 'gpu' | 'precision' | 'tp' | 'kvPrecision'>) => boolean): HardwareFix[] {
  const gpu = gpuById(s.gpu);
  if (!gpu) return [];
  const fixes: HardwareFix[] = enginesOn(gpu).slice(0, 2).map((id) => ({ label: `Use ${enginePreset(id)?.label ?? id}`, patch: { engine: id } }));
  // The GPU nearest in memory, so the model that fitted still fits.
  const byMemory = [...GPUS].sort((a, b) => Math.abs(a.memoryBytes - gpu.memoryBytes) - Math.abs(b.memoryBytes - gpu.memoryBytes));
  const other = byMemory.find((g) => engineRunsOn(engine, g) && runs({ ...s, gpu: g.id }));
  if (other) fixes.push({ label: `Use the ${other.name}`, patch: { gpu: other.id } });
  return fixes;
}
