import { useEffect, useRef, useState } from 'react';

/** Copies text with the Clipboard API, falling back to a hidden textarea and execCommand. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or insecure context: try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Copies the link of the current scenario; if copying fails, shows the link to copy by hand. */
export function ShareButton() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onClick = async () => {
    const ok = await copyText(window.location.href);
    setState(ok ? 'copied' : 'failed');
    window.clearTimeout(timer.current);
    if (ok) timer.current = window.setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className="flex flex-col items-end gap-1">
      <button type="button" onClick={onClick} className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink hover:opacity-90">
        {state === 'copied' ? 'Copied' : 'Copy link to this scenario'}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Link copied' : ''}
      </span>
      {state === 'failed' && (
        <label className="text-xs text-muted">
          Copy this link:
          <input readOnly value={window.location.href} onFocus={(e) => e.currentTarget.select()} className="ml-1 w-56 rounded border border-line bg-raised px-1 text-ink" />
        </label>
      )}
    </div>
  );
}
