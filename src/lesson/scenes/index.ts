import { choiceOrder } from '../choiceOrder';
import { prefixScene } from './prefix';
import { specScene } from './speculative';
import { splitScene } from './split';
import type { LeverScene } from './types';

export * from './types';
export { sceneReadingOf, layoutOf } from './reading';
export type { SceneRun } from './reading';
export { largestFall, largestChange, partTotals, SCENE_PARTS, SCENE_STEADY } from './causes';
export { specOutcome, SPEC_CROSSOVER } from './speculative';
export { crossingOf, crossoverLines, crossoverQuery, speedups } from './crossover';
export type { CrossoverLine, SpeedupPoint, TpotPoint } from './crossover';
export type { SpecOutcome } from './speculative';

/** The lever scenes, in the order the lesson names the levers. */
export const LEVER_SCENES: readonly LeverScene[] = [prefixScene, specScene, splitScene];

/** A scene by its number, or undefined. */
export function sceneById(id: number): LeverScene | undefined {
  return LEVER_SCENES.find((s) => s.id === id);
}

/**
 * The scenes' choice-order seeds follow the questions' (1–5), offset so that
 * no scene shows its choices as written or in a question's order, and the
 * right answer sits in a different place in each scene.
 */
export const SCENE_CHOICE_SEED = 6;

/** The order in which a scene shows its choices (see `choiceOrder`). */
export function sceneChoiceOrder(scene: Pick<LeverScene, 'id' | 'prediction'>): number[] {
  return choiceOrder(SCENE_CHOICE_SEED + scene.id, scene.prediction.choices.length);
}
