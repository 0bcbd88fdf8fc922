import { describe, expect, it } from 'vitest';
import {
  emptyProgress, loadProgress, PROGRESS_KEY, saveProgress, withCompleted, withPrediction, withQuiz, type StorageLike,
} from '../../src/lesson/progress';

/** An in-memory Storage, optionally throwing on every call. */
function fakeStorage(initial: Record<string, string> = {}, opts: { throwOnGet?: boolean; throwOnSet?: boolean } = {}) {
  const data = new Map(Object.entries(initial));
  const storage: StorageLike = {
    getItem(k) {
      if (opts.throwOnGet) throw new Error('SecurityError');
      return data.has(k) ? data.get(k)! : null;
    },
    setItem(k, v) {
      if (opts.throwOnSet) throw new Error('QuotaExceededError');
      data.set(k, v);
    },
    removeItem(k) {
      data.delete(k);
    },
  };
  return { storage, data };
}

describe('lesson progress in localStorage', () => {
  it('uses a versioned key', () => {
    expect(PROGRESS_KEY).toBe('latency-lab:progress:v1');
  });
  it('starts empty without a notice when nothing is stored, or no storage exists', () => {
    expect(loadProgress(fakeStorage().storage)).toEqual({ progress: emptyProgress(), notice: null });
    expect(loadProgress(null)).toEqual({ progress: emptyProgress(), notice: null });
  });
  it('round-trips predictions, completed questions and the quiz score', () => {
    const { storage } = fakeStorage();
    let p = withPrediction(emptyProgress(), 1, { value: 0, correct: true });
    p = withPrediction(p, 5, { value: 400, correct: null });
    p = withCompleted(withCompleted(withCompleted(p, 3), 1), 3);
    p = withQuiz(p, { correct: 4, total: 5 });
    expect(saveProgress(storage, p)).toBe(true);
    const back = loadProgress(storage);
    expect(back.notice).toBeNull();
    expect(back.progress).toEqual(p);
    expect(back.progress.completed).toEqual([1, 3]);
  });
  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['a bad prediction', JSON.stringify({ version: 1, predictions: { 1: { value: 'x', correct: true } }, completed: [], quiz: null })],
    ['bad completed ids', JSON.stringify({ version: 1, predictions: {}, completed: [-1], quiz: null })],
    ['an impossible score', JSON.stringify({ version: 1, predictions: {}, completed: [], quiz: { correct: 9, total: 5 } })],
  ])('a corrupted entry (%s) resets with a visible notice and is removed', (_label, raw) => {
    const { storage, data } = fakeStorage({ [PROGRESS_KEY]: raw });
    const out = loadProgress(storage);
    expect(out.progress).toEqual(emptyProgress());
    expect(out.notice).toMatch(/damaged.*reset/);
    expect(data.has(PROGRESS_KEY)).toBe(false);
  });
  it('an entry of another version resets with a notice naming the version change', () => {
    const { storage } = fakeStorage({ [PROGRESS_KEY]: JSON.stringify({ version: 2, predictions: {}, completed: [], quiz: null }) });
    const out = loadProgress(storage);
    expect(out.progress).toEqual(emptyProgress());
    expect(out.notice).toMatch(/another version/);
  });
  it('a storage that throws never crashes: reads start fresh with a notice, writes report false', () => {
    expect(loadProgress(fakeStorage({}, { throwOnGet: true }).storage).notice).toMatch(/could not be read/);
    expect(saveProgress(fakeStorage({}, { throwOnSet: true }).storage, emptyProgress())).toBe(false);
    expect(saveProgress(null, emptyProgress())).toBe(false);
  });
});
