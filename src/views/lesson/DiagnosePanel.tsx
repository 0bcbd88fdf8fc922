import { useEffect, useRef, useState } from 'react';
import { basis, CLOCK_FEEL, CLOCK_NAMES, diagnosisText, type Clock, type Diagnosis, type LeverOffer } from '../../lesson/diagnosis';
import type { MetricId } from '../../lesson/types';
import { settingsToQuery } from '../../settings/parse';
import { patchSettings } from '../../settings/patch';
import { getLabStore, useLabStore } from '../../store';
import { ClockParts } from './ClockParts';
import { useDock } from './dockStore';
import { focusAndShow, focusLab } from './focusLab';
import { LessonDock } from './LessonDock';
import { LeverChangeBox, useLeverChange, type TriedLever } from './LeverChange';
import { useDiagnosis } from './useDiagnosis';
import { useWatchHighlight } from './watchHighlight';

/** The readouts to look at after a lever on each clock, and on the part it blames. */
const WATCH: Record<Clock, readonly MetricId[]> = {
  ttft: ['ttft', 'ttft-queue', 'ttft-prefill', 'ttft-network', 'ttft-p50', 'verdict'],
  tpot: ['tpot', 'tpot-p50', 'tpot-p95', 'verdict'],
};

const STATE_STYLE: Record<Diagnosis['state'], string> = {
  miss: 'border-bad bg-bad-bg',
  tail: 'border-warn-line bg-warn-bg',
  met: 'border-good bg-good-bg',
  'no-targets': 'border-line bg-raised',
  'no-result': 'border-line bg-raised',
};

/**
 * "Which clock is broken": the run on screen against its SLO, the part to
 * blame, and the levers that move that clock. Each lever's "Try it" pins the
 * run as the baseline and applies the lever in one step, takes the student
 * to the lab, and says (in the dock and here) what changed, computed from
 * the baseline's diagnosis and the new one.
 */
