import type { LiveNumbers, NumberGuess, Prediction, TryItQuestion } from '../../lesson/types';
import { linkNumberOf } from '../../settings/pageKeys';

/**
 * The steps of one try-it question, as a reducer: predict → (commit, which
 * sets the lab up) observe step 0 → (switch) observe step 1 → (I've looked)
 * explain. Nothing in the lab moves before the student commits; nothing is
 * explained before they have looked. An instructor's answer link opens the
 * explanation directly (`fromLink`).
 */
export type FlowPhase = 'predict' | 'observe' | 'explain';

export interface FlowState {
  questionId: number;
  phase: FlowPhase;
  /** Index of the step applied to the lab, −1 before any. */
  step: number;
  /** The committed choice (an index into the question's `choices`), or null. */
  committed: number | null;
  /** The committed number guess in the guess's unit, or null. */
  guess: number | null;
  /** Numbers captured at step 0 of a two-step question, when they were current. */
  before: LiveNumbers | null;
  /** Opened at the answer by a link (`?question=N&answer=1`): no prediction was made. */
  fromLink: boolean;
}

export type FlowAction =
  | { type: 'select'; questionId: number }
  | { type: 'commit'; value: number; guess: number | null }
  | { type: 'apply'; step: number; before: LiveNumbers | null }
  | { type: 'looked' }
  | { type: 'answer'; questionId: number; lastStep: number };

export function initialFlow(questionId: number): FlowState {
  return { questionId, phase: 'predict', step: -1, committed: null, guess: null, before: null, fromLink: false };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'select':
      return initialFlow(action.questionId);
    case 'commit':
      if (state.phase !== 'predict') return state;
      return { ...state, phase: 'observe', step: 0, committed: action.value, guess: action.guess, before: null };
    case 'apply':
      if (state.phase !== 'observe') return state;
      return { ...state, step: action.step, before: action.step > 0 ? action.before : null };
    case 'looked':
      return state.phase === 'observe' ? { ...state, phase: 'explain' } : state;
    case 'answer':
      return { questionId: action.questionId, phase: 'explain', step: action.lastStep, committed: null, guess: null, before: null, fromLink: true };
  }
}

/** True when the lab shows the question's last step, the one the explanation reads. */
export function atLastStep(state: FlowState, question: TryItQuestion): boolean {
  return state.step === question.steps.length - 1;
}

/** The largest guess accepted, ms (an hour). */
export const MAX_GUESS_MS = 3_600_000;

/**
 * Reads a guess typed with its unit: `800`, `800 ms`, `2,000ms`, `2 s`, `1.5s`.
 * A bare number is in the guess's unit (ms). Only a positive number up to an
 * hour is accepted; anything else gets a message that says what to type.
 */
export function parseGuess(text: string, guess: Pick<NumberGuess, 'unit'>): { ok: true; value: number } | { ok: false; message: string } {
  const example = `for example 800 ${guess.unit} or 2 s`;
  const t = text.trim().toLowerCase().replace(/,/g, '');
  if (t === '') return { ok: false, message: `Type a number of milliseconds, ${example}.` };
  const m = /^(\d+(?:\.\d*)?|\.\d+)\s*(ms|s|sec|seconds?|milliseconds?)?$/.exec(t);
  if (!m) return { ok: false, message: `"${text.trim()}" is not a duration; type a positive number with its unit, ${example}.` };
  const n = Number(m[1]);
  const unit = m[2] ?? 'ms';
  const ms = unit === 'ms' || unit.startsWith('milli') ? n : n * 1000;
  if (!(ms > 0)) return { ok: false, message: `A latency is more than zero; type a positive number, ${example}.` };
  if (ms > MAX_GUESS_MS) return { ok: false, message: 'That is over an hour; type a guess of an hour or less.' };
  return { ok: true, value: ms };
}

/** A choice in quotation marks, once: a choice that is itself a quoted question (Q5's) keeps its own. */
export function quoted(choice: string): string {
  return /^["“].*["”]$/.test(choice) ? choice : `"${choice}"`;
}

/** Feedback on a committed prediction against the lesson's answer, and on a guess against the live value. */
export function predictionFeedback(
  prediction: Prediction,
  committed: number,
  guess: number | null,
  live: LiveNumbers | null,
): { correct: boolean; text: string; guessText: string | null } {
  const correct = committed === prediction.correctIndex;
  const yours = quoted(prediction.choices[committed] ?? '');
  const text = correct
    ? `You predicted ${yours}, and that is what the lab shows.`
    : `You predicted ${yours}. The lab shows otherwise: ${quoted(prediction.choices[prediction.correctIndex])}.`;
  let guessText: string | null = null;
  if (prediction.guess && guess !== null && guess > 0 && live) {
    const actual = prediction.guess.actual(live);
    const ratio = actual / guess;
    const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} s` : `${Math.round(ms).toLocaleString('en-US')} ms`);
    const how =
      !Number.isFinite(ratio) ? ''
      : ratio >= 0.67 && ratio <= 1.5 ? ': close'
      : ratio > 1 ? `: ${ratio < 10 ? ratio.toFixed(1) : Math.round(ratio)}× your guess`
      : `: ${(1 / ratio).toFixed(1)}× less than your guess`;
    guessText = `You guessed ${fmt(guess)}; the lab shows ${fmt(actual)}${how}.`;
  }
  return { correct, text, guessText };
}

/** What a `?question=N` link asks for: question N at its prediction step, or (`&answer=1`) at its answer. */
export type QuestionLink = { id: number; answer: boolean } | { id: null; notice: string | null };

const TRUE_WORDS = ['', '1', 'true', 'yes', 'on'];

/** Reads `question` and `answer` from a query string. */
export function questionParam(search: string, count: number): QuestionLink {
  const params = new URLSearchParams(search);
  const raw = params.get('question');
  // `answer` also goes with a lever scene (`scene=N`), which its own panel reads.
  if (raw === null) return { id: null, notice: params.has('answer') && !params.has('scene') ? 'The link has "answer" but no "question", so no question was opened.' : null };
  const n = linkNumberOf(raw, count);
  if (n === null) {
    return { id: null, notice: `The link asked for question "${raw}", but the questions are numbered 1 to ${count}, so none was opened.` };
  }
  const answer = params.get('answer');
  return { id: n, answer: answer !== null && TRUE_WORDS.includes(answer.trim().toLowerCase()) };
}
