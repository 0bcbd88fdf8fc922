import { forwardRef, lazy, Suspense, useEffect, useState } from 'react';
import { changedKeys, LEVER_SCENE_KEYS } from '../../lesson/applies';
import { SCENE_CHOICE_SEED, sceneChoiceOrder, type LeverScene, type SceneReading } from '../../lesson/scenes';
import { settingsFromQuery } from '../../settings/parse';
import { getLabStore, useLabStore } from '../../store';
import { useDock } from './dockStore';
import { focusLab } from './focusLab';
import { DockAction, LessonDock } from './LessonDock';
import { METRIC_NAMES } from './metricNames';
import { PredictionForm } from './PredictionForm';
import { SceneExplanation, SceneTable } from './SceneParts';
import type { SceneFlowAction, SceneFlowState } from './sceneFlow';
import { useSceneReading } from './useDiagnosis';
import { useWatchHighlight } from './watchHighlight';

// The crossover chart (and its d3 line and sweeps) is its own chunk, fetched when a scene with one reaches its explanation.
const SceneCrossoverPanel = lazy(() => import('./CrossoverChart'));

const stepName = (label: string) => label.replace(/^(Set up|Switch to): /, '');

/**
 * Puts the lab into a scene's step: full settings from its query. A step that
 * pins its predecessor does it in one change (`pinAndApply`), so the lab
 * shows baseline → now; any other step clears the pin first.
 */
export function applySceneStep(scene: LeverScene, step: number): void {
  const store = getLabStore().getState();
  const settings = settingsFromQuery(scene.steps[step].query).settings;
  if (scene.steps[step].pinPrevious) store.pinAndApply(settings);
  else {
    store.unpin();
    store.updateSettings(settings);
  }
}

interface Props {
  scene: LeverScene;
  flow: SceneFlowState;
  dispatch: (a: SceneFlowAction) => void;
}

