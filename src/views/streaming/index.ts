/** Streaming you can feel: the typical request replayed next to a reader. */
export { StreamingPanel } from './StreamingPanel';
export { planPlayback, stateAt, chunksOf } from './playback';
