import { useId } from 'react';
import { formatMs } from '../common/format';
import { nextEventMs, prevEventMs, type PlaybackPlan } from './playback';
import type { PlaybackClock } from './usePlaybackClock';

const button = 'rounded-md border border-line bg-raised px-3 py-1 text-sm font-medium text-ink hover:border-accent disabled:opacity-60';

/** Play, pause, replay, step and scrub; with reduced motion only step and scrub. */
export function PlaybackControls({ plan, clock, reduced, speed }: { plan: PlaybackPlan; clock: PlaybackClock; reduced: boolean; speed: number }) {
  const id = useId();
  const at = clock.simMs;
  const stepMs = Math.max(1, plan.endMs / 1000);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {!reduced && (
          <>
            {clock.playing ? (
              <button type="button" onClick={clock.pause} className={`${button} border-accent`}>
                Pause
              </button>
            ) : (
              <button type="button" onClick={clock.play} className="rounded-md bg-accent px-3 py-1 text-sm font-semibold text-accent-ink">
                {at >= plan.endMs ? 'Play again' : at > 0 ? 'Resume' : 'Play'}
              </button>
            )}
            <button type="button" onClick={() => clock.restart(true)} className={button}>
              Replay
            </button>
          </>
        )}
        <button type="button" onClick={() => clock.seek(prevEventMs(plan, at))} disabled={at <= 0} className={button}>
          Previous event
        </button>
        <button type="button" onClick={() => clock.seek(nextEventMs(plan, at))} disabled={at >= plan.endMs} className={button}>
          Next event
        </button>
        {reduced && (
          <button type="button" onClick={() => clock.restart(false)} className={button}>
            Back to the start
          </button>
        )}
        <span className="tabular ml-auto text-sm" data-testid="stream-clock" data-at-ms={Math.round(at)}>
          <span className="text-muted">Time since sending: </span>
          <span className="font-semibold">{formatMs(at)}</span>
          {!reduced && <span className="text-muted"> ({speed}× speed)</span>}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-scrub`} className="text-sm whitespace-nowrap text-muted">
          Position
        </label>
        <input
          id={`${id}-scrub`}
          type="range"
          min={0}
          max={plan.endMs}
          step={stepMs}
          value={at}
          // The browser rounds the range to whole steps, which can stop one step short of the end: snap the last step to it.
          onChange={(e) => {
            const v = Number(e.target.value);
            clock.seek(v > plan.endMs - stepMs * 1.5 ? plan.endMs : v);
          }}
          aria-valuetext={`${formatMs(at)} of ${formatMs(plan.endMs)}`}
          className="w-full"
        />
      </div>
      {reduced && <p className="text-xs text-muted">Your system asks for reduced motion, so the playback shows its end state; step or drag through it instead.</p>}
    </div>
  );
}
