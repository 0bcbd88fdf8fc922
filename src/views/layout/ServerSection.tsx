import { memo, useMemo, useState } from 'react';
import { enginePreset } from '../../engine/engines/presets';
import { useLabStore } from '../../store';
import { ServerView as ServerViewChart } from '../server';
import { budgetInput, MemoryBudget } from '../server/MemoryBudget';
import { useHardwareStatus } from '../controls/server/useHardwareStatus';
import { defaultInstance, instanceOptions, poolSummary, ranOn } from '../server/instances';
import { useDeferredSim } from '../../workers';
import { Select } from '../controls/server/Select';
import { ChartCard } from './ChartsSection';
import { PrefixCacheLine } from '../server/PrefixCacheLine';
import { expertsText } from '../server/expertsText';
import { resolveHardwareServer } from '../../settings/server';
import { needsSpecMethods } from '../../settings/specRegistry';
// This chunk draws the draft's share of memory, so it carries the methods (settings/specRegistry.ts).
import '../../settings/speculative';

// Memoised so the urgent render after a new result (which still sees the old deferred one) skips the layout.
const ServerView = memo(ServerViewChart);

/**
 * The server's lanes, batch and KV memory during the main run. A run on
 * several instances (replicas, or prefill and decode apart) draws one
 * instance at a time, the one that decoded the drawn request first, with a
 * picker and a line for every instance.
 */
export function ServerSection() {
  const result = useDeferredSim((s) => s.main?.result ?? null);
  const status = useHardwareStatus();
  const engine = useLabStore((s) => s.settings.engine);
  const settings = useLabStore((s) => s.settings);
  // With a draft model or an EAGLE head, the budget is the one the run had: the draft's weights and KV taken out of it.
  const withDraft = useMemo(() => (settings.server === 'hardware' && needsSpecMethods(settings) ? resolveHardwareServer(settings) : null), [settings]);
  const [picked, setPicked] = useState<{ resultOf: unknown; index: number } | null>(null);
  const instances = result?.instances;
  const options = useMemo(() => (instances ? instanceOptions(instances) : []), [instances]);
  const fallback = result && instances ? defaultInstance(result.requests, result.representativeId, instances.length) : 0;
  // A pick holds for the run it was made on; a new run starts again from the drawn request's instance.
  const index = picked && picked.resultOf === result && picked.index < options.length ? picked.index : fallback;
  const role = instances?.[index]?.role;
  // A disaggregated pool at its own TP has its own memory budget: the drawn instance's.
  const poolTp = role === 'prefill' ? settings.prefillTp : role === 'decode' ? settings.decodeTp : null;
  const pooled = useMemo(() => (settings.server === 'hardware' && poolTp !== null && poolTp !== settings.tp ? resolveHardwareServer({ ...settings, tp: poolTp }) : null), [settings, poolTp]);
  const details = pooled?.ok ? pooled.details : withDraft?.ok ? withDraft.details : status?.ok ? status.details : null;
  const budget = useMemo(() => (details ? budgetInput(details, enginePreset(engine)?.label ?? null) : null), [details, engine]);
  const view = useMemo(() => {
    if (!result) return null;
    if (!instances || instances.length < 2) return { requests: result.requests, log: result.log, representativeId: result.representativeId };
    const inst = instances[index];
    const requests = result.requests.filter((r) => ranOn(r, index));
    const rep = requests.find((r) => r.id === result.representativeId && r.completed) ?? requests.find((r) => r.completed);
    return { requests, log: inst.log, representativeId: rep?.id ?? -1 };
  }, [result, instances, index]);
  const pools = result ? poolSummary(result.cluster) : null;
  // A pool at its own TP holds its own KV capacity: the drawn instance's.
  const d = result?.scenario.levers?.disaggregated;
  const poolServer = role === 'prefill' ? d?.prefillServer : role === 'decode' ? d?.decodeServer : undefined;
  if (!result || !view) return null;
  return (
    <ChartCard id="server-section" anchor="server" heading="Inside the server">
      {options.length > 1 && (
        <div className="space-y-1" data-testid="instance-picker">
          <Select
            label={`Instance drawn (${options.length} in this run)`}
            value={String(index)}
            options={options.map((o) => ({ value: String(o.index), label: `${o.label}${o.index === fallback ? ' (the drawn request’s)' : ''}`, unavailable: null }))}
            onChange={(v) => setPicked({ resultOf: result, index: Number(v) })}
          />
          {pools && (
            <p className="text-xs" data-testid="pool-summary">
              {pools}
            </p>
          )}
          <ul className="text-xs text-muted" data-testid="instance-summary">
            {options.map((o) => (
              <li key={o.index}>{o.summary}</li>
            ))}
          </ul>
        </div>
      )}
      <ServerView
        requests={view.requests}
        log={view.log}
        representativeId={view.representativeId}
        maxBatch={result.scenario.server.maxBatch}
        kvCapacityTokens={(poolServer ?? result.scenario.server).kvCapacityTokens}
        admission={result.scenario.scheduler?.admission ?? 'reserve'}
      />
      <PrefixCacheLine result={result} />
      {details && expertsText(details) && (
        <p className="text-sm" data-testid="server-experts">
          {expertsText(details)}
        </p>
      )}
      {budget && <MemoryBudget input={budget} />}
    </ChartCard>
  );
}
