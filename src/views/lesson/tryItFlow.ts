import type { LiveNumbers, Prediction, TryItQuestion } from '../../lesson/types';

/**
 * The steps of one try-it question, as a reducer: predict → (commit) ready →
 * (set up) observe step 0 → (switch) observe step 1. Nothing in the lab moves
 * before the student commits, except when a link opened the question set up.
 */
export type FlowPhase = 'predict' | 'ready' | 'observe';

export interface FlowState {
  questionId: number;
  phase: FlowPhase;
  /** Index of the step applied to the lab, −1 before any. */
  step: number;
  /** The committed prediction (choice index or number), or null. */
  committed: number | null;
  /** Numbers captured at step 0 of a two-step question, when they were current. */
  before: LiveNumbers | null;
  /** The question was opened set up by a `?question=N` link. */
  fromLink: boolean;
}

export type FlowAction =
  | { type: 'select'; questionId: number; committed: number | null }
  | { type: 'commit'; value: number }
  | { type: 'apply'; step: number; before: LiveNumbers | null }
  | { type: 'link'; questionId: number };

export function initialFlow(questionId: number, committed: number | null = null): FlowState {
  return { questionId, phase: committed === null ? 'predict' : 'ready', step: -1, committed, before: null, fromLink: false };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'select':
      return initialFlow(action.questionId, action.committed);
    case 'commit':
      // Changing one's mind is fine before the lab moves, not after.
      if (state.phase === 'observe') return state;
      return { ...state, phase: 'ready', committed: action.value };
    case 'apply':
      if (state.phase === 'predict') return state;
      return { ...state, phase: 'observe', step: action.step, before: action.step > 0 ? action.before : null };
    case 'link':
      return { questionId: action.questionId, phase: 'observe', step: 0, committed: null, before: null, fromLink: true };
  }
}

/** True when the lab shows the question's last step, the one the explanation reads. */
export function atLastStep(state: FlowState, question: TryItQuestion): boolean {
  return state.phase === 'observe' && state.step === question.steps.length - 1;
}

/** Feedback on a committed prediction against the lesson's answer or the live value. */
export function predictionFeedback(prediction: Prediction, committed: number, live: LiveNumbers | null): { correct: boolean | null; text: string } {
  if (prediction.kind === 'choice') {
    const correct = committed === prediction.correctIndex;
    const yours = prediction.choices[committed] ?? '';
    return correct
      ? { correct, text: `You predicted "${yours}", and that is what the lab shows.` }
      : { correct, text: `You predicted "${yours}". The lab shows otherwise: "${prediction.choices[prediction.correctIndex]}".` };
  }
  if (!live) return { correct: null, text: `You guessed ${committed} ${prediction.unit}.` };
  const actual = prediction.actual(live);
  const ratio = committed > 0 ? actual / committed : Infinity;
  const close = ratio >= 0.67 && ratio <= 1.5;
  const how = close ? 'close' : ratio > 1 ? `${ratio < 10 ? ratio.toFixed(1) : Math.round(ratio)}× more than your guess` : `${(1 / ratio).toFixed(1)}× less than your guess`;
  return { correct: close, text: `You guessed ${committed.toLocaleString('en-US')} ${prediction.unit}; the lab shows ${Math.round(actual).toLocaleString('en-US')} ${prediction.unit}: ${how}.` };
}

/** The `?question=N` parameter: the question number, null when absent, or an error message. */
export function questionParam(search: string, count: number): { id: number } | { id: null; notice: string | null } {
  const raw = new URLSearchParams(search).get('question');
  if (raw === null) return { id: null, notice: null };
  const n = Number(raw.trim());
  if (raw.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= count) return { id: n };
  return { id: null, notice: `The link asked for question "${raw}", but the questions are numbered 1 to ${count}, so none was set up.` };
}
