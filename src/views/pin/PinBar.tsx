import { useMemo } from 'react';
import { settingChanges } from '../../settings/pin';
import { useLabStore } from '../../store';
import { usePinnedError, usePinnedStatus } from '../../workers';
import { changeItems, changesSentence } from './compareModel';

const button = 'rounded-md border border-line bg-raised px-2 py-0.5 text-xs whitespace-nowrap hover:border-accent';

/** "Pin this run": keeps the current run as a baseline that the cards, timeline and charts compare with. */
export function PinButton() {
  const pinCurrent = useLabStore((s) => s.pinCurrent);
  const pinned = useLabStore((s) => s.pinned !== null);
  if (pinned) return null;
  return (
    <button type="button" onClick={pinCurrent} className={button} data-testid="pin-button" title="Keep this run as a baseline: then change a setting and see before and after">
      Pin this run
    </button>
  );
}

/**
 * While a baseline is pinned: what changed since (by the controls' names),
 * whether the baseline is still being simulated or cannot run, and the
 * buttons to pin the current run instead or to unpin.
 */
export function PinBar({ summary = null }: { /** Before and after in words (`pinSummary`), once both runs are in. */ summary?: string | null }) {
  const pinned = useLabStore((s) => s.pinned);
  const settings = useLabStore((s) => s.settings);
  const pinCurrent = useLabStore((s) => s.pinCurrent);
  const unpin = useLabStore((s) => s.unpin);
  const status = usePinnedStatus();
  const error = usePinnedError();
  const sentence = useMemo(() => (pinned ? changesSentence(changeItems(settingChanges(pinned, settings), pinned, settings)) : ''), [pinned, settings]);
  if (!pinned) return null;
  return (
    <section aria-label="Pinned baseline" className="flex flex-wrap items-center gap-x-3 gap-y-0.5 rounded-lg border border-dashed border-muted bg-surface px-3 py-0.5 text-sm" data-testid="pin-bar" data-pin-state={status}>
      <p className="min-w-0 flex-1 basis-72">
        <span className="font-semibold">
          Compared with the pinned run.
        </span>{' '}
        <span data-testid="pin-changes">{sentence}</span>
        {summary && (
          <span className="block" data-testid="pin-summary">
            {summary}
          </span>
        )}
        {status === 'running' && <span className="text-muted"> Simulating the pinned run…</span>}
        {error && (
          <span className="text-bad" role="status">
            {' '}
            The pinned run cannot run (<code>{error.param}</code>: {error.message}).
          </span>
        )}
      </p>
      <span className="flex gap-1.5">
        <button type="button" onClick={pinCurrent} className={button} data-testid="repin-button">
          Pin this run instead
        </button>
        <button type="button" onClick={unpin} className={button} data-testid="unpin-button">
          Unpin
        </button>
      </span>
    </section>
  );
}
