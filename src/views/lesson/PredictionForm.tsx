import { useId, useState, type FormEvent } from 'react';
import { choiceOrder } from '../../lesson/choiceOrder';
import type { Prediction } from '../../lesson/types';
import { parseGuess } from './tryItFlow';

interface Props {
  questionId: number;
  prediction: Prediction;
  /** The set-up the commit applies, for the button's text. */
  setupLabel: string;
  onCommit: (choice: number, guess: number | null) => void;
}

/**
 * Asks for a prediction: one of several answers, in the question's stable
 * shuffled order, and (when the question asks) a number with its unit,
 * validated as it is typed. Committing sets the lab up.
 */
export function PredictionForm({ questionId, prediction, setupLabel, onCommit }: Props) {
  const id = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const order = choiceOrder(questionId, prediction.choices.length);
  const guess = prediction.guess ? parseGuess(text, prediction.guess) : null;
  const guessOk = guess === null || guess.ok;
  const canCommit = choice !== null && guessOk;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (!canCommit) return;
    onCommit(choice, guess && guess.ok ? guess.value : null);
  }

  const showGuessError = guess !== null && !guess.ok && (tried || text.trim() !== '');
  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-p`} data-testid="prediction-form" noValidate>
      <p id={`${id}-p`} className="font-medium">
        {prediction.prompt}
      </p>
      <fieldset className="space-y-1.5">
        <legend className="sr-only">{prediction.prompt}</legend>
        {order.map((i) => (
          <label
            key={i}
            className={`flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
              choice === i ? 'border-accent bg-raised ring-2 ring-accent' : 'border-line bg-raised hover:border-accent'
            }`}
            data-choice={i}
          >
            <input type="radio" name={`${id}-choice`} checked={choice === i} onChange={() => setChoice(i)} className="mt-0.5 accent-[var(--lab-accent)]" />
            <span>{prediction.choices[i]}</span>
          </label>
        ))}
      </fieldset>
      {tried && choice === null && (
        <p className="text-sm text-bad" role="alert">
          Pick one answer first.
        </p>
      )}
      {prediction.guess && (
        <div className="space-y-1">
          <label htmlFor={`${id}-n`} className="block text-sm font-medium">
            {prediction.guess.prompt}
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={`${id}-n`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={showGuessError}
              aria-describedby={`${id}-u`}
              placeholder="e.g. 800 ms"
              className="tabular w-36 rounded-md border border-line bg-raised px-2 py-1 text-ink"
              data-testid="guess"
            />
            <span id={`${id}-u`} className={`text-sm ${showGuessError ? 'text-bad' : 'text-muted'}`} role={showGuessError ? 'alert' : undefined}>
              {showGuessError && guess && !guess.ok ? guess.message : 'in ms, or add "s" for seconds'}
            </span>
          </div>
        </div>
      )}
      <button type="submit" className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink" data-testid="commit">
        Lock in my prediction and set up the lab: {setupLabel}
      </button>
    </form>
  );
}
