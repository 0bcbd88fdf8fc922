import { useDeferredValue, useId, useMemo, useState } from 'react';
import { BUILT_IN_TRACES, type BuiltInTraceId } from '../../import/traceCatalog';
import type { TraceSource } from '../../traces/traceProtocol';
import { useLabStore } from '../../store';
import { NumberField } from '../common/NumberField';
import { TraceAttribution } from './TraceAttribution';
import { TraceResults } from './TraceResults';
import { useTraceRun } from './useTraceRun';

/**
 * The Trace section's working part, in its own chunk: the window and speed,
 * an uploaded trace file, and the runs of the trace worker.
 */
export function TracePanel({ file, onClearFile }: { file: File | null; onClearFile: () => void }) {
  const settings = useDeferredValue(useLabStore((s) => s.settings));
  const update = useLabStore((s) => s.updateSettings);
  const id = useId();
  const builtIn: BuiltInTraceId | null = settings.trace === 'off' ? null : settings.trace;
  const source = useMemo<TraceSource | null>(() => (file ? { kind: 'file', file, name: file.name } : builtIn ? { kind: 'built-in', id: builtIn } : null), [file, builtIn]);
  const { reply, busy } = useTraceRun(source, settings);
  const w = settings.traceWindow;
  const [toShown, setToShown] = useState(w.toS ?? 3600);
  return (
    <div className="space-y-3">
      <p className="text-sm" aria-live="polite">
        {file ? (
          <>
            Replaying <strong>{file.name}</strong>.{' '}
            <button type="button" className="underline" onClick={onClearFile}>
              Back to {builtIn ? BUILT_IN_TRACES[builtIn].short : 'no trace'}
            </button>
          </>
        ) : builtIn ? (
          <>
            Replaying the <strong>{BUILT_IN_TRACES[builtIn].label}</strong>.
          </>
        ) : null}
      </p>
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">Which part of the trace, and how fast</legend>
        <NumberField label="From (s of the trace)" value={w.fromS} min={0} max={1_000_000} onCommit={(v) => update({ traceWindow: { fromS: v, toS: w.toS !== null && w.toS > v ? w.toS : null } })} className="w-36" />
        <NumberField
          label="To (s)"
          value={w.toS ?? toShown}
          min={0}
          max={1_000_000}
          onCommit={(v) => {
            setToShown(v);
            if (v > w.fromS) update({ traceWindow: { fromS: w.fromS, toS: v } });
          }}
          className="w-36"
        />
        <NumberField label="Speed (×)" value={settings.traceSpeed} min={0.01} max={1000} onCommit={(v) => update({ traceSpeed: v })} className="w-28" />
      </fieldset>
      {busy && <p className="text-sm text-muted">Replaying the trace…</p>}
      {reply && !reply.ok && (
        <p role="alert" className="rounded border-l-4 border-warn-line bg-warn-bg p-2 text-sm" data-testid="trace-error" id={`${id}-err`}>
          {reply.param === 'file' ? `This trace cannot be replayed: ${reply.message}.` : `${reply.param}: ${reply.message}.`}
        </p>
      )}
      {reply?.ok && <TraceResults reply={reply} />}
      {builtIn && !file && <TraceAttribution />}
    </div>
  );
}
