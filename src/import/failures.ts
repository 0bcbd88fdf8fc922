import type { ImportedRequest } from './types';

/**
 * The reasons requests failed, most common first, each with how many share
 * it: what the compare panel and the CLI show next to "5 of 5 failed".
 */
export function failureReasons(requests: readonly ImportedRequest[], limit = 3): string[] {
  const counts = new Map<string, number>();
  for (const r of requests) if (r.error !== null) counts.set(r.error, (counts.get(r.error) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([e, n]) => (n > 1 ? `${e} (${n} requests)` : e));
}