export function DiagnosePanel() {
  const { diagnosis, settings, status } = useDiagnosis();
  const current = useLabStore((s) => s.settings);
  const pinned = useLabStore((s) => s.pinned);
  const [tried, setTried] = useState<TriedLever | null>(null);
  const { owner, claim, release } = useDock();
  const docked = tried !== null && owner === 'diagnose';
  useWatchHighlight(docked ? WATCH[tried.lever.clock] : null);
  useEffect(() => () => release('diagnose'), [release]);
  const change = useLeverChange(tried, diagnosis, current, status);
  const changeHeading = useRef<HTMLHeadingElement>(null);

  const tryLever = (lever: LeverOffer) => {
    if (!diagnosis || !settings || status !== 'ready') return;
    setTried({ lever, before: diagnosis, expectedQuery: settingsToQuery(patchSettings(settings, lever.patch)) });
    getLabStore().getState().pinAndApply(lever.patch);
    claim('diagnose');
    focusLab();
  };
  const back = () => {
    release('diagnose');
    focusAndShow(changeHeading.current);
  };

  const text = diagnosis ? diagnosisText(diagnosis) : null;
  const target = diagnosis?.broken ?? diagnosis?.tightest ?? null;
  const stale = status !== 'ready';
  const badge = diagnosis?.state === 'met' ? 'largest part' : 'the cause';

  return (
    <section
      id="diagnose"
      aria-labelledby="diagnose-h"
      className="space-y-3 rounded-lg border border-line bg-surface p-4"
      data-testid="diagnose"
      data-state={diagnosis?.state}
      data-broken={diagnosis?.broken ?? undefined}
      data-cause={diagnosis?.cause ?? undefined}
    >
      <header className="space-y-1">
        <h2 id="diagnose-h" className="text-lg font-semibold">
          Which clock is broken?
        </h2>
        <p className="text-sm text-muted">
          A user who says {CLOCK_FEEL.ttft} is talking about TTFT; one who says {CLOCK_FEEL.tpot} is talking about TPOT. They have different causes and different fixes. This panel reads the run above against its targets, names the part to
          blame, and offers the levers that move that clock. &ldquo;Try it&rdquo; pins this run as the baseline and applies the lever, so you see before and after.
        </p>
      </header>
      {/* What the last lever changed comes first: the diagnosis below it is already of the run with the lever. */}
      {tried && <LeverChangeBox ref={changeHeading} tried={tried} change={change} pinned={pinned !== null} onUnpin={() => getLabStore().getState().unpin()} />}
      {status === 'error' || !diagnosis || !text ? (
        <p className="text-sm text-muted" data-testid="diagnosis-none">
          {status === 'error' ? 'The lab cannot run these settings, so there is nothing to diagnose.' : 'Simulating the server…'}
        </p>
      ) : (
        // While new settings run, the last diagnosis stays at full contrast, said to be the run before them (dimming it would fail contrast).
        <div className="space-y-3" aria-busy={stale}>
          {stale && (
            <p className="text-sm text-muted" data-testid="diagnosis-stale">
              Simulating the new settings; until then this is the diagnosis of the run before them.
            </p>
          )}
          <div className={`rounded-md border-l-4 p-3 ${STATE_STYLE[diagnosis.state]}`}>
            <p className="font-semibold" data-testid="diagnosis-headline">
              {text.headline}
            </p>
            <p className="mt-1 text-xs text-muted">{basis()}</p>
          </div>
          {diagnosis.state !== 'no-result' && (
            <div className="grid gap-2 sm:grid-cols-2">
              <ClockParts reading={diagnosis.ttft} blamed={target === 'ttft' ? diagnosis.cause : null} broken={diagnosis.broken === 'ttft'} badge={badge} />
              {diagnosis.tpot && <ClockParts reading={diagnosis.tpot} blamed={target === 'tpot' ? diagnosis.cause : null} broken={diagnosis.broken === 'tpot'} badge={badge} />}
            </div>
          )}
          {text.body.length > 0 && (
            <div className="space-y-1 text-sm" data-testid="diagnosis-body">
              {text.body.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
          {diagnosis.levers.length > 0 && target && (
            <div className="space-y-2">
              <h3 className="text-base font-semibold">
                {diagnosis.state === 'met' ? `Levers that would give ${CLOCK_NAMES[target]} more room` : `Levers that move ${CLOCK_NAMES[target]}`}
              </h3>
              <ul className="grid gap-2 md:grid-cols-2 xl:grid-cols-3" data-testid="levers">
                {diagnosis.levers.map((lever) => (
                  <li key={lever.id} className="flex flex-col gap-1.5 rounded-md border border-line bg-raised p-3 text-sm" data-lever={lever.id}>
                    <p className="font-semibold">{lever.label}</p>
                    <p>{lever.how}</p>
                    <p className="text-muted">{lever.tradeoff}</p>
                    <div className="mt-auto pt-1">
                      <button
                        type="button"
                        onClick={() => tryLever(lever)}
                        disabled={stale}
                        aria-label={`Try it: ${lever.label}`}
                        className="rounded-md bg-accent px-3 py-1 font-semibold text-accent-ink disabled:cursor-wait disabled:opacity-60"
                        data-testid="try-lever"
                      >
                        Try it
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {docked && tried && (
        <LessonDock label={`Lever tried: ${tried.lever.label}`} testId="diagnose-dock">
          <p className="min-w-0 flex-1 basis-80" data-testid="diagnose-dock-text">
            <span className="font-semibold">Tried: {tried.lever.label}. </span>
            {change.kind === 'ready' ? change.change.sentences.slice(0, 2).join(' ') : change.kind === 'none' ? '' : change.message}
          </p>
          <button type="button" onClick={back} className="rounded-md bg-accent px-3 py-1.5 font-semibold text-accent-ink" data-testid="diagnose-back">
            Back to the diagnosis
          </button>
        </LessonDock>
      )}
    </section>
  );
}
