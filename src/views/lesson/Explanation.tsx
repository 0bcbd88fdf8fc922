import { useEffect } from 'react';
import type { LiveNumbers, TryItQuestion } from '../../lesson/types';
import type { Settings } from '../../settings/schema';
import { ExplanationBox, OneLine } from './ExplanationBox';
import type { LiveStatus } from './useLiveNumbers';
import { predictionFeedback } from './tryItFlow';

interface Props {
  question: TryItQuestion;
  live: LiveNumbers | null;
  status: LiveStatus;
  settings: Settings;
  before: LiveNumbers | null;
  committed: number | null;
  guess: number | null;
  onSetUpAgain: () => void;
  /** Called once the explanation has been shown for the current settings. */
  onShown: () => void;
  /** Move focus here when it first appears (after "I've looked"). */
  takeFocus: boolean;
}

/**
 * The explanation of the last step, written from the numbers on screen. It
 * is a polite live region: a screen reader hears it when it appears or when
 * a settings change makes it stop applying.
 */
export function Explanation({ question, live, status, settings, before, committed, guess, onSetUpAgain, onShown, takeFocus }: Props) {
  const applies = question.applies(settings);
  const showable = status === 'ready' && live !== null && applies.ok;
  useEffect(() => {
    if (showable) onShown();
  }, [showable, onShown]);

  let body;
  if (!applies.ok) {
    body = (
      <div className="space-y-2" data-testid="explanation-stale">
        <p>{applies.message}</p>
        <button type="button" onClick={onSetUpAgain} className="rounded-md border border-accent px-3 py-1 text-sm font-semibold text-accent hover:bg-raised">
          Set up the lab again
        </button>
      </div>
    );
  } else if (status === 'error') {
    body = <p>The lab cannot run these settings, so there are no numbers to explain.</p>;
  } else if (status === 'running' || !live) {
    body = <p className="text-muted">The lab is simulating; the explanation follows as soon as the numbers are in.</p>;
  } else {
    const feedback = committed === null ? null : predictionFeedback(question.prediction, committed, guess, live);
    body = (
      <div className="space-y-2">
        {feedback && (
          <p className={`font-medium ${feedback.correct ? 'text-good' : 'text-bad'}`} data-testid="prediction-feedback">
            {feedback.text}
            {feedback.guessText ? ` ${feedback.guessText}` : ''}
          </p>
        )}
        <p data-testid="explanation" data-cause={question.cause(live, before ?? undefined)}>
          {question.explain(live, before ?? undefined)}
        </p>
        <OneLine answer={question.answer} />
      </div>
    );
  }
  return (
    <ExplanationBox testId="explanation-box" takeFocus={takeFocus}>
      {body}
    </ExplanationBox>
  );
}
