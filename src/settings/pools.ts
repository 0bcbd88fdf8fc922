/**
 * Disaggregated pools from the settings: each pool's server at its own
 * tensor-parallel degree (the roofline at that TP, refused with the reason
 * when the model does not fit there) and the link their KV crosses. A pool
 * at `tp` gets no server of its own, so a run with both pools at `tp` and
 * the link on auto is the run it was before per-pool TP existed.
 */
import { namedKvLink } from '../engine/levers/kvLinks';
import { gpuById } from '../engine/profiles/gpus';
import type { KvLinkSpeed, ServerProfile } from '../engine/types';
import type { Settings } from './schema';
import { disaggregatedOn, poolSettingsSet, poolTp } from './poolFields';
import { registerPools } from './poolRegistry';
import { resolveHardwareServer, type HardwareOutcome } from './server';
import { servingOf } from './serving';
import type { DraftSetup } from './speculative';
import type { RooflineFactors } from '../engine/profiles/cost';

type Refused = { ok: false; param: string; message: string };

/** The pools as the engine takes them (absent = the scenario's server or link), with the decode pool's draft when it has its own server. */
export interface Pools {
  prefillTp: number;
  decodeTp: number;
  prefillServer?: ServerProfile;
  decodeServer?: ServerProfile;
  link?: KvLinkSpeed;
  /** The decode pool's own draft and step-cost factors (speculative decoding runs on decode instances), when it has its own server. */
  decodeDraft?: { draft: DraftSetup | null; factors: RooflineFactors };
}

export { disaggregatedOn } from './poolFields';

/** The hardware server at `tp` for a pool, or why that pool cannot run. */
function poolServer(s: Settings, tp: number, param: 'prefill-tp' | 'decode-tp'): HardwareOutcome {
  const at: Settings = { ...s, tp };
  const built = resolveHardwareServer(at, servingOf(at));
  if (built.ok) return built;
  const pool = param === 'prefill-tp' ? 'prefill' : 'decode';
  // The roofline suggests another --tp; for a pool that is its own option.
  return { ok: false, param, message: `the ${pool} pool at TP ${tp} cannot run: ${built.message.replace(/--tp /g, `--${param} `)}` };
}

/**
 * The pools of a disaggregated cluster on `main` (the server at `tp`), or
 * the setting that cannot run and why. Colocated settings with a pool
 * setting set are refused: they would silently do nothing.
 */
export function poolsOf(s: Settings, main: ServerProfile): { ok: true; pools: Pools | null } | Refused {
  if (!disaggregatedOn(s)) {
    if (!poolSettingsSet(s)) return { ok: true, pools: null };
    const param = s.prefillTp !== null ? 'prefill-tp' : s.decodeTp !== null ? 'decode-tp' : 'kv-link';
    return { ok: false, param, message: 'applies to disaggregated serving: set prefill-gpus and decode-gpus too (or leave it on auto)' };
  }
  const hardware = s.server === 'hardware';
  const mainTp = main.gpus ?? 1;
  const prefillTp = hardware ? poolTp(s, s.prefillTp) : (s.prefillTp ?? mainTp);
  const decodeTp = hardware ? poolTp(s, s.decodeTp) : (s.decodeTp ?? mainTp);
  const pools: Pools = { prefillTp, decodeTp };
  if (!hardware && (prefillTp !== mainTp || decodeTp !== mainTp)) {
    return { ok: false, param: prefillTp !== mainTp ? 'prefill-tp' : 'decode-tp', message: `the ${s.server} server has no tensor-parallel degree to change (it is priced as a whole); per-pool TP needs a hardware server (--model, --gpu)` };
  }
  for (const [param, tp, own] of [['prefill-tp', prefillTp, 'prefillServer'], ['decode-tp', decodeTp, 'decodeServer']] as const) {
    if (tp === mainTp) continue;
    const built = poolServer(s, tp, param);
    if (!built.ok) return built;
    pools[own] = built.profile;
    if (own === 'decodeServer') pools.decodeDraft = { draft: built.draft, factors: built.factors };
  }
  if (s.kvLink !== 'auto') {
    const gpu = hardware ? gpuById(s.gpu) : undefined;
    const named = namedKvLink(s.kvLink, gpu ? gpu.interconnect : null, s.prefillGpus + s.decodeGpus);
    if (!named.ok) return { ok: false, param: 'kv-link', message: named.reason };
    pools.link = { bytesPerSecPerGpu: named.link.bytesPerSecPerGpu, latencyS: named.link.latencyS, label: named.link.label };
  }
  return { ok: true, pools };
}

registerPools(poolsOf);
