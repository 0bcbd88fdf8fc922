import { formatMs } from '../common/format';
import type { PlaybackPlan } from './playback';

const SHOWN = 3;

/**
 * The first events on the wire: a streamed chunk is not a token, and TTFT is
 * measured at the first chunk that carries text, not at the first event
 * (which may announce the reply without any text).
 */
export function FirstEvents({ plan, chunkTexts, chunkTokens }: { plan: PlaybackPlan; chunkTexts: readonly string[]; chunkTokens: number }) {
  const n = plan.totalTokens;
  const m = plan.chunks.length;
  const decodeMs = plan.lastChunkMs - plan.firstContentMs;
  const tpotTokensMs = n > 1 ? decodeMs / (n - 1) : 0;
  const tpotChunksMs = m > 1 ? decodeMs / (m - 1) : 0;
  const held = plan.firstContentMs - plan.firstTokenMs;
  const offset = plan.roleEventMs === null ? 0 : 1;
  return (
    <div className="space-y-2 rounded-md border border-line bg-raised p-3 text-sm" data-testid="first-events">
      <h3 className="font-semibold">On the wire: the first events</h3>
      <ol className="space-y-1">
        {plan.roleEventMs !== null && (
          <li className="text-muted italic" data-event="role">
            <span className="tabular not-italic">{formatMs(plan.roleEventMs)}</span> · event 1: announces the reply (role only), <span className="font-semibold">no text</span>. TTFT is not
            measured here.
          </li>
        )}
        {plan.chunks.slice(0, SHOWN).map((c, i) => (
          <li key={c.index} data-event={i === 0 ? 'first-content' : 'content'}>
            <span className="tabular">{formatMs(c.arrivalMs)}</span> · event {i + 1 + offset}: &ldquo;{chunkTexts[i].trim()}&rdquo; ({c.endToken - c.startToken}{' '}
            {c.endToken - c.startToken === 1 ? 'token' : 'tokens'})
            {i === 0 && <span className="ml-1 rounded bg-accent px-1.5 py-0.5 text-xs font-semibold text-accent-ink">TTFT measured here</span>}
          </li>
        ))}
      </ol>
      <p data-testid="measured-ttft">
        The client&apos;s TTFT is the first chunk with text: <span className="tabular font-semibold">{formatMs(plan.firstContentMs)}</span>.
        {chunkTokens > 1 && held > 0
          ? ` The model's first token was ready at ${formatMs(plan.firstTokenMs)}; the server held it until its chunk of ${chunkTokens} was full, ${formatMs(held)} later.`
          : ''}
      </p>
      <p data-testid="chunk-count">
        {m.toLocaleString('en-US')} {m === 1 ? 'chunk' : 'chunks'} carried {n.toLocaleString('en-US')} {n === 1 ? 'token' : 'tokens'}. TPOT divides by tokens (the usage count):{' '}
        <span className="tabular font-semibold">{formatMs(tpotTokensMs)}</span>
        {chunkTokens > 1 ? (
          <>
            . Dividing by chunks would give <span className="tabular font-semibold">{formatMs(tpotChunksMs)}</span>, about {chunkTokens}× too slow.
          </>
        ) : (
          '.'
        )}
      </p>
    </div>
  );
}
