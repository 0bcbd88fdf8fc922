import { useRef, useState } from 'react';

/**
 * Copies a field's text: with the Clipboard API, else by selecting the field
 * and asking the browser to copy the selection; when neither works the text
 * stays selected for the reader to copy by hand.
 */
export async function copyField(field: HTMLInputElement | HTMLTextAreaElement): Promise<'copied' | 'selected'> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(field.value);
      return 'copied';
    }
  } catch {
    // Permission refused or an insecure context: fall back to the selection.
  }
  field.focus();
  field.select();
  try {
    if (document.execCommand('copy')) return 'copied';
  } catch {
    // Nothing more to try: the text is selected.
  }
  return 'selected';
}

/** "Link to …" as it reads after "Copy": only the first letter lowered, so titles keep their capitals. */
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** A read-only field with its text, a Copy button, and a status line a screen reader announces. */
export function CopyField({ id, label, value, rows, testId, children }: { id: string; label: string; value: string; /** A code box of this many lines instead of a one-line field. */ rows?: number; testId?: string; children?: React.ReactNode }) {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [status, setStatus] = useState('');
  const copy = async () => {
    if (!field.current) return;
    const how = await copyField(field.current);
    setStatus(how === 'copied' ? 'Copied.' : 'The browser would not copy: the text is selected, press Ctrl+C (⌘C on a Mac).');
  };
  const box = 'w-full min-w-0 rounded border border-line bg-raised px-2 py-1 font-mono text-xs text-ink';
  return (
    <div className="space-y-1" data-testid={testId}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="flex items-start gap-2">
        {rows ? (
          <textarea ref={field} id={id} readOnly rows={rows} value={value} onFocus={(e) => e.currentTarget.select()} className={`${box} resize-none`} spellCheck={false} />
        ) : (
          <input ref={field} id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className={box} spellCheck={false} />
        )}
        <button type="button" onClick={copy} className="shrink-0 rounded-md bg-accent px-3 py-1 text-sm font-semibold text-accent-ink hover:opacity-90">
          Copy<span className="sr-only"> {lowerFirst(label)}</span>
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <p role="status" className="min-h-4 text-xs text-muted" data-testid={testId ? `${testId}-status` : undefined}>
          {status}
        </p>
      </div>
    </div>
  );
}
