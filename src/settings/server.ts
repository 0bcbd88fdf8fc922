import type { ServerProfile } from '../engine/types';
import type { Settings } from './schema';

/** Resolves a hardware server (model × GPU × precision × TP) from settings. */
export function resolveHardwareServer(s: Settings): { ok: true; profile: ServerProfile } | { ok: false; param: string; message: string } {
  return { ok: false, param: 'server', message: `hardware servers are not available yet (asked for ${s.model} on ${s.gpu})` };
}
