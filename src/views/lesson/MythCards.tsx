import { useEffect, useState } from 'react';
import { MYTHS } from '../../lesson/myths';
import { applyScenario } from './applyScenario';
import { useDock } from './dockStore';
import { focusAndShow, focusLab } from './focusLab';
import { LessonDock } from './LessonDock';
import { METRIC_NAMES } from './metricNames';
import { useLiveNumbers } from './useLiveNumbers';
import { useWatchHighlight } from './watchHighlight';

/** The lesson's seven mental-model corrections, each with a scenario that shows the myth false. */
export function MythCards() {
  const [shown, setShown] = useState<{ id: string; second: boolean } | null>(null);
  const active = MYTHS.find((m) => m.id === shown?.id) ?? null;
  // What is on screen: the card's first scenario, or its second (`then`) once asked for.
  const step = active ? (shown?.second && active.then ? active.then : active) : null;
  const { owner, claim, release } = useDock();
  const docked = active !== null && owner === 'myth';
  useWatchHighlight(docked && step ? step.watch : null);
  useEffect(() => () => release('myth'), [release]);
  const back = () => {
    release('myth');
    // Focus goes back to the button; the card is shown from its title, below the sticky nav.
    focusAndShow(active ? document.getElementById(`myth-${active.id}-show`) : null, true, active ? document.getElementById(`myth-${active.id}-title`) : null);
  };
  const { live, status } = useLiveNumbers();
  // Evidence only from a run of the shown scenario: the live numbers must be current.
  const evidence = step && live && status === 'ready' ? step.evidence(live) : null;
  const show = (id: string, query: string, second: boolean) => {
    applyScenario(query);
    setShown({ id, second });
    claim('myth');
    focusLab();
  };
  const thenButton = (m: (typeof MYTHS)[number], testId: string) =>
    m.then && !(shown?.id === m.id && shown.second) ? (
      <button type="button" onClick={() => show(m.id, m.then!.query, true)} className="rounded-md border border-accent px-3 py-1 font-semibold text-accent" data-testid={testId}>
        {m.then.label}
      </button>
    ) : null;

  return (
    <section id="myths" aria-labelledby="myths-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="myths">
      <header className="space-y-1">
        <h2 id="myths-h" className="text-lg font-semibold">
          Seven things people get wrong
        </h2>
        <p className="text-sm text-muted">Each card names a common belief. &ldquo;Show me&rdquo; sets the lab to a scenario in which its own numbers contradict it.</p>
      </header>
      <ul className="grid gap-3 md:grid-cols-2">
        {MYTHS.map((m) => {
          const isShown = m.id === shown?.id;
          const mStep = isShown && step ? step : m;
          return (
            <li key={m.id} className={`flex flex-col gap-2 rounded-md border bg-raised p-3 text-sm ${isShown ? 'border-accent ring-2 ring-accent' : 'border-line'}`} data-myth={m.id}>
              <h3 id={`myth-${m.id}-title`} className="font-semibold">
                <span className="text-muted">Myth: </span>&ldquo;{m.myth}&rdquo;
              </h3>
              <p>{m.correction}</p>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  id={`myth-${m.id}-show`}
                  onClick={() => show(m.id, m.query, false)}
                  aria-label={`Show me: ${m.myth}`}
                  aria-describedby={`myth-${m.id}-look`}
                  className="rounded-md bg-accent px-3 py-1 font-semibold text-accent-ink"
                >
                  Show me
                </button>
                {isShown && thenButton(m, `myth-${m.id}-then`)}
              </div>
              <p id={`myth-${m.id}-look`} className={isShown ? '' : 'text-muted'}>
                <span className="font-semibold">Look at: </span>
                {mStep.watch.map((w) => METRIC_NAMES[w]).join(', ')}. {isShown ? mStep.lookAt : null}
              </p>
              {isShown && (
                <p className="rounded border-l-4 border-accent bg-surface p-2" data-testid="myth-evidence">
                  {evidence ?? 'Simulating the scenario…'}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {docked && active && (
        <LessonDock label={`Myth: ${active.myth}`} testId="myth-dock">
          <p className="min-w-0 flex-1 basis-80">
            <span className="font-semibold">Myth: &ldquo;{active.myth}&rdquo; </span>
            {evidence ?? 'Simulating the scenario…'}
          </p>
          {thenButton(active, 'myth-dock-then')}
          <button type="button" onClick={back} className="rounded-md bg-accent px-3 py-1.5 font-semibold text-accent-ink" data-testid="myth-back">
            Back to the myth
          </button>
        </LessonDock>
      )}
      <p aria-live="polite" className="sr-only">
        {active ? `The lab now shows the scenario for "${active.myth}". ${evidence ?? ''}` : ''}
      </p>
    </section>
  );
}
