import { useLabStore } from '../../store';

/** Link parameters that were ignored, each with why, dismissible. */
export function Notices() {
  const notices = useLabStore((s) => s.notices);
  const dismiss = useLabStore((s) => s.dismissNotice);
  const dismissAll = useLabStore((s) => s.dismissAllNotices);
  if (notices.length === 0) return null;
  return (
    <section aria-labelledby="notices-h" role="alert" className="rounded-lg border-l-4 border-warn-line bg-warn-bg p-3 text-sm" data-testid="notices">
      <div className="flex items-start justify-between gap-2">
        <h2 id="notices-h" className="font-semibold">
          {notices.length === 1 ? 'One setting in the link was ignored' : `${notices.length} settings in the link were ignored`}
        </h2>
        {notices.length > 1 && (
          <button type="button" onClick={dismissAll} className="rounded px-2 py-0.5 text-sm underline">
            Dismiss all
          </button>
        )}
      </div>
      <ul className="mt-1 space-y-1">
        {notices.map((n) => (
          <li key={n.param} className="flex items-start justify-between gap-2">
            <span>
              <code className="font-semibold">{n.param}</code>: {n.message}
            </span>
            <button type="button" onClick={() => dismiss(n.param)} aria-label={`Dismiss the notice about ${n.param}`} className="rounded px-2 leading-6 hover:bg-line">
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
