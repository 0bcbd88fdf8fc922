import type { PlaybackState } from './playback';

/**
 * The one sentence a screen reader hears about the playback. It changes only
 * when the phase changes, never on every token, so it does not chatter.
 */
export function statusLine(s: PlaybackState): string {
  switch (s.phase) {
    case 'waiting':
      return s.roleEventSeen
        ? 'Waiting for the first token. An event has arrived, but it carries no text yet.'
        : 'Waiting for the first token: nothing on screen yet.';
    case 'streaming':
      return s.readerWaiting ? 'The reader has caught up and is waiting for the next token.' : 'Streaming: the model is writing faster than the reader reads.';
    case 'reading':
      return 'The model has finished writing; the reader is still reading.';
    case 'done':
      return 'Done: the reader has read every token.';
  }
}

/** The live counter under the lanes (updated every frame, not announced). */
export function aheadLine(s: PlaybackState): string {
  if (s.phase === 'waiting') return 'Nothing to read yet.';
  if (s.phase === 'done') return 'The reader has finished.';
  if (s.readerWaiting) return 'The reader is waiting for the model.';
  const n = s.aheadTokens;
  return `The model is ${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'} ahead of the reader.`;
}
