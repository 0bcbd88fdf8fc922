import { useId, useState } from 'react';
import { DEFINITION_ORDER, QUIZ_PAIRS, scoreQuiz } from '../../lesson/quiz';
import { useProgress } from './progressStore';

const definitionOf = (id: string) => QUIZ_PAIRS.find((p) => p.id === id)?.definition ?? '';

/**
 * The matching quiz: one select per term (keyboard and screen-reader
 * friendly, unlike drag and drop). "Check" marks each match and saves the score.
 */
export function Quiz() {
  const id = useId();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState(false);
  const lastScore = useProgress((s) => s.progress.quiz);
  const recordQuiz = useProgress((s) => s.recordQuiz);
  const score = scoreQuiz(answers);
  const allAnswered = QUIZ_PAIRS.every((p) => answers[p.id]);

  return (
    <section id="quiz" aria-labelledby={`${id}-h`} className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="quiz">
      <header className="space-y-1">
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          Match the terms
        </h2>
        <p className="text-sm text-muted">Pick the definition that fits each term, then check your answers.</p>
      </header>
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          setChecked(true);
          recordQuiz(score);
        }}
      >
        <ol className="space-y-3">
          {QUIZ_PAIRS.map((p) => {
            const chosen = answers[p.id] ?? '';
            const right = chosen === p.id;
            return (
              <li key={p.id} className="space-y-1" data-term={p.id}>
                <label htmlFor={`${id}-${p.id}`} className="block text-sm font-semibold">
                  {p.term}
                </label>
                <select
                  id={`${id}-${p.id}`}
                  value={chosen}
                  onChange={(e) => {
                    setAnswers({ ...answers, [p.id]: e.target.value });
                    setChecked(false);
                  }}
                  aria-describedby={checked ? `${id}-${p.id}-r` : undefined}
                  className="w-full max-w-full rounded-md border border-line bg-raised px-2 py-1.5 text-sm text-ink"
                >
                  <option value="">Choose a definition…</option>
                  {DEFINITION_ORDER.map((d) => (
                    <option key={d} value={d}>
                      {definitionOf(d)}
                    </option>
                  ))}
                </select>
                {checked && (
                  <p id={`${id}-${p.id}-r`} className={`text-sm ${right ? 'text-good' : 'text-bad'}`}>
                    {right ? '✓ Right.' : `✗ Not quite. It is: ${p.definition}.`}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={!allAnswered} className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink disabled:cursor-not-allowed disabled:opacity-60">
            Check my answers
          </button>
          {!allAnswered && <span className="text-sm text-muted">Match every term to check.</span>}
        </div>
      </form>
      <p aria-live="polite" className="text-sm font-medium" data-testid="quiz-score">
        {checked ? `You matched ${score.correct} of ${score.total}.` : lastScore ? `Last time you matched ${lastScore.correct} of ${lastScore.total}.` : ''}
      </p>
    </section>
  );
}
