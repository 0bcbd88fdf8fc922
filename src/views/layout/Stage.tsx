import { forwardRef, useMemo } from 'react';
import { usePinnedResult, useSim } from '../../workers';
import { SectionBoundary } from '../common/SectionBoundary';
import type { MainResult } from '../../workers/protocol';
import { ThroughputCard, TpotCard, TtftCard, VerdictBanner } from '../cards';
import { ClockTiles } from '../cards/ClockTiles';
import { usePhone } from '../common/useMediaQuery';
import { useCardRanges } from '../cards/useCardRanges';
import { compareRuns, pinSummary } from '../pin/compareModel';
import { PinBar, PinButton } from '../pin/PinBar';
import { TimelineSection } from './TimelineSection';

/**
 * The lab itself, in the lesson's order: the SLO verdict, the request drawn
 * as a timeline, then the three cards (on a phone, the two clocks' readouts
 * as tiles above the timeline, so they are in the first screen). It is what a student should see
 * without scrolling, and where focus goes after a try-it set-up.
 */
export const Stage = forwardRef<HTMLElement>(function Stage(_props, ref) {
  const main = useSim((s) => s.main);
  const cannotRun = useSim((s) => s.error !== null && s.error.id === s.requestedId);
  return (
    <section id="lab" ref={ref} tabIndex={-1} aria-labelledby="lab-h" className="space-y-2 outline-none" data-testid="stage">
      <h2 id="lab-h" className="sr-only">
        The lab: one request and its numbers
      </h2>
      {main ? (
        <StageResults result={main.result} />
      ) : cannotRun ? (
        <p className="rounded-lg border border-line bg-surface p-4 text-sm">No results: the settings cannot run. The message above says why and how to fix them.</p>
      ) : (
        <p className="min-h-[600px] rounded-lg border border-line bg-surface p-4 text-sm text-muted" aria-busy="true">
          Simulating the server…
        </p>
      )}
    </section>
  );
});

function StageResults({ result }: { result: MainResult }) {
  const rep = result.representative?.breakdown ?? null;
  const slo = result.scenario.slo;
  const pinned = usePinnedResult();
  // A phone's first screen ends before the cards: the two clocks go above the timeline there.
  const phone = usePhone();
  const ranges = useCardRanges();
  const compare = useMemo(
    () => (pinned ? compareRuns({ rep: pinned.representative?.breakdown ?? null, metrics: pinned.metrics }, { rep, metrics: result.metrics }) : null),
    [pinned, rep, result.metrics],
  );
  return (
    <>
      <SectionBoundary name="The SLO verdict">
        <VerdictBanner rep={rep} slo={slo} metrics={result.metrics} action={<PinButton />} />
        <PinBar summary={compare ? pinSummary(compare) : null} />
        {phone && <ClockTiles rep={rep} slo={slo} />}
      </SectionBoundary>
      <SectionBoundary name="The request timeline">
        <TimelineSection />
      </SectionBoundary>
      <SectionBoundary name="The results">
        <div className="grid gap-2 md:grid-cols-3 lg:gap-3" data-testid="cards">
          <TtftCard rep={rep} metrics={result.metrics} targetMs={slo.ttftMs} compare={compare?.ttft} readoutElsewhere={phone} range={ranges?.ttft} />
          <TpotCard rep={rep} metrics={result.metrics} targetMs={slo.tpotMs} compare={compare?.tpot} readoutElsewhere={phone} range={ranges?.tpot} />
          <ThroughputCard metrics={result.metrics} compare={compare ? { throughput: compare['system-throughput'], goodput: compare.goodput } : undefined} range={ranges?.throughput} />
        </div>
      </SectionBoundary>
    </>
  );
}
