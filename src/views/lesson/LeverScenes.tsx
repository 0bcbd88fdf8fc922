import { useEffect, useReducer, useRef, useState } from 'react';
import { LEVER_SCENES, sceneById } from '../../lesson/scenes';
import { useSim } from '../../workers';
import { focusAndShow } from './focusLab';
import { initialSceneFlow, sceneFlowReducer, sceneParam } from './sceneFlow';
import { SceneView } from './SceneView';
import { useReportPlace } from '../share/useReportPlace';

/**
 * The lever scenes: three complaints, each answered by pulling one lever on
 * a live run with the run before it pinned, after a prediction. `?scene=N`
 * opens scene N at its prediction, scrolled into view, with the lab
 * untouched; `&answer=1` steps through it and opens its explanation.
 */
export function LeverScenes() {
  const [link] = useState(() => sceneParam(typeof window === 'undefined' ? '' : window.location.search, LEVER_SCENES.length));
  const [flow, dispatch] = useReducer(sceneFlowReducer, link.id ?? 1, initialSceneFlow);
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const notice = 'notice' in link ? link.notice : null;
  useEffect(() => {
    if (link.id !== null && link.answer) dispatch({ type: 'answer', sceneId: link.id });
  }, [link]);
  // A linked scene (or the notice of a bad scene link) comes into view once the lab above it has its numbers (so nothing shifts after).
  const hasResults = useSim((s) => s.main !== null);
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || (link.id === null && notice === null) || !hasResults) return;
    revealed.current = true;
    requestAnimationFrame(() => focusAndShow(link.id === null ? noticeRef.current : heading.current, false));
  }, [link, notice, hasResults]);
  const scene = sceneById(flow.sceneId) ?? LEVER_SCENES[0];
  useReportPlace('scene', scene.id, scene.title, flow.phase, link.id !== null);

  return (
    <section id="scenes" aria-labelledby="scenes-h" className="space-y-3 rounded-lg border border-line bg-surface p-4" data-testid="lever-scenes">
      <header className="space-y-1">
        <h2 id="scenes-h" className="text-lg font-semibold">
          Pull a lever
        </h2>
        <p className="text-sm text-muted">
          Three complaints, three levers. Predict first: that sets the lab up. Each switch pins the run before it as the baseline, so the lab shows before and after; the table below keeps every step&apos;s numbers, and the explanation is written
          from them.
        </p>
      </header>
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="status" className="rounded-md border-l-4 border-warn-line bg-warn-bg p-2 text-sm outline-none" data-testid="scene-link-notice">
          {notice}
        </p>
      )}
      <nav aria-label="Lever scenes">
        <ol className="flex flex-wrap gap-1.5">
          {LEVER_SCENES.map((s) => {
            const current = s.id === scene.id;
            return (
              <li key={s.id}>
                <button
                  type="button"
                  onClick={() => dispatch({ type: 'select', sceneId: s.id })}
                  aria-current={current ? 'step' : undefined}
                  className={`rounded-md border px-3 py-1 text-sm font-medium ${current ? 'border-accent bg-accent text-accent-ink' : 'border-line bg-raised text-ink hover:border-accent'}`}
                >
                  {s.id}. {s.title}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <SceneView key={scene.id} ref={heading} scene={scene} flow={flow} dispatch={dispatch} />
    </section>
  );
}
