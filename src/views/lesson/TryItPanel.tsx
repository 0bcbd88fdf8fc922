import { useEffect, useReducer, useRef } from 'react';
import { QUESTIONS, questionById } from '../../lesson/questions';
import { useSim } from '../../workers';
import { focusAndShow } from './focusLab';
import { useProgress } from './progressStore';
import { ProgressNotice } from './ProgressNotice';
import { QuestionView } from './QuestionView';
import { flowReducer, initialFlow } from './tryItFlow';
import { linkedQuestionId, useQuestionDeepLink } from './useQuestionDeepLink';
import { useReportPlace } from '../share/useReportPlace';

/** The five "Try it yourself" questions, one at a time, with progress. */
export function TryItPanel() {
  const predictions = useProgress((s) => s.progress.predictions);
  const completed = useProgress((s) => s.progress.completed);
  const quiz = useProgress((s) => s.progress.quiz);
  const resetProgress = useProgress((s) => s.reset);
  // A `?question=N` link renders question N from the first frame (never question 1 first).
  const [flow, dispatch] = useReducer(flowReducer, null, () => initialFlow(linkedQuestionId() ?? 1));
  const heading = useRef<HTMLHeadingElement>(null);
  const { linkedId, notice: linkNotice } = useQuestionDeepLink((id, answer) => {
    const q = questionById(id);
    if (answer && q) dispatch({ type: 'answer', questionId: id, lastStep: q.steps.length - 1 });
  });
  // A linked question comes into view once it is the one shown and the lab above it has its numbers (so nothing shifts after).
  const hasResults = useSim((s) => s.main !== null);
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || linkedId === null || flow.questionId !== linkedId || !hasResults) return;
    revealed.current = true;
    requestAnimationFrame(() => focusAndShow(heading.current, false));
  }, [linkedId, flow.questionId, hasResults]);
  const question = questionById(flow.questionId) ?? QUESTIONS[0];
  useReportPlace('question', question.id, question.title, flow.phase, linkedId !== null);
  const select = (id: number) => dispatch({ type: 'select', questionId: id });
  const nextId = question.id < QUESTIONS.length ? question.id + 1 : null;

  return (
    <section id="try-it" aria-labelledby="try-it-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="try-it">
      <header className="space-y-1">
        <h2 id="try-it-h" className="text-lg font-semibold">
          Try it yourself
        </h2>
        <p className="text-sm text-muted">
          The lesson&apos;s five questions. Commit to a prediction first: that sets the lab up. Look at what it shows, then read the explanation, written from those numbers.
        </p>
      </header>
      <ProgressNotice />
      {linkNotice && (
        <p role="status" className="rounded-md border-l-4 border-warn-line bg-warn-bg p-2 text-sm" data-testid="question-link-notice">
          {linkNotice}
        </p>
      )}
      <nav aria-label="Questions">
        <ol className="flex flex-wrap gap-1.5">
          {QUESTIONS.map((q) => {
            const current = q.id === question.id;
            const done = completed.includes(q.id);
            return (
              <li key={q.id}>
                <button
                  type="button"
                  onClick={() => select(q.id)}
                  aria-current={current ? 'step' : undefined}
                  aria-label={`Question ${q.id}: ${q.title}${done ? ' (done)' : ''}`}
                  className={`rounded-md border px-3 py-1 text-sm font-medium ${current ? 'border-accent bg-accent text-accent-ink' : 'border-line bg-raised text-ink hover:border-accent'}`}
                >
                  {q.id}
                  {done ? ' ✓' : ''}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted" data-testid="progress-summary">
        <span>
          Done: {completed.length} of {QUESTIONS.length} questions
          {quiz ? `; quiz ${quiz.correct} of ${quiz.total}` : ''}.
        </span>
        {(completed.length > 0 || quiz || Object.keys(predictions).length > 0) && (
          <button type="button" onClick={resetProgress} className="text-accent underline">
            Forget my progress
          </button>
        )}
      </p>
      <QuestionView
        key={`${question.id}`}
        ref={heading}
        question={question}
        flow={flow}
        dispatch={dispatch}
        onNext={
          nextId === null
            ? null
            : () => {
                select(nextId);
                requestAnimationFrame(() => focusAndShow(heading.current));
              }
        }
      />
    </section>
  );
}
