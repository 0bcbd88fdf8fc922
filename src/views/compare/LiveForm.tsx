import { useId, useRef, useState } from 'react';
import { failureReasons } from '../../import/failures';
import type { ImportedRun } from '../../import/types';
import { MEASURE_DEFAULTS, MEASURE_LIMITS, validateMeasureOptions, type MeasureOptions } from '../../measure/options';
import { useLiveMeasure } from './useLiveMeasure';

/** Starting values of the form (from the current scenario). */
export interface LiveDefaults {
  promptTokens: number;
  outputTokens: number;
  concurrency: number;
}

type Fields = { baseUrl: string; model: string; endpoint: 'chat' | 'completions'; prompt: string; output: string; requests: string; concurrency: string; timeoutMs: string; ignoreEos: boolean };

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(x)));

/**
 * Measures a live OpenAI-compatible endpoint from the browser. The API key is
 * a password field held only in this component's memory: never in the URL,
 * storage, or any message. The server must allow this page's origin (CORS).
 * The requests run in the measure worker, so the page stays responsive and
 * Stop answers at once; why requests failed is said here, not only how many.
 */
export function LiveForm({ defaults, onResult, onError }: { defaults: LiveDefaults; onResult: (run: ImportedRun) => void; onError: (message: string) => void }) {
  const id = useId();
  const [f, setF] = useState<Fields>(() => ({
    baseUrl: 'http://127.0.0.1:8000',
    model: '',
    endpoint: MEASURE_DEFAULTS.endpoint,
    prompt: String(clamp(defaults.promptTokens, 1, MEASURE_LIMITS.maxPromptTokens)),
    output: String(clamp(defaults.outputTokens, 1, MEASURE_LIMITS.maxOutputTokens)),
    requests: String(MEASURE_DEFAULTS.requests),
    concurrency: String(clamp(defaults.concurrency, 1, MEASURE_LIMITS.maxConcurrency)),
    timeoutMs: String(MEASURE_DEFAULTS.timeoutMs),
    ignoreEos: true,
  }));
  // The key is read from an uncontrolled field when a run starts: not in state, so
  // nothing that copies the form carries it, and not mirrored into a DOM attribute.
  const keyField = useRef<HTMLInputElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [partial, setPartial] = useState<string[]>([]);
  const live = useLiveMeasure();
  const { progress } = live;
  const running = live.state !== 'idle';
  const set = <K extends keyof Fields>(k: K, v: Fields[K]) => setF((old) => ({ ...old, [k]: v }));

  const start = async () => {
    const options: MeasureOptions = {
      baseUrl: f.baseUrl.trim(), model: f.model.trim(), apiKey: keyField.current?.value || undefined, endpoint: f.endpoint,
      promptTokens: Number(f.prompt), outputTokens: Number(f.output), requests: Number(f.requests), concurrency: Number(f.concurrency),
      timeoutMs: Number(f.timeoutMs), ignoreEos: f.ignoreEos, warmup: true,
    };
    const valid = validateMeasureOptions(options);
    if (!valid.ok) {
      setProblem(`Check the form: ${valid.error}`);
      return;
    }
    setProblem(null);
    setPartial([]);
    const out = await live.start(valid.options);
    if (out.ok) {
      setPartial(failureReasons(out.run.requests));
      onResult(out.run);
    } else {
      setProblem(`Measurement failed: ${out.error}`);
      onError(out.error);
    }
  };

  const field = (key: keyof Fields, label: string, props: Record<string, unknown> = {}) => (
    <label className="flex flex-col text-sm" htmlFor={`${id}-${key}`}>
      <span className="font-medium">{label}</span>
      <input
        id={`${id}-${key}`}
        value={f[key] as string}
        onChange={(e) => set(key, e.target.value as never)}
        disabled={running}
        className="rounded border border-line bg-raised px-2 py-1 text-ink"
        {...props}
      />
    </label>
  );

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-line p-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!running) void start();
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        Measure a live endpoint
      </h3>
      <p className="text-sm text-muted">
        Streams requests to an OpenAI-compatible server from this browser and times them: TTFT at the first chunk with text, output tokens from the server&apos;s usage. One
        warm-up request is discarded. The prompt is about that many tokens of common words. The server must allow this page&apos;s origin (CORS).
      </p>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {field('baseUrl', 'Base URL', { type: 'url', inputMode: 'url', autoComplete: 'off', spellCheck: false })}
        {field('model', 'Model', { autoComplete: 'off', spellCheck: false, placeholder: 'served model name' })}
        <label className="flex flex-col text-sm" htmlFor={`${id}-key`}>
          <span className="font-medium">API key (optional, kept in memory only)</span>
          <input id={`${id}-key`} ref={keyField} type="password" autoComplete="off" spellCheck={false} disabled={running} className="rounded border border-line bg-raised px-2 py-1 text-ink" />
        </label>
        <label className="flex flex-col text-sm" htmlFor={`${id}-endpoint`}>
          <span className="font-medium">API</span>
          <select id={`${id}-endpoint`} value={f.endpoint} onChange={(e) => set('endpoint', e.target.value as Fields['endpoint'])} disabled={running} className="rounded border border-line bg-raised px-2 py-1 text-ink">
            <option value="chat">/v1/chat/completions</option>
            <option value="completions">/v1/completions</option>
          </select>
        </label>
        {field('prompt', 'Prompt (tokens, approximate)', { type: 'number', min: 1, max: MEASURE_LIMITS.maxPromptTokens, step: 1 })}
        {field('output', 'Output (max_tokens)', { type: 'number', min: 1, max: MEASURE_LIMITS.maxOutputTokens, step: 1 })}
        {field('requests', 'Requests', { type: 'number', min: 1, max: MEASURE_LIMITS.maxRequests, step: 1 })}
        {field('concurrency', 'Concurrency', { type: 'number', min: 1, max: MEASURE_LIMITS.maxConcurrency, step: 1 })}
        {field('timeoutMs', 'Timeout per request (ms)', { type: 'number', min: 100, max: MEASURE_LIMITS.maxTimeoutMs, step: 100 })}
        <label className="flex items-center gap-2 self-end text-sm" htmlFor={`${id}-eos`}>
          <input id={`${id}-eos`} type="checkbox" checked={f.ignoreEos} onChange={(e) => set('ignoreEos', e.target.checked)} disabled={running} />
          Send ignore_eos (run every answer to max_tokens)
        </label>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" disabled={running} className="rounded bg-accent px-3 py-1 font-medium text-accent-ink disabled:opacity-50">
          Start measuring
        </button>
        <button type="button" disabled={live.state !== 'running'} onClick={live.stop} className="rounded border border-line px-3 py-1 disabled:opacity-50">
          {live.state === 'stopping' ? 'Stopping…' : 'Stop'}
        </button>
        {progress && (
          <>
            <progress aria-label="Measurement progress" max={progress.total} value={progress.finished} className="w-40" />
            <span role="status" className="text-sm">
              {progress.phase === 'warmup' ? 'Warm-up request…' : `${progress.finished} of ${progress.total} requests${progress.failed ? `, ${progress.failed} failed` : ''}${progress.phase === 'done' ? ' (finished)' : ''}`}
            </span>
          </>
        )}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-bad [overflow-wrap:anywhere]" data-testid="live-problem">
          {problem}
        </p>
      )}
      {!running && partial.length > 0 && progress && (
        <div className="mt-2 text-sm" data-testid="live-failures">
          <p className="font-medium text-bad">
            {progress.failed} of {progress.finished} requests failed. {partial.length === 1 ? 'Why:' : 'The most common reasons:'}
          </p>
          <ul className="list-disc pl-5 [overflow-wrap:anywhere]">
            {partial.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
