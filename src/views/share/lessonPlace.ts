import { create } from 'zustand';

/** A question or scene as the share panel names it. */
export interface LessonPlace {
  kind: 'question' | 'scene';
  id: number;
  /** Its title, once the lesson's content has loaded ("The comfortable average"). */
  title: string | null;
}

interface LessonPlaceState {
  /** The try-it question on screen, and the lever scene on screen (each panel shows one). */
  question: LessonPlace;
  scene: LessonPlace;
  /** Which of the two the student touched last (the share panel offers it first). */
  last: 'question' | 'scene';
  show(place: LessonPlace, touched: boolean): void;
}

/**
 * Where the student is in the lesson, for the share panel's "link to this
 * question": the lesson panels (a chunk of their own) write it, the header's
 * share panel reads it without loading the lesson.
 */
export const useLessonPlace = create<LessonPlaceState>((set) => ({
  question: { kind: 'question', id: 1, title: null },
  scene: { kind: 'scene', id: 1, title: null },
  last: 'question',
  show: (place, touched) =>
    set((s) => {
      const same = s[place.kind].id === place.id && s[place.kind].title === place.title;
      if (same && (!touched || s.last === place.kind)) return s;
      return { [place.kind]: place, last: touched ? place.kind : s.last } as Partial<LessonPlaceState>;
    }),
}));
