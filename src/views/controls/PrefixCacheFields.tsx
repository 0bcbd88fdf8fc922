import { MAX_PREFIX_GROUPS, MAX_TURNS } from '../../engine/levers/config';
import type { RouterPolicy } from '../../engine/types';
import { useLabStore } from '../../store';
import { Choice } from '../common/Choice';
import { NumberField } from '../common/NumberField';

/**
 * The prefix cache in KV memory, under the prefix-caching lever: the traffic
 * that shares prefixes (groups of a given length, turns per conversation).
 * Setting any of them switches from the fixed cached share to a cache that
 * fills and evicts, so the share is cleared (the two do not run together).
 */
export function PrefixCacheFields() {
  const groups = useLabStore((s) => s.settings.prefixGroups);
  const tokens = useLabStore((s) => s.settings.prefixTokens);
  const turns = useLabStore((s) => s.settings.turns);
  const prompt = useLabStore((s) => s.settings.prompt);
  const update = useLabStore((s) => s.updateSettings);
  const on = groups > 0 || tokens > 0 || turns > 1;
  return (
    <div className="space-y-1" data-testid="prefix-cache-fields">
      <p className="text-xs text-muted">Or a cache that lives in KV memory and evicts: traffic whose prompts share a prefix, or conversations that resend their history.</p>
      <div className="flex flex-wrap items-end gap-2">
        <NumberField label="Shared prefixes" value={groups} min={0} max={MAX_PREFIX_GROUPS} integer onCommit={(v) => update({ prefixGroups: v, ...(v > 0 && tokens === 0 ? { prefixTokens: Math.round(prompt / 2) } : {}), prefixCacheShare: 0 })} className="w-28" />
        <NumberField label="Prefix tokens" value={tokens} min={0} max={200_000} integer onCommit={(v) => update({ prefixTokens: v, ...(v > 0 && groups === 0 ? { prefixGroups: 1 } : {}), prefixCacheShare: 0 })} className="w-28" />
        <NumberField label="Turns" value={turns} min={1} max={MAX_TURNS} integer onCommit={(v) => update({ turns: v, prefixCacheShare: 0 })} className="w-20" />
      </div>
      <p className="text-xs text-muted" data-testid="prefix-cache-state">
        {on ? 'On: the hit rate shows on the TTFT card and in the server view.' : 'Off (no shared prefixes, one turn).'}
      </p>
    </div>
  );
}

const ROUTERS: { value: RouterPolicy; label: string; hint: string }[] = [
  { value: 'least-loaded', label: 'Least loaded', hint: 'fewest requests in flight' },
  { value: 'prefix-aware', label: 'Prefix-aware', hint: 'where the prefix is cached' },
];

/** How replicas are picked; prefix-aware only with the prefix cache in KV memory. */
export function RouterChoice() {
  const router = useLabStore((s) => s.settings.router);
  const cacheOn = useLabStore((s) => s.settings.prefixGroups > 0 || s.settings.turns > 1);
  const update = useLabStore((s) => s.updateSettings);
  return (
    <div className="space-y-1" data-testid="router-choice">
      <Choice legend="Router" options={ROUTERS} value={router} onChange={(v) => update({ router: v })} dense />
      {!cacheOn && <p className="text-xs text-muted">Prefix-aware routing follows the prefix cache in KV memory: set shared prefixes or turns above.</p>}
    </div>
  );
}
