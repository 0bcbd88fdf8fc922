import { useProgress } from './progressStore';

/** Says so when saved progress could not be used and was reset. */
export function ProgressNotice() {
  const notice = useProgress((s) => s.notice);
  const dismiss = useProgress((s) => s.dismissNotice);
  if (!notice) return null;
  return (
    <div role="status" className="flex items-start justify-between gap-2 rounded-md border-l-4 border-warn-line bg-warn-bg p-2 text-sm" data-testid="progress-notice">
      <p>{notice}</p>
      <button type="button" onClick={dismiss} className="rounded px-2 underline">
        Dismiss
      </button>
    </div>
  );
}