/** One lever scene: predict (which sets the lab up), step through the pinned comparisons, say "I've looked", read the explanation. */
export const SceneView = forwardRef<HTMLHeadingElement, Props>(function SceneView({ scene, flow, dispatch }, headingRef) {
  const settings = useLabStore((s) => s.settings);
  const { reading, status } = useSceneReading();
  const { owner, claim, release } = useDock();
  const [lookedHere, setLookedHere] = useState(false);
  const observing = flow.phase === 'observe' && flow.step >= 0;
  const docked = observing && owner === 'scene' && !flow.auto;
  useWatchHighlight(docked || flow.phase === 'explain' ? scene.watch : null);
  useEffect(() => () => release('scene'), [release]);

  /** The live reading, when it is of step `i` as the scene set it up. */
  const readingOfStep = (i: number): SceneReading | null =>
    status === 'ready' && reading && i >= 0 && changedKeys(settings, scene.steps[i].query, LEVER_SCENE_KEYS).length === 0 ? reading : null;

  const goTo = (step: number) => {
    const captured = step > 0 ? readingOfStep(step - 1) : null;
    applySceneStep(scene, step);
    dispatch({ type: 'apply', step, reading: captured });
  };
  const commit = (choice: number) => {
    applySceneStep(scene, 0);
    dispatch({ type: 'commit', value: choice });
    claim('scene');
    focusLab();
  };
  const next = (step: number) => {
    goTo(step);
    claim('scene');
    focusLab();
  };
  const looked = () => {
    release('scene');
    setLookedHere(true);
    dispatch({ type: 'looked' });
  };

  // An answer link steps through by itself: each step once the one before it has been read.
  const liveOfStep = readingOfStep(flow.step);
  useEffect(() => {
    if (!flow.auto || flow.phase !== 'observe') return;
    if (flow.step < 0) goTo(0);
    else if (liveOfStep) {
      if (flow.step + 1 < scene.steps.length) goTo(flow.step + 1);
      else dispatch({ type: 'looked' });
    }
    // goTo reads the latest settings and reading; the step and its reading are what move this on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow.auto, flow.phase, flow.step, liveOfStep]);

  const last = scene.steps.length - 1;
  const stepInfo = observing ? scene.steps[flow.step] : null;
  const nextStep = observing && flow.step < last ? flow.step + 1 : null;
  const order = sceneChoiceOrder(scene);
  const committedText = flow.committed === null ? null : scene.prediction.choices[flow.committed];
  const explainReadings = (() => {
    const now = readingOfStep(last);
    const before = flow.readings.slice(0, last);
    if (!now || before.length < last || before.some((r) => r === null)) return null;
    return [...(before as SceneReading[]), now];
  })();

  return (
    <div className="space-y-3" data-scene={scene.id} data-phase={flow.phase} data-step={flow.step}>
      <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold outline-none" data-testid="scene-heading">
        Scene {scene.id}: {scene.title}
      </h3>
      <p className="text-sm text-muted">
        The complaint: <span className="font-medium text-ink">{scene.complaint}</span>
      </p>
      <p>{scene.question}</p>
      {flow.phase === 'predict' && (
        <PredictionForm key={scene.id} questionId={SCENE_CHOICE_SEED + scene.id} prediction={scene.prediction} setupLabel={stepName(scene.steps[0].label)} onCommit={(choice) => commit(choice)} />
      )}
      {flow.phase !== 'predict' && committedText && (
        <p className="text-sm">
          <span className="text-muted">Your prediction: </span>
          <span className="font-medium">{committedText}</span>
        </p>
      )}
      {flow.fromLink && (
        <p className="text-sm text-muted" data-testid="scene-answer-note">
          This link steps through the scene by itself and opens it at its answer. The choices were: {order.map((i) => scene.prediction.choices[i]).join(' · ')}.
        </p>
      )}
      {stepInfo && (
        <div className="space-y-2 rounded-md border border-line bg-raised p-3 text-sm" data-testid="scene-step-box">
          <p>
            <span className="font-semibold">
              Step {flow.step + 1} of {scene.steps.length} ({stepName(stepInfo.label)}):
            </span>{' '}
            {stepInfo.watchHint}
          </p>
          <p className="text-muted">
            Watch: {scene.watch.map((m) => METRIC_NAMES[m]).join(', ')} (outlined above).
          </p>
          {!docked && !flow.auto && (
            <button type="button" onClick={() => claim('scene')} className="text-accent underline">
              Show the step controls again
            </button>
          )}
        </div>
      )}
      {flow.phase !== 'predict' && <SceneTable scene={scene} upTo={flow.step} readings={flow.readings} live={readingOfStep(flow.step)} />}
      {docked && stepInfo && (
        <LessonDock label={`Scene ${scene.id}, step ${flow.step + 1} of ${scene.steps.length}`} testId="scene-dock">
          <p className="min-w-0 flex-1 basis-80 text-xs sm:text-sm">
            <span className="font-semibold">
              Scene {scene.id}, step {flow.step + 1} of {scene.steps.length}:
            </span>{' '}
            {stepInfo.watchHint}
          </p>
          {nextStep !== null ? (
            <DockAction onClick={() => next(nextStep)} ready={status === 'ready'} testId="scene-next">
              {scene.steps[nextStep].label}
            </DockAction>
          ) : (
            <DockAction onClick={looked} ready={status === 'ready'} testId="scene-looked">
              I&apos;ve looked: explain it
            </DockAction>
          )}
        </LessonDock>
      )}
      {flow.phase === 'explain' && (
        <SceneExplanation
          scene={scene}
          settings={settings}
          readings={explainReadings}
          ready={status === 'ready'}
          committed={flow.committed}
          onStartOver={() => dispatch({ type: 'select', sceneId: scene.id })}
          takeFocus={lookedHere}
        />
      )}
      {flow.phase === 'explain' && scene.crossover && (
        <div className="rounded-md border border-line bg-raised p-3" data-testid="scene-crossover">
          <Suspense fallback={<p className="text-sm text-muted">Loading the chart of each method…</p>}>
            <SceneCrossoverPanel spec={scene.crossover} />
          </Suspense>
        </div>
      )}
      {flow.phase !== 'predict' && (
        <button type="button" onClick={() => dispatch({ type: 'select', sceneId: scene.id })} className="text-sm text-accent underline">
          Start this scene over
        </button>
      )}
    </div>
  );
});
