import { forwardRef, useCallback, useEffect, useState } from 'react';
import { choiceOrder } from '../../lesson/choiceOrder';
import { changedKeys, RUN_KEYS } from '../../lesson/applies';
import type { TryItQuestion } from '../../lesson/types';
import { getLabStore, useLabStore } from '../../store';
import { applyScenario } from './applyScenario';
import { useDock } from './dockStore';
import { Explanation } from './Explanation';
import { focusLab } from './focusLab';
import { DockAction, LessonDock } from './LessonDock';
import { METRIC_NAMES, watchValue } from './metricNames';
import { PredictionForm } from './PredictionForm';
import { useProgress } from './progressStore';
import { atLastStep, type FlowAction, type FlowState } from './tryItFlow';
import { useLiveNumbers } from './useLiveNumbers';
import { useWatchHighlight } from './watchHighlight';

const setupText = (label: string) => label.replace(/^(Set up|Switch to): /, '');

/** One question: predict (which sets the lab up), observe step by step, say "I've looked", read the explanation. */
export const QuestionView = forwardRef<HTMLHeadingElement, { question: TryItQuestion; flow: FlowState; dispatch: (a: FlowAction) => void; onNext: (() => void) | null }>(
  function QuestionView({ question, flow, dispatch, onNext }, headingRef) {
    // Only an explanation on screen follows every settings change; the rest reads them when a button is pressed.
    const settings = useLabStore((s) => (flow.phase === 'explain' ? s.settings : null));
    const { live, status } = useLiveNumbers();
    const recordPrediction = useProgress((s) => s.recordPrediction);
    const markCompleted = useProgress((s) => s.markCompleted);
    const { owner, claim, release } = useDock();
    const [lookedHere, setLookedHere] = useState(false);
    const observing = flow.phase === 'observe';
    const docked = observing && owner === 'try-it';
    useWatchHighlight(docked || flow.phase === 'explain' ? question.watch : null);
    useEffect(() => () => release('try-it'), [release]);

    const apply = (step: number) => {
      // Keep the first step's numbers for the comparison, if they are current and the lab still shows that step.
      const prev = question.steps[Math.max(0, step - 1)];
      const current = status === 'ready' && live !== null && changedKeys(getLabStore().getState().settings, prev.query, RUN_KEYS).length === 0;
      applyScenario(question.steps[step].query);
      return step > 0 && current ? live : null;
    };
    const commit = (choice: number, guess: number | null) => {
      recordPrediction(question.id, { value: choice, correct: choice === question.prediction.correctIndex, ...(guess !== null ? { guess } : {}) });
      apply(0);
      dispatch({ type: 'commit', value: choice, guess });
      claim('try-it');
      focusLab();
    };
    const nextStep = (step: number) => {
      const before = apply(step);
      dispatch({ type: 'apply', step, before });
      claim('try-it');
      focusLab();
    };
    const looked = () => {
      release('try-it');
      setLookedHere(true);
      dispatch({ type: 'looked' });
    };
    const onShown = useCallback(() => {
      if (!flow.fromLink) markCompleted(question.id);
    }, [markCompleted, question.id, flow.fromLink]);

    const stepInfo = observing ? question.steps[flow.step] : null;
    const next = observing && flow.step + 1 < question.steps.length ? flow.step + 1 : null;
    const prediction = question.prediction;
    const committedText = flow.committed === null ? null : prediction.choices[flow.committed];
    const order = choiceOrder(question.id, prediction.choices.length);

    return (
      <div className="space-y-3" data-question={question.id} data-phase={flow.phase} data-step={flow.step}>
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none" data-testid="question-heading">
          Question {question.id}: {question.title}
        </h3>
        <p>{question.question}</p>

        {flow.phase === 'predict' && <PredictionForm key={question.id} questionId={question.id} prediction={prediction} setupLabel={setupText(question.steps[0].label)} onCommit={commit} />}
        {flow.phase !== 'predict' && committedText && (
          <p className="text-sm">
            <span className="text-muted">Your prediction: </span>
            <span className="font-medium">{committedText}</span>
            {flow.guess !== null && <span className="font-medium"> (p99 guess: {flow.guess.toLocaleString('en-US')} ms)</span>}
          </p>
        )}
        {flow.fromLink && (
          <p className="text-sm text-muted" data-testid="answer-link-note">
            This link opens the question at its answer, with the lab set up. The choices were:{' '}
            {order.map((i) => prediction.choices[i]).join(' · ')}.
          </p>
        )}

        {stepInfo && (
          <div className="space-y-2 rounded-md border border-line bg-raised p-3 text-sm" data-testid="step-box">
            <p>
              <span className="font-semibold">
                Step {flow.step + 1} of {question.steps.length} ({setupText(stepInfo.label)}):
              </span>{' '}
              {stepInfo.watchHint}
            </p>
            <p className="text-muted">The lab above is set up; the readouts to watch are outlined, and the controls for this step are docked at the bottom of the window.</p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Readouts to watch">
              {question.watch.map((m) => (
                <li key={m} className="rounded border border-accent px-1.5 py-0.5 text-xs">
                  {METRIC_NAMES[m]}
                  {live && status === 'ready' ? <span className="tabular font-semibold"> {watchValue(m, live)}</span> : null}
                </li>
              ))}
            </ul>
            {!docked && (
              <button type="button" onClick={() => claim('try-it')} className="text-accent underline">
                Show the step controls again
              </button>
            )}
          </div>
        )}

        {docked && stepInfo && (
          <LessonDock label={`Question ${question.id}, step ${flow.step + 1} of ${question.steps.length}`} testId="try-it-dock">
            <p className="min-w-0 flex-1 basis-80 text-xs sm:text-sm">
              <span className="font-semibold">
                Question {question.id}, step {flow.step + 1} of {question.steps.length}:
              </span>{' '}
              {stepInfo.watchHint} <span className="hidden sm:inline">The readouts to watch are outlined.</span>
              {question.alsoSee && (
                <>
                  {' '}
                  <a href={question.alsoSee.href} className="font-medium text-accent underline">
                    {question.alsoSee.label}
                  </a>
                  .
                </>
              )}
            </p>
            {next !== null ? (
              <DockAction onClick={() => nextStep(next)} ready={status === 'ready'} testId="next-step">
                {question.steps[next].label}
              </DockAction>
            ) : (
              <DockAction onClick={looked} ready={status === 'ready'} testId="looked">
                I&apos;ve looked: explain it
              </DockAction>
            )}
          </LessonDock>
        )}

        {flow.phase === 'explain' && settings && atLastStep(flow, question) && (
          <Explanation
            question={question}
            live={live}
            status={status}
            settings={settings}
            before={flow.before}
            committed={flow.committed}
            guess={flow.guess}
            onSetUpAgain={() => applyScenario(question.steps[question.steps.length - 1].query)}
            onShown={onShown}
            takeFocus={lookedHere}
          />
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {flow.phase !== 'predict' && (
            <button type="button" onClick={() => dispatch({ type: 'select', questionId: question.id })} className="text-accent underline">
              Start this question over
            </button>
          )}
          {flow.phase === 'explain' && onNext && (
            <button type="button" onClick={onNext} className="font-semibold text-accent underline" data-testid="next-question">
              Next question
            </button>
          )}
        </div>
      </div>
    );
  },
);
