import { memo, useEffect, useRef, type ReactNode } from 'react';
import { READER_TOK_PER_SEC } from '../../lesson/reading';
import { formatMs } from '../common/format';
import type { PlaybackPlan, PlaybackState } from './playback';
import { aheadLine } from './statusLine';
import { prefixText, type StreamText } from './streamText';

/** The writer's text so far, chunk by chunk; re-renders only when a chunk arrives. */
const WriterText = memo(function WriterText({ texts, visible }: { texts: readonly string[]; visible: number }) {
  return (
    <>
      {texts.slice(0, visible).map((t, i) => (
        // Alternate underline colours mark where one streamed chunk ends and the next begins.
        <span key={i} className={`border-b-2 ${i % 2 === 0 ? 'border-accent' : 'border-decode'}`} data-chunk={i}>
          {t}
        </span>
      ))}
    </>
  );
});

/** One lane: a title, a count, a bar, and a scrolling box that follows the newest text. */
function Lane({ title, count, fraction, follow, children, testId }: { title: string; count: string; fraction: number; follow: number; children: ReactNode; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  // Scrolling in a layout effect forced a synchronous layout of the whole page on
  // every new result; in the next frame the layout is needed for painting anyway.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const frame = requestAnimationFrame(() => {
      el.scrollTop = follow === 0 ? 0 : el.scrollHeight;
    });
    return () => cancelAnimationFrame(frame);
  }, [follow]);
  return (
    <div className="min-w-0 space-y-1" data-testid={testId}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <h3 className="font-semibold">{title}</h3>
        <span className="tabular whitespace-nowrap text-muted">{count}</span>
      </div>
      <div aria-hidden="true" className="h-1.5 w-full overflow-hidden rounded-sm bg-line">
        <div className="h-full bg-accent" style={{ width: `${Math.min(100, Math.max(0, fraction * 100))}%` }} />
      </div>
      <div ref={box} tabIndex={0} role="group" aria-label={title} className="h-40 overflow-y-auto rounded-md border border-line bg-raised p-2 text-sm leading-relaxed">
        {children}
      </div>
    </div>
  );
}

/** The model's lane and the reader's lane, side by side (stacked on a phone). */
export function Lanes({ plan, state, text, chunkTexts }: { plan: PlaybackPlan; state: PlaybackState; text: StreamText; chunkTexts: readonly string[] }) {
  const n = plan.totalTokens;
  const read = Math.floor(state.readerTokens + 1e-9);
  const of = (k: number) => `${k.toLocaleString('en-US')} / ${n.toLocaleString('en-US')} tokens`;
  return (
    <div className="space-y-2">
      <div className="grid gap-3 md:grid-cols-2">
        <Lane title="The model has sent" count={of(state.tokensVisible)} fraction={n > 0 ? state.tokensVisible / n : 0} follow={state.chunksVisible} testId="writer-lane">
          {state.phase === 'waiting' ? (
            <p className="text-muted" data-testid="waiting">
              <span aria-hidden="true" className="mr-1 inline-block h-2 w-2 rounded-full bg-queue motion-safe:animate-pulse" />
              Waiting for the first token… <span className="tabular font-semibold text-ink">{formatMs(state.simMs)}</span>
            </p>
          ) : (
            <WriterText texts={chunkTexts} visible={state.chunksVisible} />
          )}
        </Lane>
        <Lane title={`A reader at ${READER_TOK_PER_SEC} tok/s`} count={of(read)} fraction={n > 0 ? read / n : 0} follow={read} testId="reader-lane">
          {read === 0 ? <p className="text-muted">Nothing read yet.</p> : <p>{prefixText(text, read)}</p>}
        </Lane>
      </div>
      <p className="tabular text-sm font-medium" data-testid="stream-ahead" data-ahead={state.aheadTokens}>
        {aheadLine(state)}
      </p>
    </div>
  );
}
