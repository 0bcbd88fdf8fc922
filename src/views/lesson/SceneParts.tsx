import type { LeverScene, SceneReading } from '../../lesson/scenes';
import type { Settings } from '../../settings/schema';
import { ExplanationBox, OneLine } from './ExplanationBox';
import { predictionFeedback } from './tryItFlow';

const stepName = (label: string) => label.replace(/^(Set up|Switch to): /, '');

/**
 * The readings of every step seen so far, a column per step and a row per
 * number (the earlier steps' as they were read, the current one's live), so
 * each row reads as a before → after and the table fits a phone without
 * scrolling sideways for the scenes' three or four steps.
 */
export function SceneTable({ scene, upTo, readings, live }: { scene: LeverScene; upTo: number; readings: readonly (SceneReading | null)[]; live: SceneReading | null }) {
  if (upTo < 0) return null;
  const steps = scene.steps.slice(0, upTo + 1).map((s, i) => ({ label: stepName(s.label), reading: i < upTo ? readings[i] ?? null : live, now: i === upTo }));
  const missing = (now: boolean) => (now ? 'simulating…' : 'not read');
  return (
    // Kept as a focusable, named region that scrolls, in case a long value does not fit: the keyboard can scroll it too.
    <div className="overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-focus" tabIndex={0} role="region" aria-label="What each step showed">
      <table className="w-full text-xs" data-testid="scene-table">
        <caption className="mb-1 text-left text-sm font-semibold">
          What each step showed
          {/* On a phone the columns are headed by number only; the steps are named here. */}
          <ol className="mt-0.5 text-xs font-normal text-muted sm:hidden">
            {steps.map((s, i) => (
              <li key={i}>
                Step {i + 1}: {s.label}
                {s.now ? ' (now)' : ''}
              </li>
            ))}
          </ol>
        </caption>
        <thead className="text-muted">
          <tr>
            <td />
            {steps.map((s, i) => (
              <th key={i} scope="col" className={`px-1 pb-1 text-right align-bottom font-medium ${s.now ? 'text-ink' : ''}`} data-step-col={i}>
                <span className="sm:hidden">
                  Step {i + 1}
                  {s.now ? ' (now)' : ''}
                </span>
                <span className="hidden sm:inline">
                  {i + 1}. {s.label}
                  {s.now ? ' (now)' : ''}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scene.columns.map((c) => (
            <tr key={c.label} className="border-t border-line" data-row={c.label}>
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {c.label}
              </th>
              {steps.map((s, i) => (
                <td key={i} className={`tabular px-1 text-right ${s.now ? 'font-semibold' : ''} ${s.reading ? 'sm:whitespace-nowrap' : 'text-muted'}`}>
                  {s.reading ? c.value(s.reading) : missing(s.now)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {steps.some((s) => !s.now && !s.reading) && <p className="mt-1 text-xs text-muted">Not read: the lab was not showing that step when you moved on.</p>}
    </div>
  );
}

interface ExplanationProps {
  scene: LeverScene;
  settings: Settings;
  /** Every step's reading, the last one live; null when one is missing. */
  readings: readonly SceneReading[] | null;
  ready: boolean;
  committed: number | null;
  onStartOver: () => void;
  takeFocus: boolean;
}

/** The scene's explanation, written from the readings of all its steps; a polite live region. */
export function SceneExplanation({ scene, settings, readings, ready, committed, onStartOver, takeFocus }: ExplanationProps) {
  const applies = scene.applies(settings);
  let body;
  if (!applies.ok) {
    body = (
      <div className="space-y-2" data-testid="scene-explanation-stale">
        <p>{applies.message.replace('Set up the lab again to bring it back.', 'Start the scene over to bring it back.')}</p>
        <button type="button" onClick={onStartOver} className="rounded-md border border-accent px-3 py-1 text-sm font-semibold text-accent hover:bg-surface">
          Start the scene over
        </button>
      </div>
    );
  } else if (!ready) {
    body = <p className="text-muted">The lab is simulating; the explanation follows as soon as the numbers are in.</p>;
  } else if (!readings) {
    body = (
      <div className="space-y-2">
        <p>The numbers of an earlier step were not read (the lab was still simulating it, or the settings changed in between), so there is nothing to compare them with.</p>
        <button type="button" onClick={onStartOver} className="rounded-md border border-accent px-3 py-1 text-sm font-semibold text-accent hover:bg-surface">
          Start the scene over
        </button>
      </div>
    );
  } else {
    const feedback = committed === null ? null : predictionFeedback(scene.prediction, committed, null, null);
    body = (
      <div className="space-y-2">
        {feedback && (
          <p className={`font-medium ${feedback.correct ? 'text-good' : 'text-bad'}`} data-testid="scene-feedback">
            {feedback.text}
          </p>
        )}
        <div className="space-y-2" data-testid="scene-explanation" data-cause={scene.cause(readings)}>
          {scene.explain(readings).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <OneLine answer={scene.answer} />
      </div>
    );
  }
  return (
    <ExplanationBox testId="scene-explanation-box" takeFocus={takeFocus}>
      {body}
    </ExplanationBox>
  );
}
