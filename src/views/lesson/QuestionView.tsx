import { useCallback } from 'react';
import { changedKeys, RUN_KEYS } from '../../lesson/applies';
import type { TryItQuestion } from '../../lesson/types';
import { useLabStore } from '../../store';
import { applyScenario } from './applyScenario';
import { Explanation } from './Explanation';
import { METRIC_NAMES, watchValue } from './metricNames';
import { PredictionForm } from './PredictionForm';
import { useProgress } from './progressStore';
import { atLastStep, type FlowAction, type FlowState } from './tryItFlow';
import { useLiveNumbers } from './useLiveNumbers';
import { useWatchHighlight } from './watchHighlight';

/** One question: predict, set up the lab step by step, watch, read the explanation. */
export function QuestionView({ question, flow, dispatch }: { question: TryItQuestion; flow: FlowState; dispatch: (a: FlowAction) => void }) {
  const settings = useLabStore((s) => s.settings);
  const { live, status } = useLiveNumbers();
  const recordPrediction = useProgress((s) => s.recordPrediction);
  const markCompleted = useProgress((s) => s.markCompleted);
  const observing = flow.phase === 'observe';
  useWatchHighlight(observing ? question.watch : null);

  const commit = (value: number) => {
    const p = question.prediction;
    recordPrediction(question.id, { value, correct: p.kind === 'choice' ? value === p.correctIndex : null });
    dispatch({ type: 'commit', value });
  };
  const apply = (step: number) => {
    // Keep the first step's numbers for the comparison, if they are current and the lab still shows that step.
    const prev = question.steps[Math.max(0, step - 1)];
    const current = status === 'ready' && live !== null && changedKeys(settings, prev.query, RUN_KEYS).length === 0;
    applyScenario(question.steps[step].query);
    dispatch({ type: 'apply', step, before: step > 0 && current ? live : null });
  };
  const onShown = useCallback(() => markCompleted(question.id), [markCompleted, question.id]);
  const stepInfo = observing ? question.steps[flow.step] : null;
  const nextStep = observing && flow.step + 1 < question.steps.length ? flow.step + 1 : null;
  const prediction = question.prediction;
  const committedText =
    flow.committed === null ? null : prediction.kind === 'choice' ? prediction.choices[flow.committed] : `${flow.committed.toLocaleString('en-US')} ${prediction.unit}`;

  return (
    <div className="space-y-3" data-question={question.id} data-phase={flow.phase} data-step={flow.step}>
      <h3 className="text-base font-semibold">
        Question {question.id}: {question.title}
      </h3>
      <p>{question.question}</p>
      {flow.fromLink && <p className="text-sm text-muted">This link opened the question with the lab already set up, so there is no prediction to make this time.</p>}

      {!observing && !flow.fromLink && <PredictionForm key={question.id} prediction={prediction} committed={flow.committed} onCommit={commit} />}
      {observing && committedText && (
        <p className="text-sm">
          <span className="text-muted">Your prediction: </span>
          <span className="font-medium">{committedText}</span>
        </p>
      )}

      {flow.phase === 'ready' && (
        <button type="button" onClick={() => apply(0)} className="rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-accent-ink" data-testid="setup">
          Set up the lab: {question.steps[0].label.replace(/^Set up: /, '')}
        </button>
      )}

      {stepInfo && (
        <div className="space-y-2 rounded-md border border-line bg-raised p-3 text-sm">
          <p>
            <span className="font-semibold">
              Step {flow.step + 1} of {question.steps.length}:
            </span>{' '}
            {stepInfo.watchHint}
          </p>
          <p className="text-muted">The readouts to watch are outlined on the page.</p>
          <ul className="flex flex-wrap gap-2" aria-label="Readouts to watch">
            {question.watch.map((m) => (
              <li key={m} className="rounded border border-accent px-2 py-0.5">
                {METRIC_NAMES[m]}
                {live && status === 'ready' ? (
                  <>
                    {' '}
                    <span className="tabular font-semibold">{watchValue(m, live)}</span>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {question.alsoSee && (
            <p>
              <a href={question.alsoSee.href} className="font-medium text-accent underline">
                {question.alsoSee.label}
              </a>
            </p>
          )}
          {nextStep !== null && (
            <button
              type="button"
              onClick={() => apply(nextStep)}
              disabled={status !== 'ready'}
              className="rounded-md bg-accent px-3 py-1.5 font-semibold text-accent-ink disabled:cursor-wait disabled:opacity-60"
              data-testid="next-step"
            >
              {question.steps[nextStep].label}
            </button>
          )}
        </div>
      )}

      {atLastStep(flow, question) && (
        <Explanation
          question={question}
          live={live}
          status={status}
          settings={settings}
          before={flow.before}
          committed={flow.committed}
          onSetUpAgain={() => apply(question.steps.length - 1)}
          onShown={onShown}
        />
      )}
      {observing && (
        <button type="button" onClick={() => dispatch({ type: 'select', questionId: question.id, committed: null })} className="text-sm text-accent underline">
          Start this question over
        </button>
      )}
    </div>
  );
}
