/**
 * The chunk with everything below the lab's first screen (the try-it
 * questions, the lever scenes, the charts…). A plain page asks for it once
 * its first readouts have painted, so the first JavaScript is the entry
 * alone; a link that opens a question or a scene asks for it at boot, so the
 * panel it names can render, and come into view, as soon as the lab has
 * numbers.
 */
let chunk: Promise<typeof import('./BelowStage')> | null = null;

/** Starts loading the below-stage chunk (once) and gives its module. */
export function loadBelowStage(): Promise<typeof import('./BelowStage')> {
  chunk ??= import('./BelowStage');
  return chunk;
}

/** True when the link opens a try-it question or a lever scene (any value: a bad one has its notice there). */
export function linkOpensLesson(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('question') || params.has('scene');
}

/** True when the link opens a lever scene: the sections above the scenes must render with it, so it lands where it stays. */
export function linkOpensScene(search: string): boolean {
  return new URLSearchParams(search).has('scene');
}
