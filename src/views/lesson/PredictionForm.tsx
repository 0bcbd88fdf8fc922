import { useId, useState, type FormEvent } from 'react';
import type { Prediction } from '../../lesson/types';

interface Props {
  prediction: Prediction;
  /** The value committed so far (it can change until the lab is set up). */
  committed: number | null;
  onCommit: (value: number) => void;
}

/** Asks for a prediction: one of several answers, or a number with its unit. */
export function PredictionForm({ prediction, committed, onCommit }: Props) {
  const id = useId();
  const [choice, setChoice] = useState<number | null>(committed);
  const [text, setText] = useState(committed === null ? '' : String(committed));
  const number = Number(text.replace(/,/g, ''));
  const numberOk = prediction.kind === 'number' && text.trim() !== '' && Number.isFinite(number) && number >= prediction.min && number <= prediction.max;
  const canCommit = prediction.kind === 'choice' ? choice !== null : numberOk;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canCommit) return;
    onCommit(prediction.kind === 'choice' ? (choice as number) : number);
  }

  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby={`${id}-p`}>
      <p id={`${id}-p`} className="font-medium">
        {prediction.prompt}
      </p>
      {prediction.kind === 'choice' ? (
        <fieldset className="space-y-1.5">
          <legend className="sr-only">{prediction.prompt}</legend>
          {prediction.choices.map((c, i) => (
            <label
              key={c}
              className={`flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
                choice === i ? 'border-accent bg-raised ring-2 ring-accent' : 'border-line bg-raised hover:border-accent'
              }`}
            >
              <input type="radio" name={`${id}-choice`} checked={choice === i} onChange={() => setChoice(i)} className="mt-0.5 accent-[var(--lab-accent)]" />
              <span>{c}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${id}-n`} className="sr-only">
            Your guess, in {prediction.unit}
          </label>
          <input
            id={`${id}-n`}
            type="text"
            inputMode="decimal"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={text.trim() !== '' && !numberOk}
            aria-describedby={`${id}-u`}
            className="tabular w-32 rounded-md border border-line bg-raised px-2 py-1 text-ink"
          />
          <span id={`${id}-u`} className="text-sm text-muted">
            {prediction.unit} (from {prediction.min.toLocaleString('en-US')} to {prediction.max.toLocaleString('en-US')})
          </span>
        </div>
      )}
      <button
        type="submit"
        disabled={!canCommit}
        className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink disabled:cursor-not-allowed disabled:opacity-60"
      >
        {committed === null ? 'Commit my prediction' : 'Change my prediction'}
      </button>
    </form>
  );
}
