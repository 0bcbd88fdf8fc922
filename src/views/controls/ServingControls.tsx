import { useMemo } from 'react';
import type { Settings } from '../../settings/schema';
import { SETTING_LIMITS } from '../../settings/schema';
import { servingOf } from '../../settings/serving';
import { useLabStore } from '../../store';
import { Choice } from '../common/Choice';
import { Switch } from '../common/Switch';
import { AutoNumber } from './serving/AutoNumber';
import { MeasurementControls } from './serving/MeasurementControls';
import { originLabel, originSentence, SERVING_TEXT as T } from './serving/servingText';
import { engineOptions } from './server/engineOptions';
import { Select } from './server/Select';

/**
 * The serving engine and its scheduler: an engine preset fills in every
 * setting left on its default; each can be set here instead. Shows the value
 * in force, where it comes from, and the trade-off of each.
 */
export function ServingControls() {
  const server = useLabStore((s) => s.settings.server);
  const gpu = useLabStore((s) => s.settings.gpu);
  const tp = useLabStore((s) => s.settings.tp);
  const engine = useLabStore((s) => s.settings.engine);
  const maxBatch = useLabStore((s) => s.settings.maxBatch);
  const tokenBudget = useLabStore((s) => s.settings.tokenBudget);
  const chunkedPrefill = useLabStore((s) => s.settings.chunkedPrefill);
  const admission = useLabStore((s) => s.settings.admission);
  const gpuMemoryUtilization = useLabStore((s) => s.settings.gpuMemoryUtilization);
  const update = useLabStore((s) => s.updateSettings);
  const serving = useMemo(
    () => servingOf({ server, gpu, tp, engine, maxBatch, tokenBudget, chunkedPrefill, admission, gpuMemoryUtilization }),
    [server, gpu, tp, engine, maxBatch, tokenBudget, chunkedPrefill, admission, gpuMemoryUtilization],
  );
  const engines = useMemo(() => engineOptions(server, gpu), [server, gpu]);
  const hardware = server === 'hardware';
  const preset = serving.engine;
  const memoryShare = serving.memory ? (serving.memory.kvShareOfFree < 1 ? serving.memory.kvShareOfFree : serving.memory.memoryUtilization) : 0.9;
  const budgetShown = serving.tokenBudget ?? serving.chunkBudgetTokens;

  return (
    <section aria-labelledby="serving-h" className="space-y-3" data-testid="serving-controls" data-engine={engine}>
      <h2 id="serving-h" className="text-base font-semibold">
        Serving
      </h2>
      <Select
        label={T.engine.label}
        value={engine}
        options={engines}
        onChange={(v) => update({ engine: v as Settings['engine'] })}
        note={preset ? `${serving.engineImplied ? `${T.engine.implied} ` : ''}${preset.summary}${preset.efficiency.fitted ? '' : ' Step costs are not fitted to this engine (see Why).'}` : T.engine.none}
      />
      <div className="space-y-1">
        <Choice<'paged' | 'reserve'>
          legend={`${T.admission.label} (${originLabel(serving.from.admission, serving)})`}
          options={[
            { value: 'paged', label: T.admission.paged.label, hint: T.admission.paged.hint },
            { value: 'reserve', label: T.admission.reserve.label, hint: T.admission.reserve.hint },
          ]}
          value={serving.admission}
          onChange={(v) => update({ admission: v })}
        />
        <p className="text-xs text-muted">{T.admission.tradeOff}</p>
        {admission !== null && (
          <button type="button" onClick={() => update({ admission: null })} className="rounded-md border border-line bg-raised px-2 py-0.5 text-xs hover:border-accent">
            Use default<span className="sr-only"> for {T.admission.label}</span>
          </button>
        )}
      </div>
      <AutoNumber
        label={T.maxBatch.label}
        value={serving.maxBatch}
        origin={originLabel(serving.from.maxBatch, serving)}
        explicit={maxBatch !== null}
        min={1}
        max={SETTING_LIMITS.maxBatch}
        integer
        unit="requests"
        description={T.maxBatch.tradeOff}
        onCommit={(v) => update({ maxBatch: v })}
        onReset={() => update({ maxBatch: null })}
      />
      <AutoNumber
        label={T.tokenBudget.label}
        value={budgetShown}
        origin={serving.tokenBudget === null ? (serving.chunkedPrefill ? 'lab default' : 'lab default: no limit for whole prompts') : originLabel(serving.from.tokenBudget, serving)}
        explicit={tokenBudget !== null}
        min={1}
        max={SETTING_LIMITS.maxTokenBudget}
        integer
        unit="tokens"
        description={T.tokenBudget.tradeOff}
        onCommit={(v) => update({ tokenBudget: v })}
        onReset={() => update({ tokenBudget: null })}
      />
      <div className="space-y-1">
        <Switch
          label={T.chunkedPrefill.label}
          checked={serving.chunkedPrefill}
          onChange={(v) => update({ chunkedPrefill: v })}
          description={`${originSentence(serving.from.chunkedPrefill, serving)}. ${T.chunkedPrefill.tradeOff}`}
        />
        {chunkedPrefill !== null && (
          <button type="button" onClick={() => update({ chunkedPrefill: null })} className="ml-6 rounded-md border border-line bg-raised px-2 py-0.5 text-xs hover:border-accent">
            Use default<span className="sr-only"> for {T.chunkedPrefill.label}</span>
          </button>
        )}
      </div>
      {hardware ? (
        <AutoNumber
          label={T.gpuMemoryUtilization.label}
          value={memoryShare}
          origin={originLabel(serving.from.memory, serving)}
          explicit={gpuMemoryUtilization !== null}
          min={0.05}
          max={1}
          description={T.gpuMemoryUtilization.tradeOff}
          onCommit={(v) => update({ gpuMemoryUtilization: v })}
          onReset={() => update({ gpuMemoryUtilization: null })}
        />
      ) : (
        <p className="text-xs text-muted">{T.gpuMemoryUtilization.lessonNote}</p>
      )}
      <MeasurementControls />
    </section>
  );
}
