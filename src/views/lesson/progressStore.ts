import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  emptyProgress, loadProgress, saveProgress, withCompleted, withPrediction, withQuiz, type PredictionRecord, type Progress, type StorageLike,
} from '../../lesson/progress';

/** Lesson progress with its actions; every change is saved at once. */
export interface ProgressState {
  progress: Progress;
  /** Why saved progress was reset, shown until dismissed. */
  notice: string | null;
  recordPrediction(questionId: number, record: PredictionRecord): void;
  markCompleted(questionId: number): void;
  recordQuiz(score: { correct: number; total: number }): void;
  reset(): void;
  dismissNotice(): void;
}

/** A progress store over `storage` (tests pass a fake; null keeps progress in memory only). */
export function createProgressStore(storage: StorageLike | null): StoreApi<ProgressState> {
  const loaded = loadProgress(storage);
  return createStore<ProgressState>()((set, get) => {
    const commit = (progress: Progress) => {
      saveProgress(storage, progress);
      set({ progress });
    };
    return {
      progress: loaded.progress,
      notice: loaded.notice,
      recordPrediction: (id, record) => commit(withPrediction(get().progress, id, record)),
      markCompleted: (id) => {
        const next = withCompleted(get().progress, id);
        if (next !== get().progress) commit(next);
      },
      recordQuiz: (score) => commit(withQuiz(get().progress, score)),
      reset: () => commit(emptyProgress()),
      dismissNotice: () => set({ notice: null }),
    };
  });
}

/** The browser's localStorage, or null where it is missing or blocked. */
function browserStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

let singleton: StoreApi<ProgressState> | null = null;

/** The page's progress store, on localStorage. */
export function getProgressStore(): StoreApi<ProgressState> {
  singleton ??= createProgressStore(browserStorage());
  return singleton;
}

/** Selects one value of the lesson progress. */
export function useProgress<T>(selector: (s: ProgressState) => T): T {
  return useStore(getProgressStore(), selector);
}
