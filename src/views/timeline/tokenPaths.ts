import type { TokenMarks } from './types';

/** Opacity levels the density strip is drawn with (one path each). */
const LEVELS = [0.4, 0.6, 0.8, 1];

export interface TokenPath {
  d: string;
  slow: boolean;
  opacity: number;
}

/**
 * Token marks as a few SVG paths (normal and slow, per opacity level) instead
 * of one element per token: hundreds of ticks cost one DOM node each otherwise.
 */
export function tokenPaths(tokens: TokenMarks, y: number, h: number): TokenPath[] {
  const groups = new Map<string, TokenPath>();
  const add = (x: number, y0: number, y1: number, slow: boolean, opacity: number) => {
    const key = `${slow}:${opacity}`;
    const g = groups.get(key) ?? { d: '', slow, opacity };
    g.d += `M${x.toFixed(2)},${y0}V${y1}`;
    groups.set(key, g);
  };
  if (tokens.mode === 'ticks') {
    for (const t of tokens.ticks) add(t.x, y + 3, y + h - 3, t.slow, 1);
  } else {
    for (const c of tokens.columns) {
      const level = LEVELS.find((l) => c.opacity <= l + 1e-9) ?? 1;
      add(c.x, y + (c.slow ? 0 : 5), y + h - (c.slow ? 0 : 5), c.slow, level);
    }
  }
  return [...groups.values()].sort((a, b) => Number(a.slow) - Number(b.slow));
}
