import { useEffect, useState } from 'react';
import { QUESTIONS, questionById } from '../../lesson/questions';
import { useSim } from '../../workers';
import { applyScenario } from './applyScenario';
import { questionParam } from './tryItFlow';

/**
 * `?question=N` opens question N at its prediction step (the lab untouched,
 * nothing revealed) and brings it into view once the lab above it has its
 * numbers (so nothing shifts after the scroll). `&answer=1` is the
 * instructor's link to the answer: the lab is set up for the question's last
 * step and the explanation is shown. Returns a notice when the link names no
 * question; the page works on either way.
 */
export function useQuestionDeepLink(onOpen: (questionId: number, answer: boolean) => void, reveal: () => void): string | null {
  const [parsed] = useState(() => questionParam(typeof window === 'undefined' ? '' : window.location.search, QUESTIONS.length));
  const hasResults = useSim((s) => s.main !== null);
  useEffect(() => {
    if (parsed.id === null) return;
    const question = questionById(parsed.id);
    if (!question) return;
    if (parsed.answer) applyScenario(question.steps[question.steps.length - 1].query);
    onOpen(parsed.id, parsed.answer);
    // Only the opening link counts; later renders never re-apply it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parsed]);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (parsed.id === null || revealed || !hasResults) return;
    setRevealed(true);
    requestAnimationFrame(() => reveal());
  }, [parsed, revealed, hasResults, reveal]);
  return parsed.id === null ? parsed.notice : null;
}
