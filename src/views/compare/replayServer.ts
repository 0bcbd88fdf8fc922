/**
 * The servers a replay can run on, in words, and the one the imported file
 * names. These read the catalog, so they are handed to the compare panel by
 * its section (CompareSection, in the page's entry, which holds the catalog
 * already): imported by the panel's own chunk, the catalog moved into a
 * chunk of its own that the page loads first, ~0.8 KB gzipped more.
 */
import { enginePreset } from '../../engine/engines/presets';
import { gpuById } from '../../engine/profiles/gpus';
import { modelById } from '../../engine/profiles/models';
import type { ImportedRun } from '../../import/types';
import { DEFAULT_SETTINGS, type Settings } from '../../settings/schema';
import { hardwareHint, type HardwareHint } from '../../traces/sameHardware';
import { formatMs, formatTokPerSec } from '../common/format';

/** The server of `settings` in a few words: "Llama-3.1-8B on 2 × H100 SXM 80GB, vLLM". */
export function serverText(s: Settings): string {
  if (s.server === 'lesson') return 'the lesson server';
  if (s.server === 'custom') return `a custom server (${formatMs(s.customTtftMs)} to the first token, ${formatTokPerSec(s.customTokPerSec)})`;
  const model = modelById(s.model)?.label ?? s.model;
  const gpu = gpuById(s.gpu)?.label ?? s.gpu;
  const engine = s.engine === 'none' ? 'the lab\'s own scheduler' : (enginePreset(s.engine)?.label ?? s.engine);
  const [ptp, dtp] = [s.prefillTp ?? s.tp, s.decodeTp ?? s.tp];
  const tps = ptp === dtp ? `TP ${ptp}` : `prefill TP ${ptp}, decode TP ${dtp}`;
  const split = s.prefillGpus > 0 || s.decodeGpus > 0 ? `${s.prefillGpus} prefill + ${s.decodeGpus} decode ${gpu} (${tps})` : null;
  const replicas = s.replicas > 1 ? `${s.replicas} replicas of ` : '';
  return `${model} on ${split ?? `${replicas}${s.tp > 1 ? `${s.tp} × ` : ''}${gpu}`}, ${engine}`;
}

/**
 * The lab's settings moved to the hardware `run` names (its model; its GPU
 * when named, else the lab's, else the default), with the hint they came
 * from; null when the run names no model the catalog knows.
 */
export function sameHardwareSettings(run: Pick<ImportedRun, 'servedModel' | 'label'>, settings: Settings): { settings: Settings; hint: HardwareHint } | null {
  const hint = hardwareHint(run);
  if (!hint.model) return null;
  const gpu = hint.gpu ?? (settings.server === 'hardware' ? settings.gpu : DEFAULT_SETTINGS.gpu);
  return { hint, settings: { ...settings, server: 'hardware', model: hint.model, gpu } };
}

/** What the compare panel is handed to name and choose replay servers. */
export interface ReplayServers {
  serverText: typeof serverText;
  sameHardwareSettings: typeof sameHardwareSettings;
}
export const REPLAY_SERVERS: ReplayServers = { serverText, sameHardwareSettings };
