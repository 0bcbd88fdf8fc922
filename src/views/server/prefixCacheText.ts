import type { MainResult } from '../../workers/protocol';

/**
 * The server view's prefix cache line, or null when no prefix lever is on:
 * the hit rate over the measured requests, and for the cache in KV memory
 * what it held at most and how many blocks it evicted.
 */
export function prefixCacheText(r: Pick<MainResult, 'metrics' | 'prefixCache' | 'instances'>, share: (x: number) => string, count: (x: number) => string): string | null {
  const hit = r.metrics.prefixHitRate;
  if (hit === undefined) return null;
  const lead = `Prefix cache: ${share(hit)} of prompt tokens found cached`;
  const c = r.prefixCache;
  if (!c) return `${lead} (a fixed share of each prompt, held once).`;
  const each = r.instances && r.instances.length > 1 ? ' on one instance' : '';
  const evicted = c.evictedBlocks > 0 ? `; ${count(c.evictedBlocks)} blocks of 16 tokens evicted to make room` : '; nothing evicted';
  return `${lead}; it held up to ${count(c.peakCachedTokens)} tokens of KV${each}, shared with the running requests${evicted}.`;
}
