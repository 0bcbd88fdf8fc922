import { useEffect, useRef } from 'react';
import { useLessonPlace } from './lessonPlace';

/**
 * Tells the share panel which question (or scene) a lesson panel shows. The
 * first report of the page's default counts as not touched, so the panel
 * offers whatever the student (or the link) actually opened.
 */
export function useReportPlace(kind: 'question' | 'scene', id: number, title: string, phase: string, fromLink: boolean): void {
  const first = useRef(true);
  useEffect(() => {
    useLessonPlace.getState().show({ kind, id, title }, !first.current || fromLink);
    first.current = false;
  }, [kind, id, title, phase, fromLink]);
}
