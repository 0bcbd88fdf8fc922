import type { SceneReading } from '../../lesson/scenes';
import type { FlowPhase } from './tryItFlow';
import { linkNumberOf } from '../../settings/pageKeys';

/**
 * The steps of one lever scene, as a reducer: predict → (commit, which sets
 * the lab up) observe step 0 → (switch, pinning the step before when the
 * scene says so) observe step 1 … → (I've looked) explain. The readings of
 * every step before the one on screen are kept, because the explanation
 * compares them all. An instructor's answer link steps through by itself
 * (`auto`), reading each step once its run is in, then explains.
 */
export interface SceneFlowState {
  sceneId: number;
  phase: FlowPhase;
  /** Index of the step applied to the lab, −1 before any. */
  step: number;
  /** The committed choice (an index into the scene's `choices`), or null. */
  committed: number | null;
  /** Readings captured at each step before the one on screen (index = step), null where none was current. */
  readings: (SceneReading | null)[];
  /** Opened at the answer by a link (`?scene=N&answer=1`): no prediction was made. */
  fromLink: boolean;
  /** Stepping through by itself (an answer link). */
  auto: boolean;
}

export type SceneFlowAction =
  | { type: 'select'; sceneId: number }
  | { type: 'commit'; value: number }
  | { type: 'apply'; step: number; reading: SceneReading | null }
  | { type: 'looked' }
  | { type: 'answer'; sceneId: number };

export function initialSceneFlow(sceneId: number): SceneFlowState {
  return { sceneId, phase: 'predict', step: -1, committed: null, readings: [], fromLink: false, auto: false };
}

export function sceneFlowReducer(state: SceneFlowState, action: SceneFlowAction): SceneFlowState {
  switch (action.type) {
    case 'select':
      return initialSceneFlow(action.sceneId);
    case 'commit':
      return state.phase === 'predict' ? { ...state, phase: 'observe', step: 0, committed: action.value, readings: [] } : state;
    case 'apply': {
      if (state.phase !== 'observe') return state;
      const readings = state.readings.slice(0, Math.max(0, action.step));
      if (action.step > 0) readings[action.step - 1] = action.reading;
      return { ...state, step: action.step, readings };
    }
    case 'looked':
      return state.phase === 'observe' ? { ...state, phase: 'explain', auto: false } : state;
    case 'answer':
      return { sceneId: action.sceneId, phase: 'observe', step: -1, committed: null, readings: [], fromLink: true, auto: true };
  }
}

/** What a `?scene=N` link asks for: scene N at its prediction step, or (`&answer=1`) stepped through to its answer. */
export type SceneLink = { id: number; answer: boolean } | { id: null; notice: string | null };

const TRUE_WORDS = ['', '1', 'true', 'yes', 'on'];

/** Reads `scene` and `answer` from a query string; a link that also names a question opens the question only. */
export function sceneParam(search: string, count: number): SceneLink {
  const params = new URLSearchParams(search);
  const raw = params.get('scene');
  if (raw === null) return { id: null, notice: null };
  if (params.has('question')) return { id: null, notice: 'The link names both a question and a lever scene, so only the question was opened.' };
  const n = linkNumberOf(raw, count);
  if (n === null) {
    return { id: null, notice: `The link asked for lever scene "${raw}", but the scenes are numbered 1 to ${count}, so none was opened.` };
  }
  const answer = params.get('answer');
  return { id: n, answer: answer !== null && TRUE_WORDS.includes(answer.trim().toLowerCase()) };
}
