import { useId, useState, type DragEvent } from 'react';

/**
 * Pick a benchmark file, or drop one on the zone. The zone is a labelled
 * region; the button is the keyboard path (dropping needs a pointer).
 */
export function ImportDrop({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const files = Array.from(e.dataTransfer.files ?? []);
    if (files.length > 0) onFiles(files);
  };
  return (
    <div
      role="group"
      aria-labelledby={`${inputId}-label`}
      aria-describedby={hintId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-4 ${over ? 'border-accent bg-raised' : 'border-line'}`}
    >
      <p id={`${inputId}-label`} className="font-semibold">
        Import a benchmark result
      </p>
      <p id={hintId} className="text-sm text-muted">
        Drop a file here or choose one: vLLM <code>bench serve --save-result --save-detailed</code> JSON, GenAI-Perf <code>profile_export.json</code>, AIPerf{' '}
        <code>profile_export.jsonl</code>, llmperf <code>*_individual_responses.json</code> (with its <code>*_summary.json</code> for the real duration: pick or drop both), or the lab&apos;s own CSV/JSON. It is read in your browser; nothing is uploaded.
      </p>
      <label htmlFor={inputId} className="mt-2 inline-block cursor-pointer rounded border border-line bg-raised px-3 py-1 text-sm font-medium focus-within:outline-2">
        {busy ? 'Reading…' : 'Choose files…'}
        <input
          id={inputId}
          type="file"
          accept=".json,.jsonl,.csv,application/json,text/csv"
          className="sr-only"
          multiple
          disabled={busy}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            if (files.length > 0) onFiles(files);
            e.target.value = ''; // picking the same file again still imports it
          }}
        />
      </label>
    </div>
  );
}
