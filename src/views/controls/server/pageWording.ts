/** The engine's refusals, said the page's way. */
import { GPUS } from '../../../engine/profiles';

/** The catalog's GPU ids, longest first, so `h100-sxm` is matched before a shorter id inside it. */
const GPU_IDS = [...GPUS].sort((a, b) => b.id.length - a.id.length);

/**
 * The engine words its suggestions for the command line (`--tp 2`, GPU ids);
 * the page says "TP 2" and shows GPU names.
 */
export function pageWording(text: string): string {
  let out = text.replace(/\s*\(--engine [^)]*\)/g, '').replace(/--tp (\d)/g, 'TP $1').replace(/--([a-z-]+)/g, '$1');
  for (const g of GPU_IDS) out = out.replace(new RegExp(`(?<![\\w-])${g.id.replace(/[.]/g, '\\.')}(?![\\w-])`, 'g'), g.label);
  return out;
}
