/** Streaming you can feel: the drawn request replayed next to a reader. */
export { StreamingPanel } from './StreamingPanel';
export { planPlayback, stateAt, chunksOf } from './playback';
