import { useEffect, useState } from 'react';
import { QUESTIONS, questionById } from '../../lesson/questions';
import { applyScenario } from './applyScenario';
import { questionParam } from './tryItFlow';

/** The question the page's link opens (`?question=N`), or null. */
export function linkedQuestionId(): number | null {
  return questionParam(typeof window === 'undefined' ? '' : window.location.search, QUESTIONS.length).id;
}

/**
 * `?question=N` opens question N at its prediction step (the lab untouched,
 * nothing revealed); `&answer=1` is the instructor's link to the answer: the
 * lab is set up for the question's last step and the explanation is shown.
 * Returns the question the link opened (the panel brings it into view once
 * it shows it) and a notice when the link names no question; the page works
 * on either way.
 */
export function useQuestionDeepLink(onOpen: (questionId: number, answer: boolean) => void): { linkedId: number | null; notice: string | null } {
  const [parsed] = useState(() => questionParam(typeof window === 'undefined' ? '' : window.location.search, QUESTIONS.length));
  useEffect(() => {
    if (parsed.id === null) return;
    const question = questionById(parsed.id);
    if (!question) return;
    if (parsed.answer) applyScenario(question.steps[question.steps.length - 1].query);
    onOpen(parsed.id, parsed.answer);
    // Only the opening link counts; later renders never re-apply it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed]);
  return parsed.id === null ? { linkedId: null, notice: parsed.notice } : { linkedId: parsed.id, notice: null };
}
