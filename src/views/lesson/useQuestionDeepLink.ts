import { useEffect, useState } from 'react';
import { QUESTIONS, questionById } from '../../lesson/questions';
import { applyScenario } from './applyScenario';
import { questionParam } from './tryItFlow';

/**
 * `?question=N`: on first render, sets the lab up for question N (its first
 * step) and calls `onOpen(N)` so the panel shows it. Returns a notice when
 * the parameter names no question; the page works on either way.
 */
export function useQuestionDeepLink(onOpen: (questionId: number) => void): string | null {
  const [parsed] = useState(() => questionParam(typeof window === 'undefined' ? '' : window.location.search, QUESTIONS.length));
  useEffect(() => {
    if (parsed.id === null) return;
    const question = questionById(parsed.id);
    if (!question) return;
    applyScenario(question.steps[0].query);
    onOpen(parsed.id);
    // Only the opening link counts; later renders never re-apply it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed]);
  return parsed.id === null ? parsed.notice : null;
}
