/**
 * Lesson progress (predictions made, questions completed, quiz score), kept
 * in localStorage under a versioned key. A corrupted or other-version entry
 * is replaced by an empty one and reported as a notice; it never throws.
 */

export const PROGRESS_KEY = 'latency-lab:progress:v1';
export const PROGRESS_VERSION = 1;

/** What a student committed to for one question. */
export interface PredictionRecord {
  /** Index of the chosen answer, or the number guessed. */
  value: number;
  /** For choice predictions: whether it was the lesson's answer. */
  correct: boolean | null;
  /** A number guessed with it (ms), when the question asks for one. */
  guess?: number;
}

export interface Progress {
  version: 1;
  /** Question id → the prediction committed. */
  predictions: Record<string, PredictionRecord>;
  /** Ids of questions whose explanation was read, ascending. */
  completed: number[];
  /** Last quiz result, or null. */
  quiz: { correct: number; total: number } | null;
}

/** The part of `Storage` progress uses (tests pass a fake). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const EMPTY_PROGRESS: Readonly<Progress> = { version: 1, predictions: {}, completed: [], quiz: null };

/** A fresh empty progress object (never shares arrays with EMPTY_PROGRESS). */
export function emptyProgress(): Progress {
  return { version: 1, predictions: {}, completed: [], quiz: null };
}

export interface LoadedProgress {
  progress: Progress;
  /** Set when a stored entry was unreadable and was reset. */
  notice: string | null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** Checks a parsed value is a v1 progress entry, field by field. */
export function validProgress(x: unknown): x is Progress {
  if (!isObject(x) || x.version !== PROGRESS_VERSION) return false;
  if (!isObject(x.predictions) || !Array.isArray(x.completed)) return false;
  for (const rec of Object.values(x.predictions)) {
    if (!isObject(rec) || typeof rec.value !== 'number' || !Number.isFinite(rec.value)) return false;
    if (!(rec.correct === null || typeof rec.correct === 'boolean')) return false;
    if ('guess' in rec && !(typeof rec.guess === 'number' && Number.isFinite(rec.guess))) return false;
  }
  if (!x.completed.every((id) => isCount(id))) return false;
  if (x.quiz !== null) {
    if (!isObject(x.quiz) || !isCount(x.quiz.correct) || !isCount(x.quiz.total) || x.quiz.correct > x.quiz.total) return false;
  }
  return true;
}

/** Reads progress; an unreadable entry is reset (removed) with a notice saying so. */
export function loadProgress(storage: StorageLike | null): LoadedProgress {
  if (!storage) return { progress: emptyProgress(), notice: null };
  let raw: string | null;
  try {
    raw = storage.getItem(PROGRESS_KEY);
  } catch {
    return { progress: emptyProgress(), notice: 'Your lesson progress could not be read from this browser, so it starts fresh.' };
  }
  if (raw === null) return { progress: emptyProgress(), notice: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (validProgress(parsed)) return { progress: parsed, notice: null };
  const otherVersion = isObject(parsed) && 'version' in parsed && parsed.version !== PROGRESS_VERSION;
  try {
    storage.removeItem(PROGRESS_KEY);
  } catch {
    // Storage may be read-only (private mode); the notice still tells the student.
  }
  return {
    progress: emptyProgress(),
    notice: otherVersion
      ? 'Your saved lesson progress came from another version of the lab, so it was reset.'
      : 'Your saved lesson progress was damaged, so it was reset.',
  };
}

/** Writes progress; returns false when the browser refused (full, disabled). */
export function saveProgress(storage: StorageLike | null, progress: Progress): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PROGRESS_KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** Progress with a committed prediction. */
export function withPrediction(p: Progress, questionId: number, record: PredictionRecord): Progress {
  return { ...p, predictions: { ...p.predictions, [String(questionId)]: record } };
}

/** Progress with a question marked complete (idempotent). */
export function withCompleted(p: Progress, questionId: number): Progress {
  if (p.completed.includes(questionId)) return p;
  return { ...p, completed: [...p.completed, questionId].sort((a, b) => a - b) };
}

/** Progress with a quiz result. */
export function withQuiz(p: Progress, quiz: { correct: number; total: number }): Progress {
  return { ...p, quiz: { ...quiz } };
}
