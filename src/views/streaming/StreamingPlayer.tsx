import { useMemo, useState } from 'react';
import { READER_TOK_PER_SEC } from '../../lesson/reading';
import { Choice } from '../common/Choice';
import { FirstEvents } from './FirstEvents';
import { Lanes } from './Lanes';
import { chunkTexts, streamTextOf } from './streamText';
import { PlaybackControls } from './PlaybackControls';
import { planPlayback, stateAt } from './playback';
import { statusLine } from './statusLine';
import { usePlaybackClock } from './usePlaybackClock';
import { useReducedMotion } from './useReducedMotion';

export const SPEEDS = [1, 2, 5, 10] as const;
export const CHUNK_SIZES = [1, 3, 5] as const;

/**
 * Plays one request. Without reduced motion it starts paused at 0 and plays
 * on request; with reduced motion it shows the final state and offers a
 * scrubber and step buttons instead of animation.
 */
export function StreamingPlayer({ tokenTimesMs, roleEventMs }: { tokenTimesMs: readonly number[]; roleEventMs: number }) {
  const reduced = useReducedMotion();
  const [speed, setSpeed] = useState<number>(reduced ? 1 : 5);
  const [chunkTokens, setChunkTokens] = useState<number>(1);
  const plan = useMemo(() => planPlayback({ tokenTimesMs, chunkTokens, roleEventMs, readerTokPerSec: READER_TOK_PER_SEC }), [tokenTimesMs, chunkTokens, roleEventMs]);
  const text = useMemo(() => streamTextOf(tokenTimesMs.length), [tokenTimesMs.length]);
  const texts = useMemo(() => chunkTexts(text, plan.chunks), [text, plan.chunks]);
  const clock = usePlaybackClock(plan.endMs, speed, reduced);
  const state = stateAt(plan, clock.simMs);

  return (
    <div className="space-y-3" data-phase={state.phase} data-reduced-motion={reduced ? 'true' : 'false'}>
      <PlaybackControls plan={plan} clock={clock} reduced={reduced} speed={speed} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Choice
          legend="Playback speed"
          options={SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
          value={String(speed)}
          onChange={(v) => setSpeed(Number(v))}
          columns="grid-cols-4"
        />
        <Choice
          legend="Server sends chunks of"
          options={CHUNK_SIZES.map((k) => ({ value: String(k), label: `${k} ${k === 1 ? 'token' : 'tokens'}` }))}
          value={String(chunkTokens)}
          onChange={(v) => setChunkTokens(Number(v))}
          columns="grid-cols-3"
        />
      </div>
      <p aria-live="polite" className="text-sm font-medium" data-testid="stream-status">
        {statusLine(state)}
      </p>
      <Lanes plan={plan} state={state} text={text} chunkTexts={texts} />
      <FirstEvents plan={plan} chunkTexts={texts} chunkTokens={chunkTokens} />
    </div>
  );
}
