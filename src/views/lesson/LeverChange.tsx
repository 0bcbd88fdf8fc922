import { forwardRef, useMemo } from 'react';
import { describeChange, type Diagnosis, type LeverChange, type LeverOffer } from '../../lesson/diagnosis';
import { settingsToQuery } from '../../settings/parse';
import type { Settings } from '../../settings/schema';
import type { LiveStatus } from './useLiveNumbers';

/** A lever the student tried: the diagnosis of the run it was tried on (the pinned baseline) and the settings it led to. */
export interface TriedLever {
  lever: LeverOffer;
  before: Diagnosis;
  /** The settings the lever made, as a link writes them: the comparison holds while the lab shows exactly these. */
  expectedQuery: string;
}

export type LeverChangeState =
  | { kind: 'none' }
  | { kind: 'running'; message: string }
  | { kind: 'stale'; message: string }
  | { kind: 'ready'; change: LeverChange };

/** What the tried lever changed, computed from the baseline's diagnosis and the run on screen, while the lab shows the lever's settings. */
export function useLeverChange(tried: TriedLever | null, now: Diagnosis | null, settings: Settings, status: LiveStatus): LeverChangeState {
  const query = useMemo(() => settingsToQuery(settings), [settings]);
  return useMemo((): LeverChangeState => {
    if (!tried) return { kind: 'none' };
    if (query !== tried.expectedQuery) return { kind: 'stale', message: 'The settings have changed since you tried this lever, so this comparison no longer describes the lab.' };
    if (status === 'error') return { kind: 'stale', message: 'The lab cannot run the settings this lever made.' };
    if (status !== 'ready' || !now) return { kind: 'running', message: 'Simulating the run with the lever…' };
    const change = describeChange(tried.before, now, tried.lever.clock);
    return change ? { kind: 'ready', change } : { kind: 'stale', message: 'No request completed, so there is nothing to compare.' };
  }, [tried, now, query, status]);
}

interface Props {
  tried: TriedLever;
  change: LeverChangeState;
  pinned: boolean;
  onUnpin: () => void;
}

/** The change a lever made, in sentences; a polite live region, so a screen reader hears it when the run arrives. */
export const LeverChangeBox = forwardRef<HTMLHeadingElement, Props>(function LeverChangeBox({ tried, change, pinned, onUnpin }, ref) {
  return (
    <div aria-live="polite" className="space-y-1 rounded-md border-l-4 border-accent bg-raised p-3 text-sm" data-testid="lever-change" data-direction={change.kind === 'ready' ? change.change.direction : undefined}>
      <h3 ref={ref} tabIndex={-1} className="font-semibold outline-none">
        What the lever changed: {tried.lever.label}
      </h3>
      {change.kind === 'ready' ? (
        change.change.sentences.map((s) => <p key={s}>{s}</p>)
      ) : change.kind !== 'none' ? (
        <p className="text-muted">{change.message}</p>
      ) : null}
      <p className="text-muted">
        {pinned
          ? 'The run before the lever is pinned as the baseline, so the lab above compares against it. The diagnosis below is of the run with the lever.'
          : 'Nothing is pinned any more; the diagnosis below is of the run on screen.'}{' '}
        {pinned && (
          <button type="button" onClick={onUnpin} className="text-accent underline">
            Unpin the baseline
          </button>
        )}
      </p>
    </div>
  );
});
